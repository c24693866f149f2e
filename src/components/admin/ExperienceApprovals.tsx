// /admin/experiences: experiences awaiting publication, newest request first (host, submitted date, preview),
// 公開する (after a confirmation) and 差し戻す (a reason, mailed to the host). Not in the spec. 公開する takes the row
// off the list (a rejected one stays until the host asks again); the focus then goes to the row that took its place
// (its 公開する), else to the list's heading.
import { useEffect, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Modal } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import {
  type PendingExperience,
  type PendingMeta,
  REJECTION_REASON_MAX,
  rejectExperienceSchema,
} from '#src/modules/experience-approvals/experience-approvals.schemas';
import { PENDING_WAITING_DAYS } from '#src/modules/experience-approvals/experience-approvals.shared';
import { AdminPagination, pageFromSearch } from './AdminPagination';
import { CardTable } from './CardTable';
import { LoadError } from './ListStatus';
import { type FilterField, filterNames, filtersOf, ListFilters, withPage } from './ListFilters';
import { ReasonDialog } from './ReasonDialog';
import { ActionNotice, useAction } from './useAction';
import { firstMessage, listOf, useLoad } from './useLoad';

const t = ja.adminPages.experiences;
const a = ja.adminPages;

export function ExperienceApprovals() {
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  const fields: FilterField[] = [
    { kind: 'keyword', placeholder: ja.lists.placeholders.experiences },
    {
      kind: 'select',
      name: 'waiting',
      label: ja.lists.waiting,
      options: PENDING_WAITING_DAYS.map((days) => ({ value: days, label: ja.lists.waitingOver(Number(days)) })),
    },
  ];
  const filters = filtersOf(urlParsed.search, filterNames(fields));
  const load = useLoad<{ experiences: PendingExperience[]; meta?: PendingMeta }>(`/api/v1/admin/experiences?${withPage(filters, page)}`);
  const rows = load.state === 'ok' ? listOf<PendingExperience>(load.data, 'experiences') : [];
  const [approving, setApproving] = useState<PendingExperience | null>(null);
  const [rejecting, setRejecting] = useState<PendingExperience | null>(null);
  const action = useAction(t.failed);
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  /** The row just approved, and where it stood: the focus moves once the list no longer has it. */
  const leaving = useRef<{ id: number; index: number } | null>(null);
  const markLeaving = (row: PendingExperience) => {
    leaving.current = { id: row.id, index: rows.findIndex((r) => r.id === row.id) };
  };
  useEffect(() => {
    const left = leaving.current;
    if (!left || load.state !== 'ok' || rows.some((r) => r.id === left.id)) return;
    leaving.current = null;
    const next = rows[Math.min(left.index, rows.length - 1)];
    const button = next ? section.current?.querySelector<HTMLElement>(`[data-testid="pending-${next.id}"] button`) : null;
    (button ?? heading.current)?.focus();
  }, [rows, load.state]);

  async function approve() {
    if (!approving) return;
    await action.run(
      async () => {
        await api(`/api/v1/admin/experiences/${approving.id}/approval`, { method: 'POST' });
        markLeaving(approving);
        load.reload();
        return t.approved(approving.title || t.untitled);
      },
      () => setApproving(null),
    );
  }

  return (
    <section ref={section}>
      <div className="admin-head">
        <h1 ref={heading} tabIndex={-1}>
          {t.listTitle}
        </h1>
      </div>
      <p className="admin-lead">{t.lead}</p>
      <ActionNotice notice={action.notice} testId="approval-notice" />
      <ListFilters
        action="/admin/experiences"
        fields={fields}
        search={urlParsed.search}
        meta={load.state === 'ok' ? (load.data.meta ?? null) : null}
      />
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      <CardTable<PendingExperience>
        testId="experiences-table"
        rowKey={(row) => row.id}
        rowTestId={(row) => `pending-${row.id}`}
        status={load.state}
        columns={[
          { label: a.id, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => row.id },
          {
            label: t.title,
            cellClass: 'admin-table__wide',
            cell: (row) => (
              <span className="admin-stack">
                <span>{row.title || t.untitled}</span>
                <a href={`/stories/${row.id}`} target="_blank" rel="noreferrer">
                  {t.preview}
                </a>
              </span>
            ),
          },
          { label: t.host, cellClass: 'admin-table__wide', cell: (row) => row.host_name },
          { label: t.submittedAt, cell: (row) => a.date(row.submitted_at) },
        ]}
        rows={rows}
        actions={{
          label: ja.adminPages.actions,
          cell: (row) => (
            <>
              <button type="button" className="button button--small" onClick={() => setApproving(row)}>
                {t.approve}
              </button>
              <button type="button" className="button button--ghost button--small" onClick={() => setRejecting(row)}>
                {t.reject}
              </button>
            </>
          ),
        }}
      />
      <AdminPagination
        page={load.state === 'ok' ? (load.data.meta?.current_page ?? page) : page}
        totalPages={load.state === 'ok' ? (load.data.meta?.total_pages ?? 1) : 1}
        href={(p) => `/admin/experiences?${withPage(filters, p)}`}
      />
      {approving && (
        <Modal
          title={t.approveConfirmTitle}
          onClose={() => setApproving(null)}
          onConfirm={approve}
          confirmLabel={t.approve}
          busy={action.busy}
          testId="approve-dialog"
        >
          <p>{t.approveConfirm(approving.title || t.untitled)}</p>
        </Modal>
      )}
      {rejecting && (
        <ReasonDialog
          title={t.rejectTitle}
          lead={t.rejectLead(rejecting.title || t.untitled)}
          testId="reject-dialog"
          path={`/api/v1/admin/experiences/${rejecting.id}/rejection`}
          schema={rejectExperienceSchema}
          reasonLabel={t.reason}
          max={REJECTION_REASON_MAX}
          submitLabel={t.reject}
          onClose={() => setRejecting(null)}
          onDone={() => {
            action.done(t.rejected(rejecting.title || t.untitled));
            setRejecting(null);
            load.reload();
          }}
        />
      )}
    </section>
  );
}
