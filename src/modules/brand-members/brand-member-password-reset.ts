// The brand portal's password reset: the reset mail (asked for through the password reset job), the check of the
// mailed link, and the new password. Part of the brand members service's face. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ctx } from '#src/lib/context';
import { ValidationError } from '#src/lib/isomorphic/errors';
import { parseInput } from '#src/lib/isomorphic/validate';
import { expiresAfter, hashToken, newToken, resetMailAllowed, tokenHashMatches } from '#src/lib/reset-tokens';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { hashPassword } from '#src/lib/password';
import * as ja from '#src/i18n/ja';
import { transaction } from '#src/lib/transaction';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import { BrandMember, type IBrandMember } from './brand-members.entity';
import { brandMemberJson } from './brand-member-json';
import {
  RESET_PASSWORD_PATH,
  RESET_PASSWORD_VALID_HOURS,
  passwordResetRequestSchema,
  passwordResetSchema,
  resetTokenSchema,
  type BrandMemberJson,
  type PasswordResetInput,
  type PasswordResetRequestInput,
  type ResetTokenInput,
} from './brand-members.schemas';

/** Expiry of a reset link sent at `sentAt`. */
function resetExpiresAt(sentAt: Date): Date {
  return expiresAfter(sentAt, RESET_PASSWORD_VALID_HOURS);
}

/** `baseUrl`: the public base URL of the mailed link. */
export function createBrandMemberPasswordReset(baseUrl: string) {
  /**
   * The password reset job's portal side ({email}, src/modules/password-resets): inside the job's transaction
   * (ctx.em), a member who accepted the invitation gets a reset link (random token, sha256 stored, one hour, one use)
   * through the outbox, at most RESET_MAILS_PER_ACCOUNT an hour; a new link replaces the previous one.
   */
  async function mailPasswordReset(ctx: Ctx, input: PasswordResetRequestInput): Promise<void> {
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
    const expiresAt = formatInstantDateTimeJa(resetExpiresAt(now));
    await enqueueMail(em, [
      {
        dedupeKey: `brand_member_password_reset:${member.id}:${tokenHash.slice(0, 24)}`,
        to: member.email,
        // Its reader cannot sign in (that is why they asked): no account link.
        footer: { account: 'brand', kind: 'access' },
        subject: ja.brandPortalApi.resetMailSubject,
        // A brand member's account holds no name: no greeting.
        text: mailText({ name: null, body: ja.brandPortalApi.resetMailBody({ url, expiresAt }), baseUrl }),
      },
    ]);
  }

  /**
   * PUT /brand/api/v1/brand-members/password ({reset_password_token, password}): sets the new password and uses
   * the token up. An unknown, used, expired or altered token is one 422 on reset_password_token.
   */
  async function resetPassword(ctx: Ctx, input: PasswordResetInput): Promise<BrandMemberJson> {
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
      return brandMemberJson(member);
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
  async function checkResetToken(ctx: Ctx, input: ResetTokenInput): Promise<{ valid: true }> {
    const { reset_password_token: token } = parseInput(resetTokenSchema, input);
    if (token.length === 0 || !(await resetTokenOwner(ctx.em, hashToken(token)))) throw invalidResetToken();
    return { valid: true };
  }

  return { mailPasswordReset, resetPassword, checkResetToken };
}
