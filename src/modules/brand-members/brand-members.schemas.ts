// Brand members (staff of a brand who use the brand portal) and their invitations. Browser-safe.
// admin-and-brand-portal.md §3 (fields), §5 (invitation e-mail rules), §7 (calls).
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { emailSchema, passwordSchema, signInPasswordSchema } from '#src/modules/users/users.schemas';
import { countJson, dateTimeJson, emailText, idJson, linkToken, oneLine, type IdInput } from '#src/lib/isomorphic/validate';

const m = ja.adminApi.brandMembers;

/** An invitation link works this long, once. */
export const INVITATION_VALID_DAYS = 7;

/**
 * The invitation's address, with the spec's messages. The spec asks for a "simple e-mail pattern"; the address must
 * also pass the rule the portal's sign-in and password reset read it with (`emailSchema`'s z.email), or the member
 * would accept the invitation and then never be able to sign in with it.
 */
export const invitationEmailSchema = emailText({ required: m.emailRequired, tooLong: m.emailInvalid, invalid: m.emailInvalid });

/** POST /api/v1/brands/{brand_id}/members/invitation (admin) and the portal's own invitation. */
export const brandMemberInvitationSchema = z.object({ email: invitationEmailSchema });
export type BrandMemberInvitationInput = z.input<typeof brandMemberInvitationSchema>;

/** The admin's and the operator's calls on a brand's members name the brand (path /brands/{brand_id}/members). */
export interface BrandMembersOf {
  brand_id: IdInput;
}

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

// ---- Brand portal accounts (sign-in, password reset, invitation acceptance) ----------------------------

/** A reset link works this long, once. */
export const RESET_PASSWORD_VALID_HOURS = 1;

/** The reset link's path; the mail carries `{public base URL}/brand/password_reset?reset_password_token=…`. */
export const RESET_PASSWORD_PATH = '/brand/password_reset';

/** The page that asks for a reset link (the password change notice links to it). */
export const RESET_PASSWORD_MAIL_PATH = '/brand/password_reset_send_mail';

/** POST /brand/api/v1/brand-members/sign-in */
export const brandSignInSchema = z.object({ email: emailSchema, password: signInPasswordSchema });
export type BrandSignInInput = z.input<typeof brandSignInSchema>;

/** POST /brand/api/v1/brand-members/password: ask for a reset mail. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** PUT /brand/api/v1/brand-members/password: set a new password with the mailed token. */
/** The mailed token alone: the /brand/password_reset page checks it before asking for a new password. */
export const resetTokenSchema = z.object({
  reset_password_token: linkToken(ja.brandPortalApi.resetTokenInvalid),
});
export type ResetTokenInput = z.input<typeof resetTokenSchema>;
export const passwordResetSchema = resetTokenSchema.extend({ password: passwordSchema });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** PUT /brand/api/v1/brand-members/invitation: the first password ({email?, invitation_token, password}). */
/** GET /brand/api/v1/brand-members/invitation: the invitation link's query ({email?, invitation_token}). */
export const invitationCheckSchema = z.object({
  email: z
    .string({ error: m.invitationInvalid })
    .trim()
    .max(255, { error: m.invitationInvalid, abort: true })
    .check(oneLine())
    .optional()
    .default(''),
  invitation_token: linkToken(m.invitationInvalid).min(1, { error: m.invitationInvalid }),
});

export type InvitationCheckInput = z.input<typeof invitationCheckSchema>;

/** PUT /brand/api/v1/brand-members/invitation: the first password ({email?, invitation_token, password}). */
export const invitationAcceptSchema = invitationCheckSchema.extend({ password: passwordSchema });
export type InvitationAcceptInput = z.input<typeof invitationAcceptSchema>;

/** GET /brand/api/v1/brand-members/me (also the answer of sign-in): the spec's fields plus the brand's summary. */
export interface BrandMemberMe extends BrandMemberJson {
  brand: { id: number; name: string; description: string; published: boolean; image_url: string | null };
}

/** GET /brand/api/v1/brand-members: the brand's members, oldest first; `self` marks the signed-in member. */
export interface BrandPortalMembersResponse {
  brand: { id: number; name: string };
  members: (BrandMemberJson & { self: boolean })[];
  meta: { total_count: number };
}

/**
 * POST /brand/api/v1/brand-members/invitation (201): the same receipt for every well-formed address a member may
 * invite, so the answer never tells whether the address belongs to another brand's member (that address gets a
 * notice by mail instead of an invitation). The new member shows in GET /brand-members.
 */
export interface BrandInvitationSentJson {
  email: string;
  sent: true;
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

export const brandMemberJsonSchema = z
  .object({
    id: idJson(),
    email: z.string(),
    invitation_accepted: z.boolean(),
    invitation_created_at: dateTimeJson(),
    invitation_accepted_at: dateTimeJson().nullable(),
    brand_id: idJson(),
  })
  .meta({ id: 'BrandMember', description: 'ブランドメンバー（ポータルのアカウント）' }) satisfies z.ZodType<BrandMemberJson>;

export const brandInvitationSentJsonSchema = z.object({ email: z.string(), sent: z.literal(true) }).meta({
  id: 'BrandInvitationSent',
  description: '招待メールの送信を受け付けました（別のブランドのメンバーのアドレスでも同じ答えです）',
}) satisfies z.ZodType<BrandInvitationSentJson>;

export const brandMembersJsonSchema = z
  .object({ brand: z.object({ id: idJson(), name: z.string() }), members: z.array(brandMemberJsonSchema) })
  .meta({ id: 'BrandMemberList', description: 'ブランドのメンバー（管理者）' }) satisfies z.ZodType<BrandMembersResponse>;

export const brandMemberMeJsonSchema = brandMemberJsonSchema
  .extend({
    brand: z.object({ id: idJson(), name: z.string(), description: z.string(), published: z.boolean(), image_url: z.string().nullable() }),
  })
  .meta({ id: 'BrandMemberMe', description: 'ログイン中のブランドメンバーとそのブランド' }) satisfies z.ZodType<BrandMemberMe>;

export const brandPortalMembersJsonSchema = z
  .object({
    brand: z.object({ id: idJson(), name: z.string() }),
    members: z.array(brandMemberJsonSchema.extend({ self: z.boolean() })),
    meta: z.object({ total_count: countJson() }),
  })
  .meta({
    id: 'BrandPortalMemberList',
    description: '自分のブランドのメンバー（self は自分）',
  }) satisfies z.ZodType<BrandPortalMembersResponse>;

/** POST /brand/api/v1/brand-members/password: always the same answer for a well-formed address. */
export const passwordResetRequestedJsonSchema = z.object({ sent: z.literal(true) });

/** PUT /brand/api/v1/brand-members/password: the new password is set (every portal session of the member ends). */
export const passwordResetDoneJsonSchema = z.object({ reset: z.literal(true) });
