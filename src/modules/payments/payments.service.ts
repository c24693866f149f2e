// Which gateway runs (Stripe when STRIPE_SECRET_KEY is set, otherwise the test gateway), what the card form
// needs to know, and the test gateway's browser-facing steps (card -> token, the 3-D Secure stand-in).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import type { Ctx } from '#src/lib/context';
import { NotFoundError, ValidationError } from '#src/lib/errors';
import { parseInput } from '#src/lib/validate';
import { todayInJapan } from '#src/lib/dates';
import { ja } from '#src/i18n/ja';
import type { PaymentGateway } from './gateway';
import { TestGateway } from './test-gateway';
import { StripeGateway } from './stripe-gateway';
import { TEST_CARDS, testAuthenticationSchema, testCardSchema, type PaymentConfig, type TestToken } from './payments.schemas';

export interface PaymentsDeps {
  orm: MikroORM;
  env: Env;
}

const gateways = new WeakMap<MikroORM, PaymentGateway>();

/** One gateway per ORM (per process in production), shared by the reservation service and these routes. */
export function getGateway(deps: PaymentsDeps): PaymentGateway {
  let gateway = gateways.get(deps.orm);
  if (!gateway) {
    gateway = deps.env.STRIPE_SECRET_KEY
      ? new StripeGateway({ secretKey: deps.env.STRIPE_SECRET_KEY, apiBase: deps.env.STRIPE_API_BASE })
      : new TestGateway(deps.orm, { allowSlowTokens: deps.env.NODE_ENV === 'test' });
    gateways.set(deps.orm, gateway);
  }
  return gateway;
}

export function createPaymentsService(deps: PaymentsDeps) {
  const testGateway = (): TestGateway => {
    const gateway = getGateway(deps);
    // The test endpoints do not exist when real payments are configured.
    if (!(gateway instanceof TestGateway)) throw new NotFoundError(ja.errors.notFound);
    return gateway;
  };

  return {
    gateway: () => getGateway(deps),

    /** What the card form renders: Stripe Elements with the publishable key, or the test-mode card fields. */
    config(): PaymentConfig {
      return getGateway(deps).kind === 'stripe'
        ? { gateway: 'stripe', publishable_key: deps.env.STRIPE_PUBLISHABLE_KEY ?? null }
        : { gateway: 'test', publishable_key: null };
    },

    /** POST /api/v1/payments/test/tokens: a test card number -> the Stripe test token it stands for. */
    async tokenizeTestCard(_ctx: Ctx, input: unknown): Promise<TestToken> {
      testGateway();
      const card = parseInput(testCardSchema, input);
      const known = TEST_CARDS.find((c) => c.number === card.number);
      if (!known) throw ValidationError.of('number', ja.payments.testCardUnknown);
      const [year, month] = todayInJapan().split('-').map(Number);
      if (card.exp_year < year || (card.exp_year === year && card.exp_month < month)) {
        throw ValidationError.of('exp_month', ja.payments.expiryPast);
      }
      return { id: known.token, card: { brand: 'visa', last4: card.number.slice(-4), exp_month: card.exp_month, exp_year: card.exp_year } };
    },

    /** POST /api/v1/payments/test/intents/{id}/authenticate: the stand-in for the issuer's 3-D Secure page. */
    async authenticateTestIntent(_ctx: Ctx, intentId: string, input: unknown): Promise<{ status: string }> {
      const gateway = testGateway();
      const data = parseInput(testAuthenticationSchema, input);
      const outcome = await gateway.authenticate(intentId, data.client_secret, data.result);
      if (!outcome) throw new NotFoundError(ja.payments.intentNotFound, 'payment');
      return { status: outcome.status };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
