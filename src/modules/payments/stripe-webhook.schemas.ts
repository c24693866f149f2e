// POST /api/v1/payments/stripe/webhook: what Stripe posts and what the endpoint answers. Browser-safe
// (the OpenAPI document reads them).
import { z } from 'zod';
import { oneLine } from '#src/lib/isomorphic/validate';

/**
 * What Stripe posts, for the API document: the service verifies the raw body's signature with Stripe's SDK and reads
 * only the event id, its type and data.object (the intent's id), each one line like every text a client sends.
 */
export const stripeEventSchema = z.object({
  id: z.string().check(oneLine()).describe('evt_...'),
  type: z.string().check(oneLine()).describe('payment_intent.succeeded, payment_intent.payment_failed, payment_intent.canceled'),
  data: z.object({ object: z.looseObject({ id: z.string().check(oneLine()) }) }),
});

const STRIPE_WEBHOOK_OUTCOMES = ['processed', 'ignored', 'duplicate'] as const;

/** The answer: processed, ignored (an event or intent not ours), or duplicate (this event id was handled before). */
export const stripeWebhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.enum(STRIPE_WEBHOOK_OUTCOMES) });
export type StripeWebhookAnswer = z.output<typeof stripeWebhookAnswerSchema>;
