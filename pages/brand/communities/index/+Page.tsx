// /brand/communities: the brand's communities (numbered pages like the admin lists) and the create button.
import { useData } from 'vike-react/useData';
import { AdminPagination } from '#src/components/admin/AdminPagination';
import { CardTable } from '#src/components/admin/CardTable';
import { PublishBadge } from '#src/components/admin/ListStatus';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';

const t = ja.brandPortalPages.communities;
const a = ja.adminPages;

type Row = Data['communities'][number];

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
      <CardTable<Row>
        testId="communities-table"
        rowKey={(row) => row.id}
        columns={[
          { label: a.id, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => row.id },
          { label: t.name, cellClass: 'admin-table__wide', cell: (row) => <a href={`/brand/communities/${row.id}`}>{row.name}</a> },
          { label: t.hostName, cellClass: 'admin-table__wide', cell: (row) => row.host_name },
          { label: t.status, cell: (row) => <PublishBadge published={row.published} /> },
          {
            label: t.ambassadors,
            cell: (row) => <a href={`/brand/communities/${row.id}/ambassadors`}>{t.people(row.ambassador_count)}</a>,
          },
          { label: t.applications, cell: (row) => t.count(row.application_count) },
        ]}
        rows={communities}
        actions={{
          label: t.edit,
          cell: (row) => (
            <a href={`/brand/communities/${row.id}/edit`} className="button button--ghost button--small">
              {t.edit}
            </a>
          ),
        }}
      />
      <AdminPagination page={meta.current_page} totalPages={meta.total_pages} href={(p) => `/brand/communities?page=${p}`} />
    </section>
  );
}
