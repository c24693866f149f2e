// POST /api/v1/payments/stripe/webhook: Stripe tells us what happened to a payment, even when the guest's browser
// closed during 3-D Secure. https://docs.stripe.com/webhooks
//  - The signature is checked on the raw body with Stripe's SDK and STRIPE_WEBHOOK_SECRET (a 5-minute tolerance, so
//    an old signed event cannot be replayed later); unsigned or wrongly signed: 400. Without the secret the endpoint
//    is disabled (404): an unsigned event is never trusted.
//  - Each event id is handled once: a delivery claims it with one INSERT into stripe_events (outcome 'processing',
//    committed at once), does the work, then records the outcome. No transaction stays open across the work, which
//    uses connections of its own and calls the gateway: a burst of deliveries can never hold every pooled connection
//    while each waits for another (src/lib/transaction.ts). A work that fails gives the claim back (Stripe's retry
//    handles the event); a claim left by a process that died is taken over after CLAIM_STALE_SECONDS.
//  - A concurrent delivery of a claimed id waits briefly for the first one's outcome and answers 200 (duplicate); if
//    the first one gave its claim back meanwhile, it claims and handles the event itself.
//  - Any order is safe: the event's payload only names the intent; its state is asked from the gateway and applied
//    through the booking flow's own guarded transitions, exactly as the browser's confirm call does. A late
//    payment_failed after a success, or a succeeded after the browser's confirm, finds nothing left to do.
//  - charge.refunded marks the reservation's pending refund done (a guarded UPDATE: a replay is a no-op).
// Server-only.
import type Stripe from 'stripe';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ctx } from '#src/lib/context';
import { AppError, NotFoundError } from '#src/lib/isomorphic/errors';
import type { Env } from '#src/lib/env';
import * as ja from '#src/i18n/ja';
import type { ReservationsService } from '#src/modules/reservations/reservations.service';
import { GatewayUnavailableError } from './gateway';
import type { StripeWebhookAnswer } from './stripe-webhook.schemas';

/** The events to enable on the endpoint in Stripe's dashboard (docs/operations.md, "Stripe webhook"). */
const STRIPE_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
] as const;

export interface StripeWebhookDeps {
  env: Pick<Env, 'STRIPE_WEBHOOK_SECRET'>;
  reservations: Pick<ReservationsService, 'syncPaymentIntent' | 'markRefundedAtGateway'>;
}

/** A claim older than this was left by a process that died mid-event: a later delivery takes it over. */
const CLAIM_STALE_SECONDS = 60;
/** How long a concurrent delivery of a claimed event waits for its outcome before answering 200. */
const DUPLICATE_WAIT_MS = 2000;
const DUPLICATE_POLL_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const invalidSignature = () => new AppError(400, 'invalid_signature', ja.stripeWebhook.signatureInvalid);

function objectIdOf(event: Stripe.Event): string | null {
  const id = (event.data?.object as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id.slice(0, 255) : null;
}

/**
 * The webhook's request as the route passes it: the raw body and the Stripe-Signature header, each checked here (a
 * missing or malformed one is the 400 of a bad signature).
 */
export interface StripeWebhookInput {
  payload: unknown;
  signature: unknown;
}

export function createStripeWebhookService(deps: StripeWebhookDeps) {
  const { env, reservations } = deps;

  /** Verifies the signature on the raw body; the event, or 400. The SDK loads with the first event, not at start. */
  async function verify(secret: string, input: StripeWebhookInput): Promise<Stripe.Event> {
    const { payload, signature } = input;
    if (!(payload instanceof Uint8Array) || payload.length === 0) throw invalidSignature();
    if (typeof signature !== 'string' || signature === '') throw invalidSignature();
    const { default: StripeSdk } = await import('stripe');
    try {
      return StripeSdk.webhooks.constructEvent(payload, signature, secret);
    } catch {
      // A wrong or stale signature (StripeSignatureVerificationError), or a signed body that is not JSON.
      throw invalidSignature();
    }
  }

  /**
   * charge.refunded: the charge names its intent; the reservation paid with it has its pending refund marked done
   * (the worker's retry then has nothing left to do). Refunds are always whole, so the charge's refunded total must
   * cover the row's amount.
   */
  async function refunded(ctx: Ctx, em: EntityManager, event: Stripe.Event): Promise<'processed' | 'ignored'> {
    const charge = event.data.object as { payment_intent?: unknown; amount_refunded?: unknown; refunds?: { data?: { id?: unknown }[] } };
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : null;
    const amountRefunded = typeof charge.amount_refunded === 'number' ? charge.amount_refunded : 0;
    if (!intentId) return 'ignored';
    const refundId = charge.refunds?.data?.[0]?.id;
    const reservationId = await reservations.markRefundedAtGateway(em, {
      intentId,
      amountRefunded,
      refundId: typeof refundId === 'string' ? refundId.slice(0, 255) : null,
    });
    ctx.log.info({ event: event.id, intent: intentId, reservationId }, 'stripe webhook: charge refunded');
    return reservationId === null ? 'ignored' : 'processed';
  }

  /** The work of one event; what it did. */
  async function process(ctx: Ctx, event: Stripe.Event, objectId: string | null): Promise<'processed' | 'ignored'> {
    if (!(STRIPE_WEBHOOK_EVENTS as readonly string[]).includes(event.type) || !objectId) return 'ignored';
    if (event.type === 'charge.refunded') return refunded(ctx, ctx.em, event);
    let synced: Awaited<ReturnType<typeof reservations.syncPaymentIntent>>;
    try {
      synced = await reservations.syncPaymentIntent(objectId);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) {
        // Not recorded as seen: Stripe retries the event later.
        ctx.log.warn({ err: error, event: event.id }, 'stripe webhook: gateway unavailable');
        throw new AppError(503, 'payment_unavailable', ja.payments.unavailable);
      }
      throw error;
    }
    if (!synced) {
      // Another system sharing the Stripe account (a reset development database): nothing of ours.
      ctx.log.info({ event: event.id, type: event.type, intent: objectId }, 'stripe webhook: no reservation has this intent');
      return 'ignored';
    }
    if (event.type === 'payment_intent.succeeded' && (synced.status === 'failed' || synced.status === 'expired')) {
      // Cannot happen while the sweeper cancels at Stripe before releasing; if it ever does, a person must refund.
      ctx.log.error(
        { event: event.id, reservationId: synced.id, status: synced.status },
        'stripe webhook: paid but released: refund needed',
      );
    }
    ctx.log.info({ event: event.id, type: event.type, reservationId: synced.id, status: synced.status }, 'stripe webhook handled');
    return 'processed';
  }

  /** Claims the event for this delivery (a new row, or a stale claim taken over); false when another holds it. */
  async function claim(em: EntityManager, event: Stripe.Event, objectId: string | null): Promise<boolean> {
    const inserted = await em.execute<{ id: string }[]>(
      `INSERT INTO stripe_events (id, type, object_id, outcome) VALUES (?, ?, ?, 'processing') ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.type.slice(0, 100), objectId],
    );
    if (inserted.length > 0) return true;
    const taken = await em.execute<{ id: string }[]>(
      `UPDATE stripe_events SET processed_at = now() WHERE id = ? AND outcome = 'processing'
         AND processed_at < now() - make_interval(secs => ?) RETURNING id`,
      [event.id, CLAIM_STALE_SECONDS],
    );
    return taken.length > 0;
  }

  /** Another delivery holds the event: wait for its outcome, or claim it if the other gave it back. */
  async function awaitOther(em: EntityManager, event: Stripe.Event, objectId: string | null): Promise<boolean> {
    for (let waited = 0; waited < DUPLICATE_WAIT_MS; waited += DUPLICATE_POLL_MS) {
      await sleep(DUPLICATE_POLL_MS);
      const rows = await em.execute<{ outcome: string }[]>('SELECT outcome FROM stripe_events WHERE id = ?', [event.id]);
      if (rows.length === 0) return claim(em, event, objectId);
      if (rows[0].outcome !== 'processing') return false;
    }
    return false;
  }

  /** POST /api/v1/payments/stripe/webhook (input: { payload: the raw body, signature: the Stripe-Signature header }). */
  async function handle(ctx: Ctx, input: StripeWebhookInput): Promise<StripeWebhookAnswer> {
    const secret = env.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new NotFoundError(ja.stripeWebhook.disabled);
    const event = await verify(secret, input);
    const objectId = objectIdOf(event);
    const em = ctx.em;
    if (!(await claim(em, event, objectId)) && !(await awaitOther(em, event, objectId))) {
      return { received: true as const, outcome: 'duplicate' as const };
    }
    let outcome: 'processed' | 'ignored';
    try {
      outcome = await process(ctx, event, objectId);
    } catch (error) {
      // Give the claim back so that Stripe's retry handles the event (a failure here is left to the stale rule).
      await em
        .execute(`DELETE FROM stripe_events WHERE id = ? AND outcome = 'processing'`, [event.id])
        .catch((e: unknown) => ctx.log.warn({ err: e, event: event.id }, 'stripe webhook: claim not released'));
      throw error;
    }
    await em.execute('UPDATE stripe_events SET outcome = ?, processed_at = now() WHERE id = ?', [outcome, event.id]);
    return { received: true as const, outcome };
  }

  return { handle };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
