// THE payment configuration rule, in one place: Stripe when STRIPE_SECRET_KEY is set (with its publishable key for
// the browser and STRIPE_API_BASE for a mock), otherwise the built-in test gateway. The composition root builds
// the gateway once; the reservation form and the payments routes read paymentConfig. Server-only.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import type { GatewayKind, PaymentGateway } from './gateway';
import type { PaymentConfig } from './payments.schemas';
import { StripeGateway } from './stripe-gateway';
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

/** The gateway the environment selects (built once per composition root). */
export function createGateway(deps: { orm: MikroORM; env: PaymentEnv }): PaymentGateway {
  const { env } = deps;
  return env.STRIPE_SECRET_KEY
    ? new StripeGateway({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE })
    : new TestGateway(deps.orm, { allowSlowTokens: env.NODE_ENV === 'test' });
}
