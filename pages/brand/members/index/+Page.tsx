// /brand/members: e-mail, 招待中/参加中, invited and accepted dates, delete after a confirmation (never oneself:
// no button, and the server refuses it too).
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { reloadPage } from '#src/lib/browser-navigation';
import { EmptyRow } from '#src/components/admin/ListStatus';
import { firstMessage } from '#src/components/admin/useLoad';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { Modal } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { api } from '#src/lib/api-client';
import type { Data } from './+data';

const t = ja.brandPortalPages.members;
const a = ja.adminPages;

type Row = Data['members'][number];

export default function Page() {
  const { members } = useData<Data>();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await api(`${BRAND_API}/brand-members/${deleting.id}`, { method: 'DELETE' });
      setDeleting(null);
      await reloadPage();
    } catch (e) {
      if (handleUnauthorized(e)) return;
      console.error(t.deleteFailed, e);
      setError(firstMessage(e, t.deleteFailed));
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <Breadcrumbs items={crumbs.members()} />
      <div className="admin-head">
        <h1>{t.title}</h1>
        <a href="/brand/members/invitation" className="button button--small">
          ＋ {t.invite}
        </a>
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards" data-testid="members-table">
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
            {members.length === 0 && <EmptyRow columns={5} />}
            {members.map((row) => (
              <tr key={row.id} data-testid={`member-${row.id}`}>
                <td className="admin-table__wide" data-label={t.email}>
                  {row.email}
                  {row.self && <div className="muted">（{t.you}）</div>}
                </td>
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
                    {!row.self && (
                      <button type="button" className="button button--ghost button--small" onClick={() => setDeleting(row)}>
                        {a.delete}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {deleting && (
        <Modal
          title={t.deleteTitle}
          onClose={() => setDeleting(null)}
          onConfirm={remove}
          confirmLabel={a.delete}
          danger
          busy={busy}
          testId="delete-dialog"
        >
          <p>{t.deleteConfirm}</p>
          <p className="field__hint">{deleting.email}</p>
        </Modal>
      )}
    </section>
  );
}
