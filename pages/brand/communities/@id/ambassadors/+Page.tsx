// /brand/communities/{id}/ambassadors: the community's ambassadors (numbered pages), the add button, and removal
// from the community after a confirmation.
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { reloadPage } from '#src/lib/browser-navigation';
import { AdminPagination } from '#src/components/admin/AdminPagination';
import { EmptyRow } from '#src/components/admin/ListStatus';
import { firstMessage } from '#src/components/admin/useLoad';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { Modal } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { api } from '#src/lib/api-client';
import type { BrandPortalAmbassador } from '#src/modules/brand-portal/brand-portal.schemas';
import type { Data } from './+data';

const t = ja.brandPortalPages.ambassadors;
const a = ja.adminPages;

export default function Page() {
  const { community, ambassadors, meta } = useData<Data>();
  const [removing, setRemoving] = useState<BrandPortalAmbassador | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!removing) return;
    setBusy(true);
    setError(null);
    try {
      await api(`${BRAND_API}/communities/${community.id}/ambassadors/${removing.id}/association`, { method: 'DELETE' });
      setRemoving(null);
      await reloadPage();
    } catch (e) {
      if (handleUnauthorized(e)) return;
      console.error(t.removeFailed, e);
      setError(firstMessage(e, t.removeFailed));
      setRemoving(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <Breadcrumbs items={crumbs.ambassadors(community)} />
      <div className="admin-head">
        <h1>{t.title(community.name)}</h1>
        <a href={`/brand/communities/${community.id}/ambassador_invitation`} className="button button--small">
          ＋ {t.add}
        </a>
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards" data-testid="ambassadors-table">
          <thead>
            <tr>
              <th className="admin-table__num">{a.id}</th>
              <th>{t.name}</th>
              <th>{t.address}</th>
              <th>{a.publishSetting}</th>
              <th>{t.associatedAt}</th>
              <th>
                <span className="visually-hidden">{t.remove}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {ambassadors.length === 0 && <EmptyRow columns={6} />}
            {ambassadors.map((row) => (
              <tr key={row.id} data-testid={`ambassador-${row.id}`}>
                <td className="admin-table__num" data-label={a.id}>
                  {row.id}
                </td>
                <td className="admin-table__wide" data-label={t.name}>
                  {row.name}
                </td>
                <td className="admin-table__wide" data-label={t.address}>
                  {row.address ?? '—'}
                </td>
                <td data-label={a.publishSetting}>
                  <span className={row.published ? 'badge badge--public' : 'badge badge--private'}>
                    {row.published ? a.published : a.unpublished}
                  </span>
                </td>
                <td data-label={t.associatedAt}>{a.date(row.associated_at)}</td>
                <td>
                  <div className="admin-table__actions">
                    <button type="button" className="button button--ghost button--small" onClick={() => setRemoving(row)}>
                      {t.remove}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AdminPagination
        page={meta.current_page}
        totalPages={meta.total_pages}
        href={(p) => `/brand/communities/${community.id}/ambassadors?page=${p}`}
      />
      {removing && (
        <Modal
          title={t.removeTitle}
          onClose={() => setRemoving(null)}
          onConfirm={remove}
          confirmLabel={t.remove}
          danger
          busy={busy}
          testId="remove-dialog"
        >
          <p>{t.removeConfirm(removing.name)}</p>
        </Modal>
      )}
    </section>
  );
}
