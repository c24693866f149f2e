// Marketplace accounts: sign-up, sign-in, GET /api/v1/me, the session's actor, the operator's create-admin, and the
// password reset (the brand portal's shape, through src/lib/reset-tokens.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireAdmin, type Ctx, type UserActor } from '#src/lib/context';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { UnauthorizedError, ValidationError } from '#src/lib/isomorphic/errors';
import { expiresAfter, hashToken, newToken, resetMailAllowed, tokenHashMatches } from '#src/lib/reset-tokens';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import { hashPassword, verifyPassword, DUMMY_HASH } from '#src/lib/password';
import { isUniqueViolation } from '#src/lib/db-errors';
import { parseId, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { currentAmbassadorId } from '#src/modules/ambassadors/ambassadors.repository';
import { User, type IUser } from './users.entity';
import { findSessionUser, type SessionUserRow } from './users.repository';
import { mailVerificationLink } from './email-verification';
import {
  USER_RESET_PASSWORD_PATH,
  USER_RESET_PASSWORD_VALID_HOURS,
  TERMS_VERSION,
  accountSchema,
  existingAdminSchema,
  signInSchema,
  signUpSchema,
  userPasswordResetRequestSchema,
  userPasswordResetSchema,
  userResetTokenSchema,
  type CurrentUser,
  type UserRole,
  type AccountInput,
  type SignInInput,
  type SignUpInput,
  type UserPasswordResetInput,
  type UserPasswordResetRequestInput,
  type UserResetTokenInput,
} from './users.schemas';
import { transaction } from '#src/lib/transaction';

export interface UsersDeps {
  /** The public base URL of the reset link. */
  env: Pick<Env, 'APP_URL' | 'PORT'>;
}

/** A signed-in request's user: the actor, and the user as GET /api/v1/me shows it. */
export interface SignedInUser {
  actor: UserActor;
  current: CurrentUser;
}

/** The signed-in user of a row read by findSessionUser or with the session (accounts/account-sessions.ts). */
export function signedInUser(row: SessionUserRow): SignedInUser {
  const role = row.role as UserRole;
  return {
    actor: { kind: 'user', id: row.id, name: row.name, email: row.email, role },
    current: {
      id: row.id,
      name: row.name,
      email: row.email,
      avatar_url: row.avatar_url,
      access_control: role,
      current_ambassador_id: row.current_ambassador_id,
      email_verified: row.email_verified,
    },
  };
}

function toActor(user: IUser): UserActor {
  return { kind: 'user', id: user.id, name: user.name, email: user.email, role: user.role as UserRole };
}

export function createUsersService(deps: UsersDeps) {
  const baseUrl = publicBaseUrl(deps.env);

  /**
   * The session's user as an actor and as GET /api/v1/me shows it, in one statement (every signed-in
   * request reads it), or null when the account no longer exists (input: { id }).
   */
  async function findSession(ctx: Ctx, input: { id: IdInput }): Promise<SignedInUser | null> {
    const id = parseId(input.id);
    const row = id ? await findSessionUser(ctx.sql, id) : null;
    return row ? signedInUser(row) : null;
  }

  /**
   * POST /api/v1/users: the account, with the version of the terms consented to and the time, and the mail with its
   * address verification link (in the same transaction).
   */
  async function signUp(ctx: Ctx, input: SignUpInput): Promise<UserActor> {
    parseInput(signUpSchema, input);
    return createAccount(ctx, input, { termsVersion: TERMS_VERSION, termsConsentedAt: new Date() }, 'mail');
  }

  /** `verification`: 'mail' sends the sign-up's verification link; 'vouched' (the operator's account) counts as verified. */
  async function createAccount(
    ctx: Ctx,
    input: Partial<AccountInput>,
    consent: { termsVersion: string | null; termsConsentedAt: Date | null },
    verification: 'mail' | 'vouched',
  ): Promise<UserActor> {
    const data = parseInput(accountSchema, input);
    if (await ctx.em.count(User, { email: data.email })) {
      throw new ValidationError({ email: [ja.auth.emailTaken] });
    }
    const passwordHash = await hashPassword(data.password);
    try {
      return await transaction(ctx.em, async (em) => {
        const user = em.create(User, {
          name: data.name,
          email: data.email,
          passwordHash,
          role: 'USER',
          emailVerifiedAt: verification === 'vouched' ? new Date() : null,
          ...consent,
        });
        await em.flush();
        if (verification === 'mail') await mailVerificationLink(em, user, baseUrl);
        return toActor(user);
      });
    } catch (error) {
      // Two sign-ups racing for one e-mail: the unique index decides.
      if (isUniqueViolation(error)) throw new ValidationError({ email: [ja.auth.emailTaken] });
      throw error;
    }
  }

  /** Checks e-mail and password. Never tells whether the e-mail exists (same error, similar timing). */
  async function authenticate(ctx: Ctx, input: SignInInput): Promise<UserActor> {
    const data = parseInput(signInSchema, input);
    const user = await ctx.em.findOne(User, { email: data.email }, { populate: ['passwordHash'] });
    const ok = await verifyPassword(data.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) throw new UnauthorizedError(ja.auth.invalidCredentials);
    return toActor(user);
  }

  /**
   * Creates an ADMIN, or promotes an existing user to ADMIN (CLI create-admin: the operator, or an admin). An existing
   * account keeps its name and password; a password given for it is still checked (a mistyped one is refused, not
   * passed over), but never set here: changing it is the password reset's job. `previousRole` says what the account
   * was (null: created now).
   */
  async function createAdmin(
    ctx: Ctx,
    input: Partial<AccountInput>,
  ): Promise<{ actor: UserActor; created: boolean; previousRole: UserRole | null }> {
    requireAdmin(ctx);
    const { email, password } = input;
    const existing = await ctx.em.findOne(User, { email: typeof email === 'string' ? email.trim().toLowerCase() : '' });
    if (existing) {
      if (password !== undefined) parseInput(existingAdminSchema, { password });
      const previousRole = existing.role as UserRole;
      if (previousRole !== 'ADMIN') {
        existing.role = 'ADMIN';
        await ctx.em.flush();
      }
      return { actor: toActor(existing), created: false, previousRole };
    }
    // The operator makes this account: nobody consented to the terms yet (asked of a person at sign-up only).
    const actor = await createAccount(ctx, input, { termsVersion: null, termsConsentedAt: null }, 'vouched');
    const user = await ctx.em.findOneOrFail(User, { id: actor.id });
    user.role = 'ADMIN';
    await ctx.em.flush();
    return { actor: toActor(user), created: true, previousRole: null };
  }

  /** GET /api/v1/me: the spec's user info. current_ambassador_id follows ambassadors.repository currentAmbassadorId. */
  async function me(ctx: Ctx, _input?: unknown): Promise<CurrentUser> {
    if (ctx.actor.kind !== 'user') throw new UnauthorizedError(ja.auth.notSignedIn);
    const actor = ctx.actor;
    const [user, ambassadorId] = await Promise.all([ctx.em.findOneOrFail(User, { id: actor.id }), currentAmbassadorId(ctx.em, actor.id)]);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      avatar_url: user.avatarUrl ?? null,
      access_control: user.role as UserRole,
      current_ambassador_id: ambassadorId,
      email_verified: user.emailVerifiedAt != null,
    };
  }

  /**
   * The first publication request makes a USER a HOST (admins and hosts stay as they are). Called by the experiences
   * host service inside its transaction (pass its EntityManager in ctx); flushed by that transaction.
   */
  async function promoteToHost(ctx: Ctx, input: { id: IdInput }): Promise<void> {
    const id = parseId(input.id);
    const user = id ? await ctx.em.findOne(User, { id }) : null;
    if (user?.role === 'USER') user.role = 'HOST';
  }

  /**
   * The password reset job's marketplace side ({email}, src/modules/password-resets): inside the job's transaction
   * (ctx.em), an account gets a reset link (random token, sha256 stored, one hour, one use) through the outbox, at
   * most RESET_MAILS_PER_ACCOUNT an hour; a new link replaces the previous one. An unknown address: nothing.
   */
  async function mailPasswordReset(ctx: Ctx, input: UserPasswordResetRequestInput): Promise<void> {
    const { email } = parseInput(userPasswordResetRequestSchema, input);
    const em = ctx.em;
    const user = await em.findOne(User, { email });
    if (!user || !(await resetMailAllowed(ctx, 'user', user.id))) return;
    const { token, tokenHash } = newToken();
    const now = new Date();
    user.resetPasswordTokenHash = tokenHash;
    user.resetPasswordSentAt = now;
    await em.flush();
    const url = `${baseUrl}${USER_RESET_PASSWORD_PATH}?reset_password_token=${token}`;
    const expiresAt = formatInstantDateTimeJa(expiresAfter(now, USER_RESET_PASSWORD_VALID_HOURS));
    await enqueueMail(em, [
      {
        dedupeKey: `user_password_reset:${user.id}:${tokenHash.slice(0, 24)}`,
        to: user.email,
        // Its reader cannot sign in (that is why they asked): no account link.
        footer: { account: 'user', kind: 'access' },
        subject: ja.details.resetMailSubject,
        text: mailText({ name: user.name, body: ja.details.resetMailBody({ url, expiresAt }), baseUrl }),
      },
    ]);
  }

  /**
   * PUT /api/v1/password_resets ({reset_password_token, password}): sets the new password and uses the token up.
   * An unknown, used, expired or altered token is one 422 on reset_password_token. Returns the user's id (the
   * route ends that user's other sessions).
   */
  async function resetPassword(ctx: Ctx, input: UserPasswordResetInput): Promise<{ id: number }> {
    const data = parseInput(userPasswordResetSchema, input);
    if (data.reset_password_token.length === 0) throw invalidResetToken();
    const hash = hashToken(data.reset_password_token);
    const passwordHash = await hashPassword(data.password);
    return transaction(ctx.em, async (em) => {
      const user = await resetTokenOwner(em, hash);
      if (!user) throw invalidResetToken();
      user.passwordHash = passwordHash;
      user.resetPasswordTokenHash = null;
      user.resetPasswordSentAt = null;
      await em.flush();
      return { id: user.id };
    });
  }

  const invalidResetToken = () => new ValidationError({ reset_password_token: [ja.details.resetTokenInvalid] });

  /** The user a reset token belongs to while it can be used (issued, unused, not expired), else null. */
  async function resetTokenOwner(em: EntityManager, hash: string): Promise<IUser | null> {
    const user = await em.findOne(User, { resetPasswordTokenHash: hash });
    const valid =
      user != null &&
      user.resetPasswordSentAt != null &&
      tokenHashMatches(user.resetPasswordTokenHash, hash) &&
      expiresAfter(user.resetPasswordSentAt, USER_RESET_PASSWORD_VALID_HOURS).getTime() > Date.now();
    return valid ? user : null;
  }

  /**
   * The /password_reset page's server-side check ({reset_password_token}): whether the mailed link can still be
   * used, so an unknown, used or expired link says so before a new password is asked for (the same rule as
   * resetPassword, which checks again when the password is sent). Answers the same 422 as resetPassword.
   */
  async function checkResetToken(ctx: Ctx, input: UserResetTokenInput): Promise<{ valid: true }> {
    const { reset_password_token: token } = parseInput(userResetTokenSchema, input);
    if (token.length === 0 || !(await resetTokenOwner(ctx.em, hashToken(token)))) throw invalidResetToken();
    return { valid: true };
  }

  return {
    findSession,
    signedInUser,
    signUp,
    authenticate,
    createAdmin,
    me,
    promoteToHost,
    mailPasswordReset,
    resetPassword,
    checkResetToken,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
