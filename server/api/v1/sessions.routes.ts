// Sign-in, sign-out, sign-up and the marketplace's password reset, with the limits the brand portal's door shares.
import type { Request } from 'express';
import type { Services } from '#src/root';
import { endDoorSession, startSession } from '#server/session-doors';
import { count, hit, peek, reset } from '#src/lib/rate-limit';
import { TooManyRequestsError, UnauthorizedError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';
import { RESET_IP_WINDOW_SECONDS, RESET_REQUESTS_PER_IP, type ResetDoor } from '#src/lib/reset-tokens';
import { endAccountSessions } from '#src/modules/accounts/account-sessions';
import {
  currentUserSchema,
  signInSchema,
  signUpSchema,
  userPasswordResetDoneJsonSchema,
  userPasswordResetRequestedJsonSchema,
  userPasswordResetRequestSchema,
  userPasswordResetSchema,
} from '#src/modules/users/users.schemas';
import { route, type ApiRoute } from '#server/api/route';
import { meExample } from './sessions.examples';

/** Options of `limitedSignIn`: whose attempts count (default: the body's e-mail) and which refusal is a failure. */
export interface SignInLimitOptions {
  subject?: string;
  /** A refusal counted as a failed attempt (default: a 401, a wrong e-mail or password). */
  isFailure?: (error: unknown) => boolean;
}

function emailOf(req: Request): string {
  return typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase().slice(0, 255) : '';
}

/** Attempts per client IP (any e-mail) and per e-mail + IP pair, 10 minutes. */
export const SIGN_IN_PER_IP = 30;
const SIGN_IN_PER_EMAIL_AND_IP = 10;
/** Failed attempts for one e-mail from all IPs together, after which only an IP new to that e-mail may try. */
export const SIGN_IN_FAILURES_PER_EMAIL = 50;
const WINDOW_SECONDS = 600;

/**
 * Sign-in with limits that slow a password guesser without locking the owner out: every attempt counts
 * per client IP (30 / 10 min) and per e-mail + IP pair (10 / 10 min, forgotten after a success); failed attempts also
 * count per e-mail over all IPs. Past 50 failures for an e-mail, only an IP trying that e-mail for the first time in
 * the window is heard (one attempt per IP per window), so a distributed guesser is slowed while the owner, from
 * their own address, still signs in. Ten wrong passwords from one IP therefore slow that IP only.
 * The brand portal's sign-in uses it with its own `scope`; the account page's password change with the account as
 * the subject and a wrong current password as the failure.
 */
export async function limitedSignIn<T>(
  req: Request,
  scope: string,
  authenticate: () => Promise<T>,
  options: SignInLimitOptions = {},
): Promise<T> {
  const em = req.ctx.em;
  const email = options.subject ?? emailOf(req);
  const isFailure = options.isFailure ?? ((error: unknown) => error instanceof UnauthorizedError);
  const ip = req.ip ?? 'unknown';
  const pair = { key: `${scope}:email-ip:${email}|${ip}`, max: SIGN_IN_PER_EMAIL_AND_IP, windowSeconds: WINDOW_SECONDS };
  const failures = { key: `${scope}:email:${email}`, windowSeconds: WINDOW_SECONDS };
  const [, pairCount] = await hit(em, [{ key: `${scope}:ip:${ip}`, max: SIGN_IN_PER_IP, windowSeconds: WINDOW_SECONDS }, pair]);
  if (pairCount > 1 && (await peek(em, failures)) >= SIGN_IN_FAILURES_PER_EMAIL) {
    throw new TooManyRequestsError(ja.errors.tooManyRequests);
  }
  try {
    const actor = await authenticate();
    await reset(em, [pair.key]);
    return actor;
  } catch (error) {
    if (isFailure(error)) await count(em, failures);
    throw error;
  }
}

/**
 * A password reset request, the same for both doors (src/modules/password-resets): 429 only for an IP past its limit;
 * any well-formed address gets the same 202 at once, and the worker mails an account (a few mails an hour at most).
 */
export async function limitedResetRequest(req: Request, services: Services, door: ResetDoor): Promise<void> {
  await hit(req.ctx.em, [{ key: `reset:${door}:ip:${req.ip}`, max: RESET_REQUESTS_PER_IP, windowSeconds: RESET_IP_WINDOW_SECONDS }]);
  await services.passwordResets.request(req.ctx, { ...(req.body && typeof req.body === 'object' ? req.body : {}), door });
}

const accounts = ['アカウント'];

export const sessionsRoutes: ApiRoute[] = [
  route('post', '/sessions', 'ログインする', accounts, 'none', {
    body: signInSchema,
    status: 201,
    errors: [401, 429],
    response: currentUserSchema,
    answer: async (req, services) => {
      const actor = await limitedSignIn(req, 'signin', () => services.users.authenticate(req.ctx, req.body));
      await startSession(req, { userId: actor.id });
      req.ctx.actor = actor;
      return services.users.me(req.ctx);
    },
  }),
  /** Signs out of the marketplace only: a brand portal session of the same browser stays (server/session-doors.ts). */
  route('delete', '/sessions', 'ログアウトする', accounts, 'optional', {
    status: 204,
    answer: (req, _services, res) => endDoorSession(req, res, 'userId'),
  }),
  route('post', '/users', '会員登録する', accounts, 'none', {
    body: signUpSchema,
    status: 201,
    errors: [409, 429],
    response: currentUserSchema,
    answer: async (req, services) => {
      await hit(req.ctx.em, [{ key: `signup:ip:${req.ip}`, max: 20, windowSeconds: 3600 }]);
      const actor = await services.users.signUp(req.ctx, req.body);
      await startSession(req, { userId: actor.id });
      req.ctx.actor = actor;
      return services.users.me(req.ctx);
    },
  }),
  /** Ask for a reset mail: always the same 202 for a well-formed address (limitedResetRequest). */
  route('post', '/password_resets', 'パスワード再設定メールを送る', accounts, 'none', {
    body: userPasswordResetRequestSchema,
    status: 202,
    errors: [429],
    response: userPasswordResetRequestedJsonSchema,
    answer: async (req, services) => {
      await limitedResetRequest(req, services, 'user');
      return { sent: true };
    },
  }),
  /** A new password with the mailed token; every session of that user ends (other devices too). */
  route('put', '/password_resets', 'パスワードを再設定する', accounts, 'none', {
    body: userPasswordResetSchema,
    errors: [429],
    response: userPasswordResetDoneJsonSchema,
    answer: async (req, services) => {
      await hit(req.ctx.em, [{ key: `reset-token:ip:${req.ip}`, max: 30, windowSeconds: WINDOW_SECONDS }]);
      const user = await services.users.resetPassword(req.ctx, req.body);
      await endAccountSessions(req.ctx.em, { door: 'userId', id: user.id });
      return { reset: true };
    },
  }),
  route('get', '/me', 'ログイン中の利用者を取得する', accounts, 'optional', {
    errors: [401],
    response: currentUserSchema,
    example: meExample,
    // The user read with the session (server/session-store.ts) is this answer; `me` only if the request has none.
    answer: async (req, services) => req.currentUser ?? services.users.me(req.ctx),
  }),
];
