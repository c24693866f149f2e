// Read helpers other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { BrandMemberActor } from '#src/lib/context';
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';

/**
 * The columns of a portal session's member (the table as `m`; the caller's join or WHERE keeps only a member who
 * accepted the invitation, `BRAND_MEMBER_SIGNED_IN`): SessionMemberRow.
 */
export const SESSION_MEMBER_COLUMNS = 'm.id AS member_id, m.email AS member_email, m.brand_id AS member_brand_id';

/** Who may be signed in to the portal (the table as `m`): only a member who accepted the invitation. */
export const BRAND_MEMBER_SIGNED_IN = 'm.invitation_accepted';

/** What a portal request needs about its member: the actor (its brand is every portal call's scope). */
export interface SessionMemberRow {
  member_id: number;
  member_email: string;
  member_brand_id: number;
}

const SESSION_MEMBER = readStatement(`SELECT ${SESSION_MEMBER_COLUMNS} FROM brand_members m WHERE m.id = ? AND ${BRAND_MEMBER_SIGNED_IN}`);

/** The actor of a row read by findBrandMemberActor or with the session (accounts/account-sessions.ts). */
export function brandMemberActor(row: SessionMemberRow): BrandMemberActor {
  return { kind: 'brandMember', id: Number(row.member_id), email: row.member_email, brandId: Number(row.member_brand_id) };
}

/**
 * The actor of a brand portal session (`req.session.brandMemberId`): only a member who accepted the invitation.
 * A brand member is never a marketplace user and never an administrator.
 */
export async function findBrandMemberActor(sql: SqlReader, id: number): Promise<BrandMemberActor | null> {
  const [row] = await readRows<SessionMemberRow>(sql, SESSION_MEMBER, [id]);
  return row ? brandMemberActor(row) : null;
}
