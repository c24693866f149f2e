// The small interface the reservation service charges through (ARCHITECTURE.md "payments"): Stripe in production,
// the built-in test gateway otherwise. Server-only.
//
// The flow is Stripe's PaymentIntents, split in two idempotent steps so an intent id is known before any money
// can move: createIntent (nothing charged) -> confirmIntent (charges, or asks for 3-D Secure). Whoever finds an
// abandoned attempt later (the hold sweeper) can always look the intent up again and cancel it.
import { createHash } from 'node:crypto';

export type GatewayKind = 'test' | 'stripe';

export type IntentOutcome =
  | { status: 'succeeded'; intentId: string }
  /** The card needs authentication (3-D Secure): the browser completes it with the client secret. */
  | { status: 'requires_action'; intentId: string; clientSecret: string; nextActionUrl: string | null }
  /** Declined by the issuer, failed authentication, or an unusable token. `code` is for logs only. */
  | { status: 'declined'; intentId: string; code: string }
  /** Not final yet: another request is confirming it right now, or the network holds the result. */
  | { status: 'processing'; intentId: string }
  | { status: 'canceled'; intentId: string };

export interface CreateIntentInput {
  /** Integer yen. */
  amount: number;
  idempotencyKey: string;
  description: string;
  reservationId: number;
}

export interface ConfirmIntentInput {
  intentId: string;
  paymentToken: string;
  idempotencyKey: string;
  /** Where a redirect-based authentication returns to. */
  returnUrl: string;
}

export interface RefundInput {
  /** The succeeded payment intent to refund. */
  intentId: string;
  /** Integer yen, at most the amount paid. */
  amount: number;
  /** Derived from the reservation: a retried refund replays the first one instead of refunding twice. */
  idempotencyKey: string;
  reservationId: number;
}

export interface PaymentGateway {
  readonly kind: GatewayKind;
  /** Creates an unconfirmed intent; replaying the same key returns the same intent. */
  createIntent(input: CreateIntentInput): Promise<{ intentId: string }>;
  /** Charges with the payment token; replaying the same key replays the outcome instead of charging again. */
  confirmIntent(input: ConfirmIntentInput): Promise<IntentOutcome>;
  retrieveIntent(intentId: string): Promise<IntentOutcome>;
  /** Cancels unless already succeeded; answers the final state (succeeded when it was too late to cancel). */
  cancelIntent(intentId: string, idempotencyKey: string): Promise<IntentOutcome>;
  /**
   * Refunds (part of) a succeeded intent (Stripe Refunds). Replaying the same key returns the same refund.
   * Throws when the refund could not be made (the caller keeps it pending and retries with the same key).
   */
  refund(input: RefundInput): Promise<{ refundId: string }>;
}

/** The gateway could not be reached or answered with a server error: the outcome of the call is unknown. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}

/**
 * The gateway idempotency keys of one reservation attempt. Derived from the reservation id AND its own random
 * attempt key, so two databases (a reset development database, staging) sharing one Stripe account never replay
 * each other's intents.
 */
export function paymentKeys(
  reservationId: number,
  attemptKey: string,
): { create: string; confirm: string; cancel: string; refund: string } {
  const digest = createHash('sha256').update(attemptKey).digest('hex').slice(0, 24);
  const base = `reservation-${reservationId}-${digest}`;
  // One refund per reservation: the key never changes between retries.
  return { create: `${base}-create`, confirm: `${base}-confirm`, cancel: `${base}-cancel`, refund: `${base}-refund` };
}
