// Brand members and their invitations (admin-and-brand-portal.md §3-§5, §7). The administrator invites from
// /admin/brand/{id}/member_invitation; the brand portal and the CLI reuse the same invitation.
//
// An invitation creates the member (or renews the invitation of the same address in the same brand) with a
// random token of which only the sha256 is stored; the link works once and for INVITATION_VALID_DAYS days.
// The mail goes through the outbox in the same transaction. Deleting a member who has not accepted removes the
// row and with it the token (the link stops working).
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireAdmin, requireBrandMember, type BrandMemberActor, type Ctx, withEm } from '#src/lib/context';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '#src/lib/isomorphic/errors';
import { parseId, parseInput } from '#src/lib/isomorphic/validate';
import { expiresAfter, hashToken, mailExpiry, newToken, resetMailAllowed, tokenHashMatches } from '#src/lib/reset-tokens';
import { DUMMY_HASH, hashPassword, verifyPassword } from '#src/lib/password';
import * as ja from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import type { AuditService } from '#src/modules/audit/audit.service';
import { findBrandOverview, findBrandSummary } from '#src/modules/brands/brands.repository';
import { BrandMember, type IBrandMember } from './brand-members.entity';
import { findBrandMemberActor } from './brand-members.repository';
import {
  invitationAcceptSchema,
  invitationCheckSchema,
  INVITATION_PATH,
  INVITATION_VALID_DAYS,
  RESET_PASSWORD_PATH,
  RESET_PASSWORD_VALID_HOURS,
  brandMemberInvitationSchema,
  brandSignInSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  resetTokenSchema,
  type BrandInvitationSentJson,
  type BrandMemberJson,
  type BrandMemberMe,
  type BrandMembersResponse,
  type BrandPortalMembersResponse,
} from './brand-members.schemas';
import { transaction } from '#src/lib/transaction';

const m = ja.adminApi.brandMembers;

export interface BrandMembersDeps {
  env: Pick<Env, 'APP_URL' | 'PORT'>;
  audit: AuditService;
}

const brandNotFound = () => new NotFoundError(ja.partners.brandNotFound, 'brand');
const memberNotFound = () => new NotFoundError(ja.adminApi.brandMemberNotFound, 'brand_member');

function idOf(input: unknown, ...keys: string[]): number | null {
  if (input == null || typeof input !== 'object') return parseId(input);
  const record = input as Record<string, unknown>;
  for (const key of keys) if (record[key] !== undefined) return parseId(record[key]);
  return null;
}

function toJson(member: IBrandMember): BrandMemberJson {
  return {
    id: member.id,
    email: member.email,
    invitation_accepted: member.invitationAccepted,
    invitation_created_at: new Date(member.invitationCreatedAt).toISOString(),
    invitation_accepted_at: member.invitationAcceptedAt ? new Date(member.invitationAcceptedAt).toISOString() : null,
    brand_id: member.brand.id,
  };
}

function snapshot(member: IBrandMember): Record<string, unknown> {
  return { email: member.email, brand_id: member.brand.id, invitation_accepted: member.invitationAccepted };
}

/** Expiry of an invitation created at `createdAt`. */
function invitationExpiresAt(createdAt: Date): Date {
  return expiresAfter(createdAt, INVITATION_VALID_DAYS * 24);
}

/** Expiry of a reset link sent at `sentAt`. */
function resetExpiresAt(sentAt: Date): Date {
  return expiresAfter(sentAt, RESET_PASSWORD_VALID_HOURS);
}

export function createBrandMembersService(deps: BrandMembersDeps) {
  const { audit } = deps;
  const baseUrl = publicBaseUrl(deps.env);

  async function findBrand(em: EntityManager, id: number | null): Promise<{ id: number; name: string }> {
    if (!id) throw brandNotFound();
    const brand = await findBrandSummary(em, id);
    if (!brand) throw brandNotFound();
    return brand;
  }

  /**
   * The one invitation: create or renew, token, mail, audit. An address of another brand's member is never moved
   * or re-invited: the administrator and the operator (who see every brand) are told so (422); for a brand member
   * (`concealOtherBrand`) the answer must not tell another brand's staff apart, so nothing is written, the address
   * gets a notice that it cannot join this brand with that address, and the caller answers as for a new address
   * (null here).
   */
  async function inviteTo(
    ctx: Ctx,
    brandId: number | null,
    input: unknown,
    options: { concealOtherBrand?: boolean } = {},
  ): Promise<(BrandMemberJson & { invitation_url: string }) | null> {
    const { email } = parseInput(brandMemberInvitationSchema, input);
    return transaction(ctx.em, async (em) => {
      const brand = await findBrand(em, brandId);
      const { token, tokenHash } = newToken();
      const now = new Date();
      let member = await em.findOne(BrandMember, { email });
      let action: 'invite' | 'reinvite' = 'invite';
      if (member) {
        if (member.brand.id !== brand.id && options.concealOtherBrand) {
          // One notice a day per inviting brand and address, however often the form is sent.
          await enqueueMail(em, [
            {
              dedupeKey: `brand_member_elsewhere:${brand.id}:${member.id}:${now.toISOString().slice(0, 10)}`,
              to: email,
              // A member of another brand: their settings page is theirs.
              footer: 'brand',
              subject: m.elsewhereMailSubject(brand.name),
              text: m.elsewhereMailText(brand.name),
            },
          ]);
          ctx.log.info({ brandId: brand.id, memberId: member.id }, 'portal invitation of another brand member: notice mailed');
          return null;
        }
        if (member.brand.id !== brand.id) throw new ValidationError({ email: [m.otherBrand] });
        if (member.invitationAccepted) throw new ValidationError({ email: [m.alreadyJoined] });
        member.invitationTokenHash = tokenHash;
        member.invitationCreatedAt = now;
        action = 'reinvite';
      } else {
        member = em.create(BrandMember, { brand: brand.id, email, invitationTokenHash: tokenHash, invitationCreatedAt: now });
      }
      await em.flush();
      const url = `${baseUrl}${INVITATION_PATH}?email=${encodeURIComponent(email)}&invitation_token=${token}`;
      const expiresAt = mailExpiry(invitationExpiresAt(now));
      await enqueueMail(em, [
        {
          dedupeKey: `brand_member_invitation:${member.id}:${tokenHash.slice(0, 24)}`,
          to: email,
          // Not a member yet (no settings page until the invitation is accepted).
          footer: null,
          subject: m.mailSubject(brand.name),
          text: m.mailText({ brand: brand.name, url, expiresAt }),
        },
      ]);
      audit.record(withEm(ctx, em), {
        entityType: 'brand',
        entityId: brand.id,
        action,
        after: { ...snapshot(member), member_id: member.id },
      });
      await em.flush();
      return { ...toJson(member), invitation_url: url };
    });
  }

  async function listOf(ctx: Ctx, brandId: number | null): Promise<BrandMembersResponse> {
    const brand = await findBrand(ctx.em, brandId);
    const rows = await ctx.em.find(BrandMember, { brand: brand.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return { brand: { id: brand.id, name: brand.name }, members: rows.map(toJson) };
  }

  async function removeFrom(ctx: Ctx, brandId: number | null, memberId: number | null): Promise<void> {
    await transaction(ctx.em, async (em) => {
      const brand = await findBrand(em, brandId);
      if (!memberId) throw memberNotFound();
      const member = await em.findOne(BrandMember, { id: memberId, brand: brand.id });
      if (!member) throw memberNotFound();
      audit.record(withEm(ctx, em), {
        entityType: 'brand',
        entityId: brand.id,
        action: member.invitationAccepted ? 'remove_member' : 'revoke',
        before: { ...snapshot(member), member_id: member.id },
      });
      em.remove(member);
      await em.flush();
    });
  }

  /** POST /api/v1/brands/{brand_id}/members/invitation (ADMIN), and the CLI with operator(). */
  async function invite(ctx: Ctx, input: unknown): Promise<BrandMemberJson> {
    requireAdmin(ctx);
    const invited = await inviteTo(ctx, idOf(input, 'brand_id', 'id'), input);
    if (!invited) throw new Error('an administrator invitation is never concealed');
    const { invitation_url: _url, ...member } = invited;
    return member;
  }

  /**
   * CLI `invite-brand-member`: the same invitation, and the link itself for the operator's shell only,
   * so the office can also hand it over by phone or LINE. The API never returns the token.
   */
  async function inviteByOperator(ctx: Ctx, input: unknown): Promise<BrandMemberJson & { invitation_url: string }> {
    if (ctx.actor.kind !== 'operator') throw new ForbiddenError(ja.errors.forbidden);
    const invited = await inviteTo(ctx, idOf(input, 'brand_id', 'id'), input);
    if (!invited) throw new Error('an operator invitation is never concealed');
    return invited;
  }

  /** GET /api/v1/brands/{brand_id}/members (ADMIN). */
  async function list(ctx: Ctx, input: unknown): Promise<BrandMembersResponse> {
    requireAdmin(ctx);
    return listOf(ctx, idOf(input, 'brand_id', 'id'));
  }

  /** DELETE /api/v1/brands/{brand_id}/members/{id} (ADMIN): a pending member's invitation dies with the row. */
  async function remove(ctx: Ctx, input: unknown): Promise<void> {
    requireAdmin(ctx);
    const record = (input ?? {}) as Record<string, unknown>;
    return removeFrom(ctx, parseId(record.brand_id), parseId(record.id));
  }

  /**
   * POST /brand/api/v1/brand-members/invitation: a signed-in member invites to their own brand. The answer is the
   * same receipt whether the address was new, invited again, or another brand's member's (who then gets a notice
   * and stays as they were): a member cannot probe other brands' staff.
   */
  async function inviteToOwnBrand(ctx: Ctx, input: unknown): Promise<BrandInvitationSentJson> {
    const actor = requireBrandMember(ctx);
    const { email } = parseInput(brandMemberInvitationSchema, input);
    await inviteTo(ctx, actor.brandId, input, { concealOtherBrand: true });
    return { email, sent: true };
  }

  /** GET /brand/api/v1/brand-members: the members of the signed-in member's brand (`self` marks them). */
  async function listOwnBrand(ctx: Ctx, _input: unknown = {}): Promise<BrandPortalMembersResponse> {
    const actor = requireBrandMember(ctx);
    const { brand, members } = await listOf(ctx, actor.brandId);
    return { brand, members: members.map((row) => ({ ...row, self: row.id === actor.id })), meta: { total_count: members.length } };
  }

  /**
   * DELETE /brand/api/v1/brand-members/{id}: the admin's rule (a pending member's invitation dies with the row),
   * only within the signed-in member's brand (another brand's member is 404), and never oneself (422).
   */
  async function removeFromOwnBrand(ctx: Ctx, input: unknown): Promise<void> {
    const actor = requireBrandMember(ctx);
    const id = idOf(input, 'id');
    if (id === actor.id) throw new ValidationError({ base: [ja.brandPortalApi.cannotDeleteSelf] });
    return removeFrom(ctx, actor.brandId, id);
  }

  // ---- Brand portal accounts ----------------------------------------------------------------------------------

  /**
   * POST /brand/api/v1/brand-members/sign-in: e-mail and password of a member who accepted the invitation. One 401
   * whether or not the address exists (an unknown address is checked against a dummy hash: similar timing).
   */
  async function authenticate(ctx: Ctx, input: unknown): Promise<BrandMemberActor> {
    const data = parseInput(brandSignInSchema, input);
    const member = await ctx.em.findOne(BrandMember, { email: data.email }, { populate: ['passwordHash'] });
    const hash = member?.invitationAccepted && member.passwordHash ? member.passwordHash : DUMMY_HASH;
    const ok = await verifyPassword(data.password, hash);
    if (!member || !ok || hash === DUMMY_HASH) throw new UnauthorizedError(ja.auth.invalidCredentials);
    return { kind: 'brandMember', id: member.id, email: member.email, brandId: member.brand.id };
  }

  /** GET /brand/api/v1/brand-members/me */
  async function me(ctx: Ctx, _input: unknown = {}): Promise<BrandMemberMe> {
    const actor = requireBrandMember(ctx);
    const member = await ctx.em.findOne(BrandMember, { id: actor.id, brand: actor.brandId });
    const brand = await findBrandOverview(ctx.em, actor.brandId);
    if (!member || !brand) throw new UnauthorizedError(ja.errors.unauthorized);
    return { ...toJson(member), brand };
  }

  /**
   * The password reset job's portal side ({email}, src/modules/password-resets): inside the job's transaction
   * (ctx.em), a member who accepted the invitation gets a reset link (random token, sha256 stored, one hour, one use)
   * through the outbox, at most RESET_MAILS_PER_ACCOUNT an hour; a new link replaces the previous one.
   */
  async function mailPasswordReset(ctx: Ctx, input: unknown): Promise<void> {
    const { email } = parseInput(passwordResetRequestSchema, input);
    const em = ctx.em;
    const member = await em.findOne(BrandMember, { email, invitationAccepted: true });
    if (!member || !(await resetMailAllowed(ctx, 'brand', member.id))) return;
    const { token, tokenHash } = newToken();
    const now = new Date();
    member.resetPasswordTokenHash = tokenHash;
    member.resetPasswordSentAt = now;
    await em.flush();
    const url = `${baseUrl}${RESET_PASSWORD_PATH}?reset_password_token=${token}`;
    const expiresAt = mailExpiry(resetExpiresAt(now));
    await enqueueMail(em, [
      {
        dedupeKey: `brand_member_password_reset:${member.id}:${tokenHash.slice(0, 24)}`,
        to: member.email,
        footer: 'brand',
        subject: ja.brandPortalApi.resetMailSubject,
        text: ja.brandPortalApi.resetMailText({ url, expiresAt }),
      },
    ]);
  }

  /**
   * PUT /brand/api/v1/brand-members/password ({reset_password_token, password}): sets the new password and uses
   * the token up. An unknown, used, expired or altered token is one 422 on reset_password_token.
   */
  async function resetPassword(ctx: Ctx, input: unknown): Promise<BrandMemberJson> {
    const data = parseInput(passwordResetSchema, input);
    if (data.reset_password_token.length === 0) throw invalidResetToken();
    const hash = hashToken(data.reset_password_token);
    const passwordHash = await hashPassword(data.password);
    return transaction(ctx.em, async (em) => {
      const member = await resetTokenOwner(em, hash);
      if (!member) throw invalidResetToken();
      member.passwordHash = passwordHash;
      member.resetPasswordTokenHash = null;
      member.resetPasswordSentAt = null;
      await em.flush();
      return toJson(member);
    });
  }

  const invalidResetToken = () => new ValidationError({ reset_password_token: [ja.brandPortalApi.resetTokenInvalid] });

  /** The member a reset token belongs to while it can be used (issued, unused, not expired), else null. */
  async function resetTokenOwner(em: EntityManager, hash: string): Promise<IBrandMember | null> {
    const member = await em.findOne(BrandMember, { resetPasswordTokenHash: hash, invitationAccepted: true });
    const valid =
      member != null &&
      member.resetPasswordSentAt != null &&
      tokenHashMatches(member.resetPasswordTokenHash, hash) &&
      resetExpiresAt(new Date(member.resetPasswordSentAt)).getTime() > Date.now();
    return valid ? member : null;
  }

  /**
   * The /brand/password_reset page's server-side check ({reset_password_token}): whether the mailed link can still
   * be used, so an unknown, used or expired link says so before a new password is asked for (the same rule as
   * resetPassword, which checks again when the password is sent). Answers the same 422 as resetPassword.
   */
  async function checkResetToken(ctx: Ctx, input: unknown): Promise<{ valid: true }> {
    const { reset_password_token: token } = parseInput(resetTokenSchema, input);
    if (token.length === 0 || !(await resetTokenOwner(ctx.em, hashToken(token)))) throw invalidResetToken();
    return { valid: true };
  }

  /** The member an invitation link belongs to, if the link is valid (unused, not expired, address matches). */
  async function findInvited(em: EntityManager, input: unknown): Promise<IBrandMember> {
    const parsed = invitationCheckSchema.safeParse(input ?? {});
    if (!parsed.success) throw new ValidationError({ invitation_token: [m.invitationInvalid] });
    const hash = hashToken(parsed.data.invitation_token);
    const member = await em.findOne(BrandMember, { invitationTokenHash: hash, invitationAccepted: false });
    const valid =
      member != null &&
      tokenHashMatches(member.invitationTokenHash, hash) &&
      (parsed.data.email === '' || parsed.data.email.toLowerCase() === member.email) &&
      invitationExpiresAt(new Date(member.invitationCreatedAt)).getTime() > Date.now();
    if (!valid || !member) throw new ValidationError({ invitation_token: [m.invitationInvalid] });
    return member;
  }

  /** The brand portal's /brand/invitation page: whether the link can still be used ({email, invitation_token}). */
  async function checkInvitation(ctx: Ctx, input: unknown): Promise<BrandMemberJson> {
    return toJson(await findInvited(ctx.em, input));
  }

  /**
   * PUT /brand/api/v1/brand-members/invitation ({email?, invitation_token, password}): sets the first password
   * and uses the token up (single use). Anyone holding the link may call it.
   */
  async function acceptInvitation(ctx: Ctx, input: unknown): Promise<BrandMemberJson> {
    const data = parseInput(invitationAcceptSchema, input);
    return transaction(ctx.em, async (em) => {
      const member = await findInvited(em, data);
      member.passwordHash = await hashPassword(data.password);
      member.invitationAccepted = true;
      member.invitationAcceptedAt = new Date();
      member.invitationTokenHash = null;
      await em.flush();
      return toJson(member);
    });
  }

  /** The actor of a brand portal session (input: { id }), or null: only a member who accepted the invitation. */
  async function findActor(ctx: Ctx, input: unknown): Promise<BrandMemberActor | null> {
    const id = idOf(input, 'id');
    return id ? findBrandMemberActor(ctx.em, id) : null;
  }

  return {
    findActor,
    invite,
    inviteByOperator,
    list,
    remove,
    inviteToOwnBrand,
    listOwnBrand,
    removeFromOwnBrand,
    checkInvitation,
    acceptInvitation,
    authenticate,
    me,
    mailPasswordReset,
    resetPassword,
    checkResetToken,
  };
}

export type BrandMembersService = ReturnType<typeof createBrandMembersService>;
