// The payments routes' side: what the card form needs to know, and the test gateway's browser-facing steps
// (card -> token, the 3-D Secure stand-in). Which gateway runs is decided in payments.config.ts.
import type { Env } from '#src/lib/env';
import type { Ctx } from '#src/lib/context';
import { requireUser } from '#src/lib/context';
import { NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import { parseInput } from '#src/lib/isomorphic/validate';
import { todayInJapan } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import type { PaymentGateway } from './gateway';
import { TestGateway } from './test-gateway';
import { paymentConfig } from './payments.config';
import {
  TEST_CARDS,
  testAuthenticationSchema,
  testCardSchema,
  type PaymentConfig,
  type TestToken,
  type TestCardInput,
  type TestAuthenticationInput,
} from './payments.schemas';

export interface PaymentsDeps {
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY'>;
  gateway: PaymentGateway;
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { env, gateway } = deps;

  /** The test endpoints do not exist when real payments are configured. */
  function testGateway(): TestGateway {
    if (!(gateway instanceof TestGateway)) throw new NotFoundError(ja.errors.notFound);
    return gateway;
  }

  /** What the card form renders (see payments.config.ts). */
  function config(_ctx: Ctx, _input?: unknown): PaymentConfig {
    return paymentConfig(env);
  }

  /** POST /api/v1/payments/test/tokens: a test card number -> the Stripe test token it stands for. */
  async function tokenizeTestCard(ctx: Ctx, input: TestCardInput): Promise<TestToken> {
    requireUser(ctx);
    testGateway();
    const card = parseInput(testCardSchema, input);
    const known = TEST_CARDS.find((c) => c.number === card.number);
    if (!known) throw ValidationError.of('number', ja.payments.testCardUnknown);
    const [year, month] = todayInJapan().split('-').map(Number);
    if (card.exp_year < year || (card.exp_year === year && card.exp_month < month)) {
      throw ValidationError.of('exp_month', ja.payments.expiryPast);
    }
    return { id: known.token, card: { brand: 'visa', last4: card.number.slice(-4), exp_month: card.exp_month, exp_year: card.exp_year } };
  }

  /** POST /api/v1/payments/test/intents/{id}/authenticate: the stand-in for the issuer's 3-D Secure page. */
  async function authenticateTestIntent(ctx: Ctx, input: TestAuthenticationInput): Promise<{ status: string }> {
    requireUser(ctx);
    const test = testGateway();
    const intentId = String((input as { id?: unknown } | null)?.id ?? '');
    const data = parseInput(testAuthenticationSchema, input);
    const outcome = await test.authenticate(intentId, data.client_secret, data.result);
    if (!outcome) throw new NotFoundError(ja.payments.intentNotFound, 'payment');
    return { status: outcome.status };
  }

  return { gateway, config, tokenizeTestCard, authenticateTestIntent };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
