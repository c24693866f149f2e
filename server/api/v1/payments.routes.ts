// The test gateway's browser-facing steps (404 when Stripe is configured): a test card number -> its test token
// (raw card numbers never reach the reservation endpoint), and the stand-in for the 3-D Secure page.
// Signed-in only: stated by the service.
import type { Router } from 'express';
import type { Services } from '#src/root';

export function paymentsRoutes(router: Router, services: Services): void {
  router.post('/payments/test/tokens', async (req, res) => {
    res.status(201).json(await services.payments.tokenizeTestCard(req.ctx, req.body));
  });

  router.post('/payments/test/intents/:id/authenticate', async (req, res) => {
    res.json(await services.payments.authenticateTestIntent(req.ctx, { ...req.body, id: req.params.id }));
  });
}
