// /admin/ambassador/{id}/members (and its alias /ambassador/{id}/members): ID, name, e-mail, delete after a
// confirmation (a click outside closes it); the member leaves the ambassador, the user account stays.
import * as ja from '#src/i18n/ja';
import type { AmbassadorMemberJson } from '#src/modules/ambassadors/ambassadors.schemas';
import { PartnerMembers } from './PartnerMembers';

const t = ja.adminPages.ambassadors;
const a = ja.adminPages;

export function AmbassadorMembers({ id, base }: { id: number; base: string }) {
  return (
    <PartnerMembers<AmbassadorMemberJson>
      members={`/api/v1/ambassadors/${id}/members`}
      owner="ambassador"
      backHref="/admin/ambassador"
      inviteHref={`${base}/${id}/member_invitation`}
      text={t}
      tableTestId="members-table"
      columns={[
        { label: a.id, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => row.id },
        { label: t.memberName, cellClass: 'admin-table__wide', cell: (row) => row.name },
        { label: t.memberEmail, cell: (row) => row.email },
      ]}
      deleteDetails={(row) => (
        <>
          <p className="field__hint">
            {row.id}: {row.name}（{row.email}）
          </p>
          <p className="field__hint">{t.deleteNote}</p>
        </>
      )}
    />
  );
}
