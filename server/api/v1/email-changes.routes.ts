// The mailed links of the e-mail address (no sign-in needed: the token is the proof): confirming or undoing an
// address change (both doors, src/modules/email-changes), and the sign-up verification with its resend.
import type { Router } from 'express';
import type { Services } from '#src/root';
import { hit } from '#src/lib/rate-limit';

/** Link attempts per client IP in 10 minutes (a guessed token is hopeless; this keeps the table quiet). */
const LINK_ATTEMPTS_PER_IP = 30;

export function emailChangesRoutes(router: Router, services: Services): void {
  router.post('/email_changes/confirm', async (req, res) => {
    await hit(req.ctx.em, [{ key: `email-link:ip:${req.ip}`, max: LINK_ATTEMPTS_PER_IP, windowSeconds: 600 }]);
    res.json(await services.emailChanges.confirm(req.ctx, req.body));
  });

  router.post('/email_changes/undo', async (req, res) => {
    await hit(req.ctx.em, [{ key: `email-link:ip:${req.ip}`, max: LINK_ATTEMPTS_PER_IP, windowSeconds: 600 }]);
    res.json(await services.emailChanges.undo(req.ctx, req.body));
  });

  router.post('/email_verification', async (req, res) => {
    await hit(req.ctx.em, [{ key: `email-link:ip:${req.ip}`, max: LINK_ATTEMPTS_PER_IP, windowSeconds: 600 }]);
    res.json(await services.emailVerification.verify(req.ctx, req.body));
  });

  /** A new verification link for the signed-in user (limited per account in the service). */
  router.post('/email_verification/resend', async (req, res) => {
    res.status(202).json(await services.emailVerification.resend(req.ctx, {}));
  });
}
