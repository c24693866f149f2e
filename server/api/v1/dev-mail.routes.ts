// GET /api/v1/dev/mails: the development mailbox (mails kept in the outbox when SMTP_URL is unset). 404 in production.
import { Router } from 'express';
import type { Services } from '#src/root';

export function devMailRoutes(services: Services): Router {
  const router = Router();
  router.get('/dev/mails', async (req, res) => {
    res.json({ mails: await services.mail.mailbox(req.ctx, req.query) });
  });
  return router;
}
