// /admin/ambassador/{id}/members (and its alias /ambassador/{id}/members): ID, name, e-mail, delete after a
// confirmation (a click outside closes it); the member leaves the ambassador, the user account stays.
import { useState } from 'react';
import { Modal } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { api } from '#src/lib/api-client';
import { EmptyRow, LoadError, SkeletonRows } from './ListStatus';
import type { AmbassadorMemberJson, AmbassadorMembersResponse } from '#src/modules/ambassadors/ambassadors.schemas';
import { firstMessage, listOf, useLoad } from './useLoad';

const t = ja.adminPages.ambassadors;
const a = ja.adminPages;

export function AmbassadorMembers({ id, base }: { id: number; base: string }) {
  const load = useLoad<AmbassadorMembersResponse>(`/api/v1/ambassadors/${id}/members`);
  const rows = load.state === 'ok' ? listOf<AmbassadorMemberJson>(load.data, 'members') : [];
  const [deleting, setDeleting] = useState<AmbassadorMemberJson | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await api(`/api/v1/ambassadors/${id}/members/${deleting.id}`, { method: 'DELETE' });
    } catch (e) {
      console.error(t.deleteFailed, e);
      setError(firstMessage(e, t.deleteFailed));
    } finally {
      setBusy(false);
      setDeleting(null);
      load.reload();
    }
  }

  const name = load.state === 'ok' ? load.data.ambassador?.name : null;
  return (
    <section>
      <a href="/admin/ambassador" className="admin-back">
        ‹ {a.back}
      </a>
      <div className="admin-head">
        <h1>{name ? t.membersTitle(name) : t.membersTitlePlain}</h1>
        <a href={`${base}/${id}/member_invitation`} className="button button--small">
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
        <table className="admin-table admin-table--cards" data-testid="members-table">
          <thead>
            <tr>
              <th className="admin-table__num">{a.id}</th>
              <th>{t.memberName}</th>
              <th>{t.memberEmail}</th>
              <th>
                <span className="visually-hidden">{a.delete}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.state === 'loading' && <SkeletonRows columns={4} rows={3} />}
            {load.state === 'ok' && rows.length === 0 && <EmptyRow columns={4} />}
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="admin-table__num" data-label={a.id}>
                  {row.id}
                </td>
                <td className="admin-table__wide" data-label={t.memberName}>
                  {row.name}
                </td>
                <td data-label={t.memberEmail}>{row.email}</td>
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
          <p className="field__hint">
            {deleting.id}: {deleting.name}（{deleting.email}）
          </p>
          <p className="field__hint">{t.deleteNote}</p>
        </Modal>
      )}
    </section>
  );
}
