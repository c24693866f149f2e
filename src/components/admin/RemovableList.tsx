// A list whose rows can be removed after a confirmation: the admin's members of an ambassador or a brand
// (PartnerMembers), the brand portal's members and a community's ambassadors. The page's heading with its add link,
// the failure of the last removal, the table with a remove button per row, and the dialog (a click outside closes it);
// what differs is given: what sits above the heading and below the table, the columns, the texts, the DELETE URL and
// what happens after it.
import { MessageWithSignIn } from '#src/components/form/SignInAgain';
import { type ReactNode, useState } from 'react';
import { Modal } from '#src/components/form';
import { api } from '#src/lib/isomorphic/api-client';
import { CardTable, type Column } from './CardTable';
import { firstMessage } from './useLoad';

export function RemovableList<Row extends { id: number }>(props: {
  /** Above the heading: the back link or the breadcrumbs. */
  top: ReactNode;
  title: string;
  add: { href: string; label: string };
  /** Between the failure line and the table (a load failure). */
  beforeTable?: ReactNode;
  /** Below the table (the page links). */
  afterTable?: ReactNode;
  table: {
    testId: string;
    rowTestId?: (row: Row) => string;
    columns: Column<Row>[];
    rows: readonly Row[];
    status?: 'loading' | 'ok' | 'error';
  };
  remove: {
    /** The button, its column's hidden header and the dialog's confirm button. */
    label: string;
    /** Rows without the button (oneself: the server refuses it too). */
    allowed?: (row: Row) => boolean;
    url: (row: Row) => string;
    dialogTitle: string;
    dialogTestId: string;
    dialogBody: (row: Row) => ReactNode;
    /** Logged and shown when the DELETE fails. */
    failed: string;
    onRemoved: () => unknown;
    /** A failure handled elsewhere (the portal's sign-in page): true stops here, the dialog stays. */
    intercept?: (error: unknown) => boolean;
    /** After a failure that is shown. */
    onFailed?: () => void;
  };
}) {
  const { remove: r } = props;
  const [removing, setRemoving] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!removing) return;
    setBusy(true);
    setError(null);
    try {
      await api(r.url(removing), { method: 'DELETE' });
      setRemoving(null);
      await r.onRemoved();
    } catch (e) {
      if (r.intercept?.(e)) return;
      console.error(r.failed, e);
      setError(firstMessage(e, r.failed));
      setRemoving(null);
      r.onFailed?.();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      {props.top}
      <div className="admin-head">
        <h1>{props.title}</h1>
        <a href={props.add.href} className="button button--small">
          ＋ {props.add.label}
        </a>
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          <MessageWithSignIn message={error} />
        </p>
      )}
      {props.beforeTable}
      <CardTable<Row>
        {...props.table}
        rowKey={(row) => row.id}
        skeletonRows={3}
        actions={{
          label: r.label,
          cell: (row) =>
            (r.allowed?.(row) ?? true) && (
              <button type="button" className="button button--ghost button--small" onClick={() => setRemoving(row)}>
                {r.label}
              </button>
            ),
        }}
      />
      {props.afterTable}
      {removing && (
        <Modal
          title={r.dialogTitle}
          onClose={() => setRemoving(null)}
          onConfirm={remove}
          confirmLabel={r.label}
          danger
          busy={busy}
          testId={r.dialogTestId}
        >
          {r.dialogBody(removing)}
        </Modal>
      )}
    </section>
  );
}
