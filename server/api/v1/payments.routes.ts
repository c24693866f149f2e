// The test gateway's browser-facing steps (404 when Stripe is configured): a test card number -> its test token
// (raw card numbers never reach the reservation endpoint), and the stand-in for the 3-D Secure page.
import { Router } from 'express';
import type { Services } from '#src/services';
import { requireUser } from '#server/middleware/context';

export function paymentsRoutes(services: Services): Router {
  const router = Router();

  router.post('/payments/test/tokens', requireUser, async (req, res) => {
    res.status(201).json(await services.payments.tokenizeTestCard(req.ctx, req.body));
  });

  router.post('/payments/test/intents/:id/authenticate', requireUser, async (req, res) => {
    res.json(await services.payments.authenticateTestIntent(req.ctx, String(req.params.id), req.body));
  });

  return router;
}
