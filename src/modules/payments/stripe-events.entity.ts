import { defineEntity, p } from '@mikro-orm/core';

/**
 * The Stripe webhook events already processed: each event id is handled once, whatever Stripe retries or
 * an attacker replays. The row is inserted in a transaction that stays open while the event is handled, so a
 * concurrent delivery of the same id waits and then sees it; a failed handling rolls the row back and Stripe's
 * retry handles it again.
 */
export const StripeEvent = defineEntity({
  name: 'StripeEvent',
  tableName: 'stripe_events',
  properties: {
    /** Stripe's event id (evt_...). */
    id: p.string().length(255).primary(),
    type: p.string().length(100),
    /** The object the event is about (pi_..., ch_...), for support. */
    objectId: p.string().length(255).nullable(),
    /** What handling it did: processed, ignored (a type or object we do not know). */
    outcome: p.string().length(32),
    processedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
