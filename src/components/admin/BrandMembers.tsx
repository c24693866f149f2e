// /admin/brand/{id}/members: e-mail, 招待中/参加中 (invitation_accepted), invited and accepted dates, delete after a
// confirmation (deleting a member who has not accepted also revokes the invitation link, on the server).
import { useState } from 'react';
import { Modal } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { api } from '#src/lib/api-client';
import type { BrandMemberJson, BrandMembersResponse } from '#src/modules/brand-members/brand-members.schemas';
import { EmptyRow, LoadError, SkeletonRows } from './ListStatus';
import { firstMessage, listOf, useLoad } from './useLoad';

const t = ja.adminPages.brands;
const a = ja.adminPages;

export function BrandMembers({ id }: { id: number }) {
  const load = useLoad<BrandMembersResponse>(`/api/v1/brands/${id}/members`);
  const rows = load.state === 'ok' ? listOf<BrandMemberJson>(load.data, 'members') : [];
  const [deleting, setDeleting] = useState<BrandMemberJson | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await api(`/api/v1/brands/${id}/members/${deleting.id}`, { method: 'DELETE' });
    } catch (e) {
      console.error(t.deleteFailed, e);
      setError(firstMessage(e, t.deleteFailed));
    } finally {
      setBusy(false);
      setDeleting(null);
      load.reload();
    }
  }

  const name = load.state === 'ok' ? load.data.brand?.name : null;
  return (
    <section>
      <a href="/admin/brand" className="admin-back">
        ‹ {a.back}
      </a>
      <div className="admin-head">
        <h1>{name ? t.membersTitle(name) : t.membersTitlePlain}</h1>
        <a href={`/admin/brand/${id}/member_invitation`} className="button button--small">
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
        <table className="admin-table admin-table--cards" data-testid="brand-members-table">
          <thead>
            <tr>
              <th>{t.email}</th>
              <th>{t.state}</th>
              <th>{t.invitedAt}</th>
              <th>{t.acceptedAt}</th>
              <th>
                <span className="visually-hidden">{a.delete}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.state === 'loading' && <SkeletonRows columns={5} rows={3} />}
            {load.state === 'ok' && rows.length === 0 && <EmptyRow columns={5} />}
            {rows.map((row) => (
              <tr key={row.id} data-testid={`brand-member-${row.id}`}>
                <td data-label={t.email}>{row.email}</td>
                <td data-label={t.state}>
                  {row.invitation_accepted ? (
                    <span className="badge badge--success">{t.joined}</span>
                  ) : (
                    <span className="badge badge--waiting">{t.invited}</span>
                  )}
                </td>
                <td data-label={t.invitedAt}>{a.date(row.invitation_created_at)}</td>
                <td data-label={t.acceptedAt}>{row.invitation_accepted ? a.date(row.invitation_accepted_at) : '—'}</td>
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
          <p className="field__hint">{deleting.email}</p>
          {!deleting.invitation_accepted && <p className="field__hint">{t.deleteNote}</p>}
        </Modal>
      )}
    </section>
  );
}
