// /admin/communities: ID, title (→ /communities/{id}), host name, 公開/非公開, edit; 新規作成 → /communities/new.
import { ja } from '#src/i18n/ja';
import type { AdminCommunityListItem } from '#src/modules/communities/communities.schemas';
import { CardTable } from './CardTable';
import { LoadError, PublishBadge } from './ListStatus';
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
      <CardTable<AdminCommunityListItem>
        testId="communities-table"
        rowKey={(row) => row.id}
        status={load.state}
        columns={[
          { label: t.id, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => row.id },
          {
            label: t.communities.name,
            cellClass: 'admin-table__wide',
            cell: (row) => <a href={`/communities/${row.id}`}>{row.name}</a>,
          },
          { label: t.communities.hostName, cellClass: 'admin-table__wide', cell: (row) => row.host_name },
          { label: t.communities.status, cell: (row) => <PublishBadge published={row.published} /> },
        ]}
        rows={rows}
        actions={{
          label: t.edit,
          cell: (row) => (
            <a href={`/admin/communities/${row.id}/edit`} className="button button--ghost button--small">
              {t.edit}
            </a>
          ),
        }}
      />
    </section>
  );
}
