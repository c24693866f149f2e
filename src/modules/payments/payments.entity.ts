import { defineEntity, p } from '@mikro-orm/core';
import { Created, Timestamped } from '#src/lib/base.entity';

const TEST_INTENT_STATUSES = ['requires_confirmation', 'processing', 'requires_action', 'succeeded', 'declined', 'canceled'] as const;

/**
 * The built-in test gateway's payment intents (used when no Stripe key is configured). Kept in PostgreSQL, not in
 * memory, so every server process sees the same intents (3-D Secure finished on another process, the sweeper of
 * another process cancelling an abandoned one) and tests can count the charges: one row with status 'succeeded'
 * is one charge. create_key / confirm_key play the part of Stripe's idempotency keys.
 */
export const TestPaymentIntent = defineEntity({
  name: 'TestPaymentIntent',
  tableName: 'test_payment_intents',
  extends: Timestamped,
  properties: {
    id: p.string().length(64).primary(),
    createKey: p.string().length(255).unique(),
    confirmKey: p.string().length(255).nullable(),
    amount: p.integer(),
    currency: p.string().length(3).default('jpy'),
    description: p.string().length(500).nullable(),
    /** The reservation this intent pays for (metadata, as on Stripe; no foreign key across modules). */
    reservationId: p.integer().nullable(),
    paymentToken: p.string().length(255).nullable(),
    clientSecret: p.string().length(128),
    status: p.enum([...TEST_INTENT_STATUSES]).default('requires_confirmation'),
    failureCode: p.string().length(64).nullable(),
  },
  checks: [{ name: 'test_payment_intents_amount_positive', expression: 'amount > 0' }],
  indexes: [{ properties: ['reservationId'] }, { properties: ['status'] }],
});

/**
 * The test gateway's refunds (Stripe Refunds stand-in). idempotency_key plays Stripe's idempotency key:
 * a replayed refund returns the same row, so tests can count refunds (one row is one refund).
 */
export const TestRefund = defineEntity({
  name: 'TestRefund',
  tableName: 'test_refunds',
  extends: Created,
  properties: {
    id: p.string().length(64).primary(),
    idempotencyKey: p.string().length(255).unique(),
    paymentIntentId: p.string().length(64),
    amount: p.integer(),
  },
  checks: [{ name: 'test_refunds_amount_positive', expression: 'amount > 0' }],
  indexes: [{ properties: ['paymentIntentId'] }],
});
