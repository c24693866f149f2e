// The sign-up address check (users.email_verified_at): the mailed link's page and its confirmation, and a new link
// on request. An unverified account can browse and keep its session; booking needs a verified address
// (reservations.service.ts). A confirmed address change counts as verified too (user-email-door.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser, type Ctx } from '#src/lib/context';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { TooManyRequestsError, ValidationError } from '#src/lib/isomorphic/errors';
import { count } from '#src/lib/rate-limit';
import { expiresAfter, hashToken, tokenHashMatches } from '#src/lib/reset-tokens';
import { transaction } from '#src/lib/transaction';
import { parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { User, type IUser } from './users.entity';
import { mailVerificationLink } from './email-verification';
import {
  EMAIL_VERIFICATION_RESENDS_PER_HOUR,
  EMAIL_VERIFICATION_VALID_HOURS,
  emailVerificationSchema,
  type EmailVerificationInput,
} from './email-verification.schemas';

const t = ja.emailVerification;

export interface EmailVerificationDeps {
  env: Pick<Env, 'APP_URL' | 'PORT'>;
}

const linkInvalid = () => new ValidationError({ token: [t.linkInvalid] });

/** The user a token belongs to while it can be used (issued, unused, not expired), else null. */
async function tokenOwner(em: EntityManager, input: EmailVerificationInput): Promise<IUser | null> {
  const { token } = parseInput(emailVerificationSchema, input);
  if (token.length === 0) return null;
  const hash = hashToken(token);
  const user = await em.findOne(User, { emailVerifyTokenHash: hash });
  const valid =
    user != null &&
    user.emailVerifySentAt != null &&
    tokenHashMatches(user.emailVerifyTokenHash, hash) &&
    expiresAfter(user.emailVerifySentAt, EMAIL_VERIFICATION_VALID_HOURS).getTime() > Date.now();
  return valid ? user : null;
}

export function createEmailVerificationService(deps: EmailVerificationDeps) {
  const baseUrl = publicBaseUrl(deps.env);

  /** The /email_verification page's check ({ token }): 422 when the link cannot be used. */
  async function check(ctx: Ctx, input: EmailVerificationInput): Promise<{ valid: true }> {
    if (!(await tokenOwner(ctx.em, input))) throw linkInvalid();
    return { valid: true };
  }

  /** POST /api/v1/email_verification ({ token }): the address is verified and the token used up. */
  async function verify(ctx: Ctx, input: EmailVerificationInput): Promise<{ verified: true }> {
    return transaction(ctx.em, async (em) => {
      const user = await tokenOwner(em, input);
      if (!user) throw linkInvalid();
      user.emailVerifiedAt = new Date();
      user.emailVerifyTokenHash = null;
      await em.flush();
      return { verified: true as const };
    });
  }

  /**
   * POST /api/v1/email_verification/resend: a new link to the signed-in user's address (the previous one stops
   * working), at most EMAIL_VERIFICATION_RESENDS_PER_HOUR an hour (429 past it). A verified address: 422.
   */
  async function resend(ctx: Ctx, _input?: unknown): Promise<{ sent: true }> {
    const actor = requireUser(ctx);
    const current = await ctx.em.findOneOrFail(User, { id: actor.id });
    if (current.emailVerifiedAt != null) throw new ValidationError({ base: [t.alreadyVerified] });
    const n = await count(ctx.em, { key: `email-verification:${actor.id}`, windowSeconds: 3600 });
    if (n > EMAIL_VERIFICATION_RESENDS_PER_HOUR) throw new TooManyRequestsError(t.tooManyResends);
    await transaction(ctx.em, async (em) => {
      const user = await em.findOneOrFail(User, { id: actor.id });
      await mailVerificationLink(em, user, baseUrl);
    });
    return { sent: true };
  }

  return { check, verify, resend };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
