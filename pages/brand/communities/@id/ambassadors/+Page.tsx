// /brand/communities/{id}/ambassadors: the community's ambassadors (numbered pages), the add button, and removal
// from the community after a confirmation.
import { useData } from 'vike-react/useData';
import { AdminPagination } from '#src/components/admin/AdminPagination';
import { PublishBadge } from '#src/components/admin/ListStatus';
import { RemovableList } from '#src/components/admin/RemovableList';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import * as ja from '#src/i18n/ja';
import { reloadPage } from '#src/lib/isomorphic/browser-navigation';
import type { BrandPortalAmbassador } from '#src/modules/brand-portal/brand-portal.schemas';
import type { Data } from './+data';

const t = ja.brandPortalPages.ambassadors;
const a = ja.adminPages;

export default function Page() {
  const { community, ambassadors, meta } = useData<Data>();
  return (
    <RemovableList<BrandPortalAmbassador>
      top={<Breadcrumbs items={crumbs.ambassadors(community)} />}
      title={t.title(community.name)}
      add={{ href: `/brand/communities/${community.id}/ambassador_invitation`, label: t.add }}
      afterTable={
        <AdminPagination
          page={meta.current_page}
          totalPages={meta.total_pages}
          href={(p) => `/brand/communities/${community.id}/ambassadors?page=${p}`}
        />
      }
      table={{
        testId: 'ambassadors-table',
        rowTestId: (row) => `ambassador-${row.id}`,
        columns: [
          { label: a.id, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => row.id },
          { label: t.name, cellClass: 'admin-table__wide', cell: (row) => row.name },
          { label: t.address, cellClass: 'admin-table__wide', cell: (row) => row.address ?? '—' },
          { label: a.publishSetting, cell: (row) => <PublishBadge published={row.published} /> },
          { label: t.associatedAt, cell: (row) => a.date(row.associated_at) },
        ],
        rows: ambassadors,
      }}
      remove={{
        label: t.remove,
        url: (row) => `${BRAND_API}/communities/${community.id}/ambassadors/${row.id}/association`,
        dialogTitle: t.removeTitle,
        dialogTestId: 'remove-dialog',
        dialogBody: (row) => <p>{t.removeConfirm(row.name)}</p>,
        failed: t.removeFailed,
        onRemoved: reloadPage,
        intercept: handleUnauthorized,
      }}
    />
  );
}
