// GET /api/v1/dev/mails: the development mailbox (mails kept in the outbox when SMTP_URL is unset). 404 in production.
import type { Router } from 'express';
import type { Services } from '#src/root';

export function devMailRoutes(router: Router, services: Services): void {
  router.get('/dev/mails', async (req, res) => {
    res.json({ mails: await services.mail.mailbox(req.ctx, req.query) });
  });
}
