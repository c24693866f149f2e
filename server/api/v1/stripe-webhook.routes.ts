// POST /api/v1/payments/stripe/webhook: mounted before the JSON parser and the same-origin check, because
// the signature covers the raw bytes and Stripe is another origin; the service verifies the signature.
import express, { Router } from 'express';
import type { Services } from '#src/root';

/** The `created` (Unix seconds) of an event whose signature the service has verified, for the metrics' lag. */
function createdOf(payload: unknown): number | null {
  try {
    const created: unknown = JSON.parse(Buffer.from(payload as Uint8Array).toString('utf8')).created;
    return typeof created === 'number' ? created : null;
  } catch {
    return null;
  }
}

/** `handled`: told of each event handled (server/metrics.ts), when metrics are on. */
export function stripeWebhookRoutes(services: Services, handled?: (outcome: string, createdSeconds: number | null) => void): Router {
  const router = Router();

  router.post('/payments/stripe/webhook', express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const answer = await services.stripeWebhook.handle(req.ctx, { payload: req.body, signature: req.get('stripe-signature') });
    handled?.(answer.outcome, createdOf(req.body));
    res.json(answer);
  });

  return router;
}
