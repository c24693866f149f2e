// /admin/communities: ID, title (→ /communities/{id}), host name, 公開/非公開, edit; 新規作成 → /communities/new.
import { ja } from '#src/i18n/ja';
import type { AdminCommunityListItem } from '#src/modules/communities/communities.schemas';
import { EmptyRow, LoadError, PublishBadge, SkeletonRows } from './ListStatus';
import { listOf, useLoad } from './useLoad';

const t = ja.adminPages;

export function CommunitiesList() {
  const load = useLoad<unknown>('/api/v1/admin/communities');
  const rows = load.state === 'ok' ? listOf<AdminCommunityListItem>(load.data, 'communities') : [];
  return (
    <section>
      <div className="admin-head">
        <h1>{t.communities.listTitle}</h1>
        <a href="/communities/new" className="button button--small">
          ＋ {t.createNew}
        </a>
      </div>
      {load.state === 'error' && <LoadError message={t.fetchFailed} onRetry={load.reload} />}
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards" data-testid="communities-table">
          <thead>
            <tr>
              <th className="admin-table__num">{t.id}</th>
              <th>{t.communities.name}</th>
              <th>{t.communities.hostName}</th>
              <th>{t.communities.status}</th>
              <th>
                <span className="visually-hidden">{t.edit}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.state === 'loading' && <SkeletonRows columns={5} />}
            {load.state === 'ok' && rows.length === 0 && <EmptyRow columns={5} />}
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="admin-table__num" data-label={t.id}>
                  {row.id}
                </td>
                <td className="admin-table__wide" data-label={t.communities.name}>
                  <a href={`/communities/${row.id}`}>{row.name}</a>
                </td>
                <td className="admin-table__wide" data-label={t.communities.hostName}>
                  {row.host_name}
                </td>
                <td data-label={t.communities.status}>
                  <PublishBadge published={row.published} />
                </td>
                <td>
                  <div className="admin-table__actions">
                    <a href={`/admin/communities/${row.id}/edit`} className="button button--ghost button--small">
                      {t.edit}
                    </a>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
