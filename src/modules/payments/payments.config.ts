// THE payment configuration rule, in one place: Stripe when STRIPE_SECRET_KEY is set (with its publishable key for
// the browser and STRIPE_API_BASE for a mock), otherwise the built-in test gateway. The composition root builds
// the gateway once; the reservation form and the payments routes read paymentConfig. Server-only.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import type { ConfirmIntentInput, CreateIntentInput, GatewayKind, PaymentGateway, RefundInput } from './gateway';
import type { PaymentConfig } from './payments.schemas';
import type { StripeGatewayOptions } from './stripe-gateway';
import { TestGateway } from './test-gateway';

type PaymentEnv = Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_BASE' | 'NODE_ENV'>;

/** Which gateway the environment selects. */
export function gatewayKind(env: Pick<Env, 'STRIPE_SECRET_KEY'>): GatewayKind {
  return env.STRIPE_SECRET_KEY ? 'stripe' : 'test';
}

/** What the card form renders: Stripe Elements with the publishable key, or the test-mode card fields. */
export function paymentConfig(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY'>): PaymentConfig {
  return gatewayKind(env) === 'stripe'
    ? { gateway: 'stripe', publishable_key: env.STRIPE_PUBLISHABLE_KEY ?? null }
    : { gateway: 'test', publishable_key: null };
}

/**
 * The Stripe gateway whose SDK is loaded at the first payment call, not when the server or a CLI command starts (it is
 * the slowest package of the app to load, and most commands and requests never pay).
 */
class LazyStripeGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  #gateway: Promise<PaymentGateway> | null = null;

  constructor(private readonly options: StripeGatewayOptions) {}

  #load(): Promise<PaymentGateway> {
    this.#gateway ??= import('./stripe-gateway').then(({ StripeGateway }) => new StripeGateway(this.options));
    return this.#gateway;
  }

  async createIntent(input: CreateIntentInput) {
    return (await this.#load()).createIntent(input);
  }

  async confirmIntent(input: ConfirmIntentInput) {
    return (await this.#load()).confirmIntent(input);
  }

  async retrieveIntent(intentId: string) {
    return (await this.#load()).retrieveIntent(intentId);
  }

  async cancelIntent(intentId: string, idempotencyKey: string) {
    return (await this.#load()).cancelIntent(intentId, idempotencyKey);
  }

  async refund(input: RefundInput) {
    return (await this.#load()).refund(input);
  }
}

/** The gateway the environment selects (built once per composition root). */
export function createGateway(deps: { orm: MikroORM; env: PaymentEnv }): PaymentGateway {
  const { env } = deps;
  return env.STRIPE_SECRET_KEY
    ? new LazyStripeGateway({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE })
    : new TestGateway(deps.orm, { allowSlowTokens: env.NODE_ENV === 'test' });
}
