// The members page of an ambassador or a brand (AmbassadorMembers, BrandMembers): the list loaded from `members`,
// an invite link, and delete after a confirmation (a click outside closes it); what differs is given as columns,
// the dialog's details and the texts.
import { type ReactNode, useState } from 'react';
import { Modal } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { api } from '#src/lib/api-client';
import { EmptyRow, LoadError, SkeletonRows } from './ListStatus';
import { firstMessage, listOf, useLoad } from './useLoad';

const a = ja.adminPages;

export interface MemberColumn<Row> {
  label: string;
  /** The header cell's class. */
  headClass?: string;
  /** The body cell's class. */
  cellClass?: string;
  cell: (row: Row) => ReactNode;
}

/** The page's texts (ja.adminPages.ambassadors or .brands). */
interface MembersText {
  membersTitle: (name: string) => string;
  membersTitlePlain: string;
  invite: string;
  deleteConfirmTitle: string;
  deleteConfirm: string;
  deleteFailed: string;
}

export function PartnerMembers<Row extends { id: number }>(props: {
  /** GET lists `{ [owner]: { name }, members }`; DELETE `${members}/${row.id}` removes one. */
  members: string;
  owner: 'ambassador' | 'brand';
  backHref: string;
  inviteHref: string;
  text: MembersText;
  tableTestId: string;
  rowTestId?: (row: Row) => string;
  columns: MemberColumn<Row>[];
  /** What the delete dialog says about the member, after the question. */
  deleteDetails: (row: Row) => ReactNode;
}) {
  const { members, text: t, columns } = props;
  const load = useLoad<Partial<Record<typeof props.owner, { name: string }>>>(members);
  const rows = load.state === 'ok' ? listOf<Row>(load.data, 'members') : [];
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await api(`${members}/${deleting.id}`, { method: 'DELETE' });
    } catch (e) {
      console.error(t.deleteFailed, e);
      setError(firstMessage(e, t.deleteFailed));
    } finally {
      setBusy(false);
      setDeleting(null);
      load.reload();
    }
  }

  const name = load.state === 'ok' ? load.data[props.owner]?.name : null;
  return (
    <section>
      <a href={props.backHref} className="admin-back">
        ‹ {a.back}
      </a>
      <div className="admin-head">
        <h1>{name ? t.membersTitle(name) : t.membersTitlePlain}</h1>
        <a href={props.inviteHref} className="button button--small">
          ＋ {t.invite}
        </a>
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards" data-testid={props.tableTestId}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} className={column.headClass}>
                  {column.label}
                </th>
              ))}
              <th>
                <span className="visually-hidden">{a.delete}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.state === 'loading' && <SkeletonRows columns={columns.length + 1} rows={3} />}
            {load.state === 'ok' && rows.length === 0 && <EmptyRow columns={columns.length + 1} />}
            {rows.map((row) => (
              <tr key={row.id} data-testid={props.rowTestId?.(row)}>
                {columns.map((column) => (
                  <td key={column.label} className={column.cellClass} data-label={column.label}>
                    {column.cell(row)}
                  </td>
                ))}
                <td>
                  <div className="admin-table__actions">
                    <button type="button" className="button button--ghost button--small" onClick={() => setDeleting(row)}>
                      {a.delete}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {deleting && (
        <Modal
          title={t.deleteConfirmTitle}
          onClose={() => setDeleting(null)}
          onConfirm={remove}
          confirmLabel={a.delete}
          danger
          busy={busy}
          testId="delete-dialog"
        >
          <p>{t.deleteConfirm}</p>
          {props.deleteDetails(deleting)}
        </Modal>
      )}
    </section>
  );
}
