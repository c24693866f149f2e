// /admin/brand/{id}/members: e-mail, 招待中/参加中 (invitation_accepted), invited and accepted dates, delete after a
// confirmation (deleting a member who has not accepted also revokes the invitation link, on the server). The brand
// portal's /brand/members shows the same columns (`brandMemberColumns`).
import type { ReactNode } from 'react';
import * as ja from '#src/i18n/ja';
import type { BrandMemberJson } from '#src/modules/brand-members/brand-members.schemas';
import type { Column } from './CardTable';
import { PartnerMembers } from './PartnerMembers';

const t = ja.adminPages.brands;
const a = ja.adminPages;

/** The texts of the columns (ja.adminPages.brands or ja.brandPortalPages.members). */
interface MemberColumnsText {
  email: string;
  state: string;
  invited: string;
  joined: string;
  invitedAt: string;
  acceptedAt: string;
}

/** A brand's members: e-mail (with what the page adds under it), state, invited and accepted dates. */
export function brandMemberColumns<Row extends BrandMemberJson>(
  text: MemberColumnsText,
  email: { cellClass?: string; note?: (row: Row) => ReactNode } = {},
): Column<Row>[] {
  return [
    {
      label: text.email,
      cellClass: email.cellClass,
      cell: (row) =>
        email.note ? (
          <>
            {row.email}
            {email.note(row)}
          </>
        ) : (
          row.email
        ),
    },
    {
      label: text.state,
      cell: (row) =>
        row.invitation_accepted ? (
          <span className="badge badge--success">{text.joined}</span>
        ) : (
          <span className="badge badge--waiting">{text.invited}</span>
        ),
    },
    { label: text.invitedAt, cell: (row) => a.date(row.invitation_created_at) },
    { label: text.acceptedAt, cell: (row) => (row.invitation_accepted ? a.date(row.invitation_accepted_at) : '—') },
  ];
}

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
      columns={brandMemberColumns(t)}
      deleteDetails={(row) => (
        <>
          <p className="field__hint">{row.email}</p>
          {!row.invitation_accepted && <p className="field__hint">{t.deleteNote}</p>}
        </>
      )}
    />
  );
}
