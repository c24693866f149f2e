// /admin/brand/{id}/members: e-mail, 招待中/参加中 (invitation_accepted), invited and accepted dates, delete after a
// confirmation (deleting a member who has not accepted also revokes the invitation link, on the server).
import { ja } from '#src/i18n/ja';
import type { BrandMemberJson } from '#src/modules/brand-members/brand-members.schemas';
import { PartnerMembers } from './PartnerMembers';

const t = ja.adminPages.brands;
const a = ja.adminPages;

export function BrandMembers({ id }: { id: number }) {
  return (
    <PartnerMembers<BrandMemberJson>
      members={`/api/v1/brands/${id}/members`}
      owner="brand"
      backHref="/admin/brand"
      inviteHref={`/admin/brand/${id}/member_invitation`}
      text={t}
      tableTestId="brand-members-table"
      rowTestId={(row) => `brand-member-${row.id}`}
      columns={[
        { label: t.email, cell: (row) => row.email },
        {
          label: t.state,
          cell: (row) =>
            row.invitation_accepted ? (
              <span className="badge badge--success">{t.joined}</span>
            ) : (
              <span className="badge badge--waiting">{t.invited}</span>
            ),
        },
        { label: t.invitedAt, cell: (row) => a.date(row.invitation_created_at) },
        { label: t.acceptedAt, cell: (row) => (row.invitation_accepted ? a.date(row.invitation_accepted_at) : '—') },
      ]}
      deleteDetails={(row) => (
        <>
          <p className="field__hint">{row.email}</p>
          {!row.invitation_accepted && <p className="field__hint">{t.deleteNote}</p>}
        </>
      )}
    />
  );
}
