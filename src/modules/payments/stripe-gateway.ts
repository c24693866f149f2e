// Stripe PaymentIntents behind the gateway interface (https://docs.stripe.com/payments/finalize-payments-on-the-server).
// The browser turns the card into a PaymentMethod (pm_...) with Stripe Elements; the server creates and confirms
// the intent with an idempotency key per step; 3-D Secure is finished in the browser with stripe.handleNextAction.
import Stripe from 'stripe';
import {
  GatewayUnavailableError,
  type ConfirmIntentInput,
  type CreateIntentInput,
  type IntentOutcome,
  type PaymentGateway,
  type RefundInput,
} from './gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  /** http(s)://host:port of a Stripe stand-in (tests); unset for api.stripe.com. */
  apiBase?: string;
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

type Intent = Stripe.PaymentIntent;

function outcomeOf(intent: Intent): IntentOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', intentId: intent.id };
    case 'requires_action':
      return {
        status: 'requires_action',
        intentId: intent.id,
        clientSecret: intent.client_secret ?? '',
        nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
      };
    case 'canceled':
      return { status: 'canceled', intentId: intent.id };
    case 'requires_payment_method':
      // A confirm that failed (declined card, failed authentication) sends the intent back here.
      return { status: 'declined', intentId: intent.id, code: intent.last_payment_error?.code ?? 'requires_payment_method' };
    default:
      // requires_confirmation, processing, requires_capture: not final for us.
      return { status: 'processing', intentId: intent.id };
  }
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Unknown outcome (network, timeout, Stripe 5xx, rate limit): the caller must not assume anything was charged or not. */
function isUnavailable(error: unknown): boolean {
  if (!isStripeError(error)) return false;
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError ||
    (error.statusCode ?? 0) >= 500
  );
}

/** Same idempotency key while the first request still runs (409), or reused with other parameters. */
function isIdempotencyConflict(error: unknown): boolean {
  return (
    isStripeError(error) && (error.statusCode === 409 || error.type === 'StripeIdempotencyError' || error.rawType === 'idempotency_error')
  );
}

export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(options: StripeGatewayOptions) {
    const config: Stripe.StripeConfig = {
      // Retries are safe: every mutating call carries an idempotency key.
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'taiken-marketplace' },
    };
    if (options.apiBase) {
      const url = new URL(options.apiBase);
      config.host = url.hostname;
      config.port = url.port || (url.protocol === 'https:' ? 443 : 80);
      config.protocol = url.protocol === 'https:' ? 'https' : 'http';
    }
    this.stripe = new Stripe(options.secretKey, config);
  }

  private unavailable(error: unknown): never {
    throw new GatewayUnavailableError(`Stripe unavailable: ${(error as Error)?.message ?? error}`, { cause: error });
  }

  async createIntent(input: CreateIntentInput): Promise<{ intentId: string }> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: 'jpy',
          description: input.description.slice(0, 500),
          metadata: { reservation_id: String(input.reservationId) },
          // Cards only (mutually exclusive with automatic_payment_methods); confirmed by the server.
          allowed_payment_method_types: ['card'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { intentId: intent.id };
    } catch (error) {
      // Any failure here charged nothing: the intent is created unconfirmed.
      return this.unavailable(error);
    }
  }

  async confirmIntent(input: ConfirmIntentInput): Promise<IntentOutcome> {
    // A PaymentMethod from Stripe Elements (pm_...), or a test token such as tok_visa from an API client.
    const method: Pick<Stripe.PaymentIntentConfirmParams, 'payment_method' | 'payment_method_data'> = input.paymentToken.startsWith('tok_')
      ? {
          payment_method_data: {
            type: 'card',
            card: { token: input.paymentToken },
          } as unknown as Stripe.PaymentIntentConfirmParams.PaymentMethodData,
        }
      : { payment_method: input.paymentToken };
    try {
      const intent = await this.stripe.paymentIntents.confirm(
        input.intentId,
        { ...method, return_url: input.returnUrl, use_stripe_sdk: true },
        { idempotencyKey: input.idempotencyKey },
      );
      return outcomeOf(intent);
    } catch (error) {
      if (isIdempotencyConflict(error)) return { status: 'processing', intentId: input.intentId };
      if (isUnavailable(error)) return this.unavailable(error);
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: 'declined', intentId: input.intentId, code: error.decline_code ?? error.code ?? 'card_declined' };
      }
      if (isStripeError(error) && error.code === 'payment_intent_unexpected_state') return this.retrieveIntent(input.intentId);
      // An unusable token or payment method (invalid request): to the guest it is a card that did not work.
      if (isStripeError(error) && (error.statusCode === 400 || error.statusCode === 404)) {
        return { status: 'declined', intentId: input.intentId, code: error.code ?? 'invalid_request' };
      }
      throw error;
    }
  }

  async retrieveIntent(intentId: string): Promise<IntentOutcome> {
    try {
      return outcomeOf(await this.stripe.paymentIntents.retrieve(intentId));
    } catch (error) {
      if (isStripeError(error) && error.statusCode === 404) return { status: 'canceled', intentId };
      return this.unavailable(error);
    }
  }

  async cancelIntent(intentId: string, idempotencyKey: string): Promise<IntentOutcome> {
    try {
      return outcomeOf(await this.stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey }));
    } catch (error) {
      // Already succeeded or already cancelled: the intent's own state is the answer.
      if (isStripeError(error) && !isUnavailable(error)) return this.retrieveIntent(intentId);
      return this.unavailable(error);
    }
  }

  /**
   * Stripe Refunds (https://docs.stripe.com/api/refunds/create) with the reservation's idempotency key.
   * A reservation is refunded at most once: before creating, the intent's refunds are listed and one made for this
   * reservation (an earlier attempt whose answer was lost, after its key expired) is the answer.
   */
  async refund(input: RefundInput): Promise<{ refundId: string }> {
    try {
      const existing = await this.stripe.refunds.list({ payment_intent: input.intentId, limit: 100 });
      const made = existing.data.find(
        (r) => r.metadata?.reservation_id === String(input.reservationId) && r.status !== 'failed' && r.status !== 'canceled',
      );
      if (made) return { refundId: made.id };
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.intentId, amount: input.amount, metadata: { reservation_id: String(input.reservationId) } },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundId: refund.id };
    } catch (error) {
      if (isUnavailable(error)) return this.unavailable(error);
      throw error;
    }
  }
}
