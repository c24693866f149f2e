// /api/v1/account: the signed-in user's own account page (profile, password, sessions, notification settings).
// The request's own session id and device travel to the service after the body, so a body can never name them.
import { Router, type Request } from 'express';
import type { Services } from '#src/root';
import { ValidationError } from '#src/lib/isomorphic/errors';
import { requireUser } from '#server/middleware/context';
import { limitedSignIn } from './sessions.routes';

function withSession(req: Request): Record<string, unknown> {
  return { ...req.body, current_session_id: req.sessionID, current_device: req.session?.device };
}

/** A wrong current password counts as a failed sign-in attempt of the account. */
export const wrongCurrentPassword = (error: unknown) => error instanceof ValidationError && Boolean(error.details?.current_password);

export function accountRoutes(services: Services): Router {
  const router = Router();

  router.get('/account', async (req, res) => {
    res.json(await services.account.get(req.ctx, {}));
  });

  router.put('/account/profile', async (req, res) => {
    res.json(await services.account.updateProfile(req.ctx, req.body));
  });

  router.put('/account/notifications', async (req, res) => {
    res.json(await services.account.updateNotifications(req.ctx, req.body));
  });

  /**
   * Limited like sign-in (sessions.routes.ts `limitedSignIn`), with the account as the subject: per IP, per account
   * and IP, and past many failures from everywhere only an IP new to the account is heard.
   */
  router.put('/account/password', requireUser, async (req, res) => {
    const answer = await limitedSignIn(req, 'password-change', () => services.account.changePassword(req.ctx, withSession(req)), {
      subject: `user:${req.actor?.id}`,
      isFailure: wrongCurrentPassword,
    });
    res.json(answer);
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
  router.post('/account/email', requireUser, async (req, res) => {
    const answer = await limitedSignIn(req, 'email-change', () => services.emailChanges.request(req.ctx, req.body), {
      subject: `user:${req.actor?.id}`,
      isFailure: wrongCurrentPassword,
    });
    res.status(202).json(answer);
  });

  router.get('/account/sessions', async (req, res) => {
    res.json(await services.account.sessions(req.ctx, withSession(req)));
  });

  router.delete('/account/sessions', async (req, res) => {
    res.json(await services.account.endOtherSessions(req.ctx, withSession(req)));
  });

  return router;
}
