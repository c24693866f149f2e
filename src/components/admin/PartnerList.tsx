// /admin/ambassador and /admin/brand: ID, 公開状態, name (→ summary), created date, members, edit; 新規作成.
// GET /ambassadors and /brands answer ADMIN with the unpublished entries too, with their published flag.
import { usePageContext } from 'vike-react/usePageContext';
import { ja } from '#src/i18n/ja';
import { AdminPagination, pageFromSearch } from './AdminPagination';
import { EmptyRow, LoadError, PublishBadge, SkeletonRows } from './ListStatus';
import { type AdminPartnerListItem, PARTNER, type PartnerKind } from './partner-kinds';
import { listOf, useLoad } from './useLoad';

const t = ja.adminPages;

export function PartnerList({ kind }: { kind: PartnerKind }) {
  const k = PARTNER[kind];
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  const load = useLoad<unknown>(`${k.api}?page=${page}`);
  const rows = load.state === 'ok' ? listOf<AdminPartnerListItem>(load.data, k.listKey) : [];
  const meta = load.state === 'ok' ? (load.data as { meta?: { total_pages?: number } }).meta : undefined;
  return (
    <section>
      <div className="admin-head">
        <h1>{k.text.listTitle}</h1>
        <a href={`${k.admin}/new`} className="button button--small">
          ＋ {t.createNew}
        </a>
      </div>
      {load.state === 'error' && <LoadError message={k.listFailed} onRetry={load.reload} />}
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards" data-testid={`${kind}-table`}>
          <thead>
            <tr>
              <th className="admin-table__num">{t.id}</th>
              <th>{t.publishSetting}</th>
              <th>{k.text.name}</th>
              <th>{t.createdAt}</th>
              <th>
                <span className="visually-hidden">{t.members}</span>
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
                <td data-label={t.publishSetting}>
                  <PublishBadge published={row.published !== false} />
                </td>
                <td className="admin-table__wide" data-label={k.text.name}>
                  <a href={`${k.admin}/${row.id}`}>{row.name}</a>
                </td>
                <td data-label={t.createdAt}>{t.date(row.created_at)}</td>
                <td>
                  <div className="admin-table__actions">
                    <a href={`${k.admin}/${row.id}/members`} className="button button--ghost button--small">
                      {t.members}
                    </a>
                    <a href={`${k.admin}/${row.id}/edit`} className="button button--ghost button--small">
                      {t.edit}
                    </a>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AdminPagination page={page} totalPages={meta?.total_pages ?? 1} href={(p) => `${k.admin}?page=${p}`} />
    </section>
  );
}
