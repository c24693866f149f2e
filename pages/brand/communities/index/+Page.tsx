// /brand/communities: the brand's communities (numbered pages like the admin lists) and the create button.
import { useData } from 'vike-react/useData';
import { AdminPagination } from '#src/components/admin/AdminPagination';
import { EmptyRow, PublishBadge } from '#src/components/admin/ListStatus';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { ja } from '#src/i18n/ja';
import type { Data } from './+data';

const t = ja.brandPortalPages.communities;
const a = ja.adminPages;

export default function Page() {
  const { communities, meta } = useData<Data>();
  return (
    <section>
      <Breadcrumbs items={crumbs.communities()} />
      <div className="admin-head">
        <h1>{t.listTitle}</h1>
        <a href="/brand/communities/new" className="button button--small">
          ＋ {t.create}
        </a>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards" data-testid="communities-table">
          <thead>
            <tr>
              <th className="admin-table__num">{a.id}</th>
              <th>{t.name}</th>
              <th>{t.hostName}</th>
              <th>{t.status}</th>
              <th>{t.ambassadors}</th>
              <th>{t.applications}</th>
              <th>
                <span className="visually-hidden">{t.edit}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {communities.length === 0 && <EmptyRow columns={7} />}
            {communities.map((row) => (
              <tr key={row.id}>
                <td className="admin-table__num" data-label={a.id}>
                  {row.id}
                </td>
                <td className="admin-table__wide" data-label={t.name}>
                  <a href={`/brand/communities/${row.id}`}>{row.name}</a>
                </td>
                <td className="admin-table__wide" data-label={t.hostName}>
                  {row.host_name}
                </td>
                <td data-label={t.status}>
                  <PublishBadge published={row.published} />
                </td>
                <td data-label={t.ambassadors}>
                  <a href={`/brand/communities/${row.id}/ambassadors`}>{t.people(row.ambassador_count)}</a>
                </td>
                <td data-label={t.applications}>{t.count(row.application_count)}</td>
                <td>
                  <div className="admin-table__actions">
                    <a href={`/brand/communities/${row.id}/edit`} className="button button--ghost button--small">
                      {t.edit}
                    </a>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AdminPagination page={meta.current_page} totalPages={meta.total_pages} href={(p) => `/brand/communities?page=${p}`} />
    </section>
  );
}
