// Brand members (staff of a brand who use the brand portal) and their invitations. Browser-safe.
// admin-and-brand-portal.md §3 (fields), §5 (invitation e-mail rules), §7 (calls).
import { z } from 'zod';
import { ja } from '#src/i18n/ja';

const m = ja.adminApi.brandMembers;

/** An invitation link works this long, once. */
export const INVITATION_VALID_DAYS = 7;

/** The spec's "simple e-mail pattern". */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const invitationEmailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired, abort: true })
  .max(255, { error: m.emailInvalid, abort: true })
  .regex(SIMPLE_EMAIL, { error: m.emailInvalid })
  .transform((value) => value.toLowerCase());

/** POST /api/v1/brands/{brand_id}/members/invitation (admin) and the portal's own invitation. */
export const brandMemberInvitationSchema = z.object({ email: invitationEmailSchema });
export type BrandMemberInvitationInput = z.input<typeof brandMemberInvitationSchema>;

/** The spec's brand member. */
export interface BrandMemberJson {
  id: number;
  email: string;
  invitation_accepted: boolean;
  invitation_created_at: string;
  invitation_accepted_at: string | null;
  brand_id: number;
}

/** GET /api/v1/brands/{brand_id}/members */
export interface BrandMembersResponse {
  brand: { id: number; name: string };
  members: BrandMemberJson[];
}

/** The invitation link's path; the mail carries `{public base URL}/brand/invitation?email=…&invitation_token=…`. */
export const INVITATION_PATH = '/brand/invitation';
