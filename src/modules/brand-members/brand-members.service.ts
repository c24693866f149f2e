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
import { parseId, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import { expiresAfter, hashToken, newToken, tokenHashMatches } from '#src/lib/reset-tokens';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { DUMMY_HASH, hashPassword, verifyPassword } from '#src/lib/password';
import * as ja from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import type { AuditService } from '#src/modules/audit/audit.service';
import { findBrandOverview, findBrandSummary } from '#src/modules/brands/brands.repository';
import { BrandMember, type IBrandMember } from './brand-members.entity';
import { findBrandMemberActor } from './brand-members.repository';
import {
  invitationAcceptSchema,
  invitationCheckSchema,
  INVITATION_PATH,
  INVITATION_VALID_DAYS,
  brandMemberInvitationSchema,
  brandSignInSchema,
  type BrandInvitationSentJson,
  type BrandMemberInvitationInput,
  type BrandMembersOf,
  type BrandSignInInput,
  type InvitationAcceptInput,
  type InvitationCheckInput,
  type BrandMemberJson,
  type BrandMemberMe,
  type BrandMembersResponse,
  type BrandPortalMembersResponse,
} from './brand-members.schemas';
import { transaction } from '#src/lib/transaction';
import { brandMemberJson } from './brand-member-json';
import { createBrandMemberPasswordReset } from './brand-member-password-reset';

const m = ja.adminApi.brandMembers;

export interface BrandMembersDeps {
  env: Pick<Env, 'APP_URL' | 'PORT'>;
  audit: AuditService;
}

const brandNotFound = () => new NotFoundError(ja.partners.brandNotFound, 'brand');
const memberNotFound = () => new NotFoundError(ja.adminApi.brandMemberNotFound, 'brand_member');

function snapshot(member: IBrandMember): Record<string, unknown> {
  return { email: member.email, brand_id: member.brand.id, invitation_accepted: member.invitationAccepted };
}

/** Expiry of an invitation created at `createdAt`. */
function invitationExpiresAt(createdAt: Date): Date {
  return expiresAfter(createdAt, INVITATION_VALID_DAYS * 24);
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
    input: BrandMemberInvitationInput,
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
              // A member of another brand links their own account page; an invitee who has not accepted cannot sign
              // in there yet and gets no link.
              footer: { account: 'brand', canSignIn: member.invitationAccepted },
              subject: m.elsewhereMailSubject(brand.name),
              text: mailText({ name: null, body: m.elsewhereMailBody(brand.name), baseUrl }),
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
      const expiresAt = formatInstantDateTimeJa(invitationExpiresAt(now));
      await enqueueMail(em, [
        {
          dedupeKey: `brand_member_invitation:${member.id}:${tokenHash.slice(0, 24)}`,
          to: email,
          // The way in: no account page until the invitation is accepted.
          footer: { account: 'brand', kind: 'access' },
          subject: m.mailSubject(brand.name),
          text: mailText({ name: null, body: m.mailBody({ brand: brand.name, url, expiresAt }), baseUrl }),
        },
      ]);
      audit.record(withEm(ctx, em), {
        entityType: 'brand',
        entityId: brand.id,
        action,
        after: { ...snapshot(member), member_id: member.id },
      });
      await em.flush();
      return { ...brandMemberJson(member), invitation_url: url };
    });
  }

  async function listOf(ctx: Ctx, brandId: number | null): Promise<BrandMembersResponse> {
    const brand = await findBrand(ctx.em, brandId);
    const rows = await ctx.em.find(BrandMember, { brand: brand.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return { brand: { id: brand.id, name: brand.name }, members: rows.map(brandMemberJson) };
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
  async function invite(ctx: Ctx, input: BrandMembersOf & BrandMemberInvitationInput): Promise<BrandMemberJson> {
    requireAdmin(ctx);
    const invited = await inviteTo(ctx, parseId(input.brand_id), input);
    if (!invited) throw new Error('an administrator invitation is never concealed');
    const { invitation_url: _url, ...member } = invited;
    return member;
  }

  /**
   * CLI `invite-brand-member`: the same invitation, and the link itself for the operator's shell only,
   * so the office can also hand it over by phone or LINE. The API never returns the token.
   */
  async function inviteByOperator(
    ctx: Ctx,
    input: BrandMembersOf & BrandMemberInvitationInput,
  ): Promise<BrandMemberJson & { invitation_url: string }> {
    if (ctx.actor.kind !== 'operator') throw new ForbiddenError(ja.errors.forbidden);
    const invited = await inviteTo(ctx, parseId(input.brand_id), input);
    if (!invited) throw new Error('an operator invitation is never concealed');
    return invited;
  }

  /** GET /api/v1/brands/{brand_id}/members (ADMIN). */
  async function list(ctx: Ctx, input: BrandMembersOf): Promise<BrandMembersResponse> {
    requireAdmin(ctx);
    return listOf(ctx, parseId(input.brand_id));
  }

  /** DELETE /api/v1/brands/{brand_id}/members/{id} (ADMIN): a pending member's invitation dies with the row. */
  async function remove(ctx: Ctx, input: BrandMembersOf & { id: IdInput }): Promise<void> {
    requireAdmin(ctx);
    return removeFrom(ctx, parseId(input.brand_id), parseId(input.id));
  }

  /**
   * POST /brand/api/v1/brand-members/invitation: a signed-in member invites to their own brand. The answer is the
   * same receipt whether the address was new, invited again, or another brand's member's (who then gets a notice
   * and stays as they were): a member cannot probe other brands' staff.
   */
  async function inviteToOwnBrand(ctx: Ctx, input: BrandMemberInvitationInput): Promise<BrandInvitationSentJson> {
    const actor = requireBrandMember(ctx);
    const { email } = parseInput(brandMemberInvitationSchema, input);
    await inviteTo(ctx, actor.brandId, input, { concealOtherBrand: true });
    return { email, sent: true };
  }

  /** GET /brand/api/v1/brand-members: the members of the signed-in member's brand (`self` marks them). */
  async function listOwnBrand(ctx: Ctx, _input: Record<string, never> = {}): Promise<BrandPortalMembersResponse> {
    const actor = requireBrandMember(ctx);
    const { brand, members } = await listOf(ctx, actor.brandId);
    return { brand, members: members.map((row) => ({ ...row, self: row.id === actor.id })), meta: { total_count: members.length } };
  }

  /**
   * DELETE /brand/api/v1/brand-members/{id}: the admin's rule (a pending member's invitation dies with the row),
   * only within the signed-in member's brand (another brand's member is 404), and never oneself (422).
   */
  async function removeFromOwnBrand(ctx: Ctx, input: { id: IdInput }): Promise<void> {
    const actor = requireBrandMember(ctx);
    const id = parseId(input.id);
    if (id === actor.id) throw new ValidationError({ base: [ja.brandPortalApi.cannotDeleteSelf] });
    return removeFrom(ctx, actor.brandId, id);
  }

  // ---- Brand portal accounts ----------------------------------------------------------------------------------

  /**
   * POST /brand/api/v1/brand-members/sign-in: e-mail and password of a member who accepted the invitation. One 401
   * whether or not the address exists (an unknown address is checked against a dummy hash: similar timing).
   */
  async function authenticate(ctx: Ctx, input: BrandSignInInput): Promise<BrandMemberActor> {
    const data = parseInput(brandSignInSchema, input);
    const member = await ctx.em.findOne(BrandMember, { email: data.email }, { populate: ['passwordHash'] });
    const hash = member?.invitationAccepted && member.passwordHash ? member.passwordHash : DUMMY_HASH;
    const ok = await verifyPassword(data.password, hash);
    if (!member || !ok || hash === DUMMY_HASH) throw new UnauthorizedError(ja.auth.invalidCredentials);
    return { kind: 'brandMember', id: member.id, email: member.email, brandId: member.brand.id };
  }

  /** GET /brand/api/v1/brand-members/me */
  async function me(ctx: Ctx, _input: Record<string, never> = {}): Promise<BrandMemberMe> {
    const actor = requireBrandMember(ctx);
    const member = await ctx.em.findOne(BrandMember, { id: actor.id, brand: actor.brandId });
    const brand = await findBrandOverview(ctx.em, actor.brandId);
    if (!member || !brand) throw new UnauthorizedError(ja.errors.unauthorized);
    return { ...brandMemberJson(member), brand };
  }

  /**
   * The member an invitation link belongs to, if the link is valid (unused, not expired, address matches). A link's
   * query may lack its fields: that is the same 422 as a wrong token.
   */
  async function findInvited(em: EntityManager, input: Partial<InvitationCheckInput>): Promise<IBrandMember> {
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
  async function checkInvitation(ctx: Ctx, input: Partial<InvitationCheckInput>): Promise<BrandMemberJson> {
    return brandMemberJson(await findInvited(ctx.em, input));
  }

  /**
   * PUT /brand/api/v1/brand-members/invitation ({email?, invitation_token, password}): sets the first password
   * and uses the token up (single use). Anyone holding the link may call it.
   */
  async function acceptInvitation(ctx: Ctx, input: InvitationAcceptInput): Promise<BrandMemberJson> {
    const data = parseInput(invitationAcceptSchema, input);
    return transaction(ctx.em, async (em) => {
      const member = await findInvited(em, data);
      member.passwordHash = await hashPassword(data.password);
      member.invitationAccepted = true;
      member.invitationAcceptedAt = new Date();
      member.invitationTokenHash = null;
      await em.flush();
      return brandMemberJson(member);
    });
  }

  /** The actor of a brand portal session (input: { id }), or null: only a member who accepted the invitation. */
  async function findActor(ctx: Ctx, input: { id: IdInput }): Promise<BrandMemberActor | null> {
    const id = parseId(input.id);
    return id ? findBrandMemberActor(ctx.sql, id) : null;
  }

  const { mailPasswordReset, resetPassword, checkResetToken } = createBrandMemberPasswordReset(baseUrl);

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
