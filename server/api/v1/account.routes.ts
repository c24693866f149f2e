// /api/v1/account: the signed-in user's own account page (profile, password, sessions, notification settings).
// The request's own session id and device travel to the service after the body, so a body can never name them.
import type { Router, Request } from 'express';
import type { Services } from '#src/root';
import { requireUser, type Ctx } from '#src/lib/context';
import { ValidationError } from '#src/lib/isomorphic/errors';
import type { AccountSecurity } from '#src/modules/accounts/account-security';
import { limitedSignIn } from './sessions.routes';

function withSession(req: Request): Record<string, unknown> {
  return { ...req.body, current_session_id: req.sessionID, current_device: req.session?.device };
}

/** A wrong current password counts as a failed sign-in attempt of the account. */
export const wrongCurrentPassword = (error: unknown) => error instanceof ValidationError && Boolean(error.details?.current_password);

export function accountRoutes(router: Router, services: Services): void {
  router.get('/account', async (req, res) => {
    res.json(await services.account.get(req.ctx, {}));
  });

  router.put('/account/profile', async (req, res) => {
    res.json(await services.account.updateProfile(req.ctx, req.body));
  });

  router.put('/account/notifications', async (req, res) => {
    res.json(await services.account.updateNotifications(req.ctx, req.body));
  });

  /** The address and the change waiting for its confirmation link. */
  router.get('/account/email', async (req, res) => {
    res.json(await services.emailChanges.status(req.ctx, {}));
  });

  /** Cancels the change waiting for its confirmation link. */
  router.delete('/account/email', async (req, res) => {
    res.json(await services.emailChanges.cancelPending(req.ctx, {}));
  });

  /** A change of address: limited like the password change (a wrong current password counts as a failure). */
  router.post('/account/email', async (req, res) => {
    const subject = `user:${requireUser(req.ctx).id}`;
    const answer = await limitedSignIn(req, 'email-change', () => services.emailChanges.request(req.ctx, req.body), {
      subject,
      isFailure: wrongCurrentPassword,
    });
    res.status(202).json(answer);
  });

  accountSecurityRoutes(router, services.account, { scope: 'password-change', subject: (ctx) => `user:${requireUser(ctx).id}` });
}

/**
 * The password change and the sessions list of either door's account page (`/account/password`, `/account/sessions`
 * on the router given). The password change is limited like sign-in (sessions.routes.ts `limitedSignIn`) under the
 * door's own `scope`, with the account as the subject (`subject` also refuses anyone but the door's account, 401,
 * before anything is counted): per IP, per account and IP, and past many failures from everywhere only an IP new to
 * the account is heard.
 */
export function accountSecurityRoutes(
  router: Router,
  security: AccountSecurity,
  limit: { scope: string; subject: (ctx: Ctx) => string },
): void {
  router.put('/account/password', async (req, res) => {
    const subject = limit.subject(req.ctx);
    const answer = await limitedSignIn(req, limit.scope, () => security.changePassword(req.ctx, withSession(req)), {
      subject,
      isFailure: wrongCurrentPassword,
    });
    res.json(answer);
  });

  router.get('/account/sessions', async (req, res) => {
    res.json(await security.sessions(req.ctx, withSession(req)));
  });

  router.delete('/account/sessions', async (req, res) => {
    res.json(await security.endOtherSessions(req.ctx, withSession(req)));
  });
}
