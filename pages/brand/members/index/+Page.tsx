// /brand/members: e-mail, 招待中/参加中, invited and accepted dates (the admin's columns for a brand's members),
// delete after a confirmation (never oneself: no button, and the server refuses it too).
import { useData } from 'vike-react/useData';
import { brandMemberColumns } from '#src/components/admin/BrandMembers';
import { RemovableList } from '#src/components/admin/RemovableList';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import * as ja from '#src/i18n/ja';
import { reloadPage } from '#src/lib/isomorphic/browser-navigation';
import type { Data } from './+data';

const t = ja.brandPortalPages.members;
const a = ja.adminPages;

type Row = Data['members'][number];

export default function Page() {
  const { members } = useData<Data>();
  return (
    <RemovableList<Row>
      top={<Breadcrumbs items={crumbs.members()} />}
      title={t.title}
      add={{ href: '/brand/members/invitation', label: t.invite }}
      table={{
        testId: 'members-table',
        rowTestId: (row) => `member-${row.id}`,
        columns: brandMemberColumns<Row>(t, {
          cellClass: 'admin-table__wide',
          note: (row) => row.self && <div className="muted">（{t.you}）</div>,
        }),
        rows: members,
      }}
      remove={{
        label: a.delete,
        allowed: (row) => !row.self,
        url: (row) => `${BRAND_API}/brand-members/${row.id}`,
        dialogTitle: t.deleteTitle,
        dialogTestId: 'delete-dialog',
        dialogBody: (row) => (
          <>
            <p>{t.deleteConfirm}</p>
            <p className="field__hint">{row.email}</p>
          </>
        ),
        failed: t.deleteFailed,
        onRemoved: reloadPage,
        intercept: handleUnauthorized,
      }}
    />
  );
}
