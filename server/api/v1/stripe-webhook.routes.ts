// POST /api/v1/payments/stripe/webhook (issue 13): mounted before the JSON parser and the same-origin check, because
// the signature covers the raw bytes and Stripe is another origin; the service verifies the signature.
import express, { Router } from 'express';
import type { Services } from '#src/root';

export function stripeWebhookRoutes(services: Services): Router {
  const router = Router();

  router.post('/payments/stripe/webhook', express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    res.json(await services.stripeWebhook.handle(req.ctx, { payload: req.body, signature: req.get('stripe-signature') }));
  });

  return router;
}
