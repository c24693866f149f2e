// /admin/payouts: the monthly payout batches. Prepare a closed month, read a batch's lines in the detail panel (opened
// by the row, or from the keyboard by the month's button), download its 全銀 総合振込 file, and mark it paid (after a
// confirmation: it writes the payouts and mails the payees).
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { busyControl, Modal } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import { formatYen } from '#src/lib/isomorphic/money';
import type { PayoutBatchDetailJson, PayoutBatchJson, PayoutBatchListJson, PayoutItemJson } from '#src/modules/earnings/payouts.schemas';
import { AdminPagination, pageFromSearch } from './AdminPagination';
import { CardTable, openColumn } from './CardTable';
import { DetailPanel, ListWithDetail } from './DetailPanel';
import { LoadError } from './ListStatus';
import { ActionNotice, useAction } from './useAction';
import { firstMessage, useLoad } from './useLoad';

const t = ja.adminPages.payouts;
const a = ja.adminPages;
const m = ja.money;

/** Last month (Japan time), the month usually prepared. */
function lastMonth(): string {
  const now = new Date(Date.now() + 9 * 3600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return first.toISOString().slice(0, 7);
}

function Detail({ id, onClose }: { id: number; onClose: () => void }) {
  const load = useLoad<PayoutBatchDetailJson>(`/api/v1/admin/payouts/${id}`);
  const detail = load.state === 'ok' ? load.data : null;
  return (
    <DetailPanel
      titleId="payout-detail-title"
      title={detail ? t.detailTitle(detail.batch.month) : t.detail}
      testId="payout-detail"
      load={load}
      onClose={onClose}
    >
      {detail && (
        <CardTable<PayoutItemJson>
          testId="payout-items"
          rowKey={(row) => row.payee_id}
          columns={[
            {
              label: m.itemColumns.payee,
              cellClass: 'admin-table__wide',
              cell: (row) => (
                <span className="admin-stack">
                  <span>{row.payee_name}</span>
                  {row.account && <span className="muted">{row.account}</span>}
                </span>
              ),
            },
            {
              label: m.itemColumns.balance,
              cellClass: 'admin-table__num',
              cell: (row) => (
                <span className="admin-stack">
                  <span>{formatYen(row.balance)}</span>
                  {row.carried_in !== 0 && <span className="muted">{t.carriedIn(formatYen(row.carried_in))}</span>}
                </span>
              ),
            },
            {
              label: m.itemColumns.transfer,
              cellClass: 'admin-table__num',
              cell: (row) => (
                <span className="admin-stack">
                  <span>{formatYen(row.transfer_amount)}</span>
                  <span className="muted">{m.itemStatus[row.status]}</span>
                </span>
              ),
            },
          ]}
          rows={detail.items}
        />
      )}
    </DetailPanel>
  );
}

export function Payouts() {
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  const load = useLoad<PayoutBatchListJson>(`/api/v1/admin/payouts?page=${page}`);
  const rows = load.state === 'ok' ? load.data.batches : [];
  const [month, setMonth] = useState(lastMonth);
  const [selected, setSelected] = useState<number | null>(null);
  const [paying, setPaying] = useState<PayoutBatchJson | null>(null);
  const action = useAction(t.failed);

  const prepare = () =>
    action.run(async () => {
      const result = await api<PayoutBatchDetailJson>('/api/v1/admin/payouts', { method: 'POST', body: { month } });
      setSelected(result.batch.id);
      load.reload();
      return (result.created ? t.prepared : t.alreadyPrepared)(result.batch.month);
    });

  async function markPaid() {
    if (!paying) return;
    await action.run(
      async () => {
        await api(`/api/v1/admin/payouts/${paying.id}/paid`, { method: 'POST' });
        load.reload();
        return t.markedPaid(paying.month);
      },
      () => setPaying(null),
    );
  }

  return (
    <section>
      <div className="admin-head">
        <h1>{t.listTitle}</h1>
      </div>
      <p className="admin-lead">{t.lead}</p>
      <form
        className="admin-payouts__prepare"
        onSubmit={(event) => {
          event.preventDefault();
          void prepare();
        }}
      >
        <label htmlFor="payout-month">{t.month}</label>
        <input id="payout-month" className="input" type="month" value={month} onChange={(e) => setMonth(e.target.value)} required />
        <button type="submit" className="button button--small" {...busyControl(action.busy)} data-testid="prepare-batch">
          {t.prepare}
        </button>
      </form>
      <ActionNotice notice={action.notice} testId="payout-notice" />
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      <ListWithDetail detail={selected === null ? null : <Detail key={selected} id={selected} onClose={() => setSelected(null)} />}>
        <CardTable<PayoutBatchJson>
          testId="payout-batches"
          rowKey={(row) => row.id}
          rowTestId={(row) => `batch-${row.month}`}
          status={load.state}
          select={{ selected, onSelect: (row) => setSelected(row.id) }}
          columns={[
            openColumn(
              m.batchColumns.month,
              (row) => row.month,
              t.open,
              (row) => setSelected(row.id),
              (row) => <span className="muted">{t.payOn(row.pay_date)}</span>,
            ),
            {
              label: m.batchColumns.status,
              cell: (row) => <span className={row.status === 'paid' ? 'badge badge--success' : 'badge'}>{m.batchStatus[row.status]}</span>,
            },
            { label: m.batchColumns.payees, cellClass: 'admin-table__num', cell: (row) => row.payable_count },
            { label: m.batchColumns.total, cellClass: 'admin-table__num', cell: (row) => formatYen(row.transfer_total) },
            {
              label: t.carriedAndBlocked,
              cellClass: 'admin-table__num',
              cell: (row) => `${row.carried_over_count} / ${row.blocked_count}`,
            },
          ]}
          rows={rows}
          actions={{
            label: ja.adminPages.actions,
            cell: (row) => (
              <span className="admin-payouts__actions">
                {row.payable_count > 0 && (
                  // A paid batch's file would pay everyone again at the bank: only its copy for the records is offered.
                  <a
                    className="button button--ghost button--small"
                    href={`/api/v1/admin/payouts/${row.id}/file${row.status === 'paid' ? '?reexport=true' : ''}`}
                    title={row.status === 'paid' ? ja.payoutFile.downloadCopyTitle : undefined}
                    download
                    onClick={(event) => event.stopPropagation()}
                  >
                    {row.status === 'paid' ? ja.payoutFile.downloadCopy : t.download}
                  </a>
                )}
                {row.status === 'prepared' && (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={(event) => {
                      event.stopPropagation();
                      setPaying(row);
                    }}
                  >
                    {t.markPaid}
                  </button>
                )}
              </span>
            ),
          }}
        />
        <AdminPagination
          page={load.state === 'ok' ? load.data.meta.current_page : page}
          totalPages={load.state === 'ok' ? load.data.meta.total_pages : 1}
          href={(p) => `/admin/payouts?page=${p}`}
        />
      </ListWithDetail>
      {paying && (
        <Modal
          title={t.markPaidTitle}
          onClose={() => setPaying(null)}
          onConfirm={markPaid}
          confirmLabel={t.markPaid}
          busy={action.busy}
          testId="mark-paid-dialog"
        >
          <p>{t.markPaidConfirm(paying.month, paying.payable_count, formatYen(paying.transfer_total))}</p>
        </Modal>
      )}
    </section>
  );
}
