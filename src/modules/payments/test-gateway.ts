// The built-in test gateway: the default when STRIPE_SECRET_KEY is unset. It behaves like Stripe's PaymentIntents
// for Stripe's documented test tokens, keeps its intents in PostgreSQL (shared by every process) and honours the
// idempotency keys the same way: a replayed create returns the same intent, a replayed confirm replays the outcome.
import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ConfirmIntentInput, CreateIntentInput, IntentOutcome, PaymentGateway, RefundInput } from './gateway';
import { TEST_TOKENS } from './payments.schemas';

interface IntentRow {
  id: string;
  status: 'requires_confirmation' | 'processing' | 'requires_action' | 'succeeded' | 'declined' | 'canceled';
  confirm_key: string | null;
  client_secret: string;
  failure_code: string | null;
}

export interface TestGatewayOptions {
  /** Allows `tok_visa_slow` (tests only). */
  allowSlowTokens: boolean;
  slowMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const TEST_AUTHENTICATION_PATH = (intentId: string) => `/api/v1/payments/test/intents/${encodeURIComponent(intentId)}/authenticate`;

function outcomeOf(row: IntentRow): IntentOutcome {
  switch (row.status) {
    case 'succeeded':
      return { status: 'succeeded', intentId: row.id };
    case 'requires_action':
      return {
        status: 'requires_action',
        intentId: row.id,
        clientSecret: row.client_secret,
        nextActionUrl: TEST_AUTHENTICATION_PATH(row.id),
      };
    case 'declined':
      return { status: 'declined', intentId: row.id, code: row.failure_code ?? 'card_declined' };
    case 'canceled':
      return { status: 'canceled', intentId: row.id };
    default:
      // requires_confirmation (never confirmed) and processing (a confirm is running) are both "not final".
      return { status: 'processing', intentId: row.id };
  }
}

export class TestGateway implements PaymentGateway {
  readonly kind = 'test' as const;
  constructor(
    private readonly orm: MikroORM,
    private readonly options: TestGatewayOptions,
  ) {}

  private em() {
    return this.orm.em.fork();
  }

  private async row(intentId: string): Promise<IntentRow | null> {
    const rows = await this.em().execute<IntentRow[]>(
      'SELECT id, status, confirm_key, client_secret, failure_code FROM test_payment_intents WHERE id = ?',
      [intentId],
    );
    return rows[0] ?? null;
  }

  async createIntent(input: CreateIntentInput): Promise<{ intentId: string }> {
    const id = `pi_test_${randomBytes(12).toString('hex')}`;
    const secret = `${id}_secret_${randomBytes(12).toString('hex')}`;
    const em = this.em();
    await em.execute(
      `INSERT INTO test_payment_intents (id, create_key, amount, description, reservation_id, client_secret)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (create_key) DO NOTHING`,
      [id, input.idempotencyKey, input.amount, input.description.slice(0, 500), input.reservationId, secret],
    );
    const rows = await em.execute<{ id: string }[]>('SELECT id FROM test_payment_intents WHERE create_key = ?', [input.idempotencyKey]);
    return { intentId: rows[0].id };
  }

  async confirmIntent(input: ConfirmIntentInput): Promise<IntentOutcome> {
    // Claim the intent for this confirm key; a replay (same key) or a concurrent confirm gets the current state.
    const claimed = await this.em().execute<IntentRow[]>(
      `UPDATE test_payment_intents SET status = 'processing', confirm_key = ?, payment_token = ?, updated_at = now()
       WHERE id = ? AND status = 'requires_confirmation'
       RETURNING id, status, confirm_key, client_secret, failure_code`,
      [input.idempotencyKey, input.paymentToken.slice(0, 255), input.intentId],
    );
    if (claimed.length === 0) {
      const current = await this.row(input.intentId);
      if (!current) return { status: 'declined', intentId: input.intentId, code: 'resource_missing' };
      return outcomeOf(current);
    }

    let next: { status: IntentRow['status']; failureCode: string | null };
    switch (input.paymentToken) {
      case TEST_TOKENS.success:
        next = { status: 'succeeded', failureCode: null };
        break;
      case TEST_TOKENS.decline:
        next = { status: 'declined', failureCode: 'card_declined' };
        break;
      case TEST_TOKENS.authentication:
        next = { status: 'requires_action', failureCode: null };
        break;
      case TEST_TOKENS.slowSuccess:
        if (this.options.allowSlowTokens) {
          await sleep(this.options.slowMs ?? 4000);
          next = { status: 'succeeded', failureCode: null };
        } else {
          next = { status: 'declined', failureCode: 'invalid_token' };
        }
        break;
      default:
        // Stripe answers "No such token" for anything else; the guest sees the usual decline message.
        next = { status: 'declined', failureCode: 'invalid_token' };
    }
    // Only from 'processing': if the sweeper cancelled the intent meanwhile, the cancellation stands.
    const done = await this.em().execute<IntentRow[]>(
      `UPDATE test_payment_intents SET status = ?, failure_code = ?, updated_at = now()
       WHERE id = ? AND status = 'processing'
       RETURNING id, status, confirm_key, client_secret, failure_code`,
      [next.status, next.failureCode, input.intentId],
    );
    const final = done[0] ?? (await this.row(input.intentId));
    return final ? outcomeOf(final) : { status: 'declined', intentId: input.intentId, code: 'resource_missing' };
  }

  async retrieveIntent(intentId: string): Promise<IntentOutcome> {
    const current = await this.row(intentId);
    return current ? outcomeOf(current) : { status: 'canceled', intentId };
  }

  async cancelIntent(intentId: string): Promise<IntentOutcome> {
    // Unlike Stripe, 'processing' can be cancelled here: it only stays 'processing' when the process confirming
    // it died, and then no charge ever completed.
    await this.em().execute(
      `UPDATE test_payment_intents SET status = 'canceled', updated_at = now()
       WHERE id = ? AND status IN ('requires_confirmation', 'processing', 'requires_action')`,
      [intentId],
    );
    return this.retrieveIntent(intentId);
  }

  /**
   * Records the refund as a test_refunds row. The idempotency key makes a replay return the same row, so a
   * retried refund is never a second one. Only a succeeded intent can be refunded, never for more than it charged.
   */
  async refund(input: RefundInput): Promise<{ refundId: string }> {
    const em = this.em();
    const intents = await em.execute<{ status: string; amount: number }[]>('SELECT status, amount FROM test_payment_intents WHERE id = ?', [
      input.intentId,
    ]);
    const intent = intents[0];
    if (intent?.status !== 'succeeded') throw new Error(`test gateway: intent ${input.intentId} cannot be refunded`);
    if (input.amount > intent.amount) throw new Error('test gateway: refund larger than the charge');
    await em.execute(
      `INSERT INTO test_refunds (id, idempotency_key, payment_intent_id, amount) VALUES (?, ?, ?, ?)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [`re_test_${randomBytes(12).toString('hex')}`, input.idempotencyKey, input.intentId, input.amount],
    );
    const rows = await em.execute<{ id: string }[]>('SELECT id FROM test_refunds WHERE idempotency_key = ?', [input.idempotencyKey]);
    return { refundId: rows[0].id };
  }

  /** The stand-in for the card issuer's 3-D Secure page: approves or fails an intent waiting for authentication. */
  async authenticate(intentId: string, clientSecret: string, result: 'success' | 'failure'): Promise<IntentOutcome | null> {
    const rows = await this.em().execute<IntentRow[]>(
      `UPDATE test_payment_intents SET status = ?, failure_code = ?, updated_at = now()
       WHERE id = ? AND client_secret = ? AND status = 'requires_action'
       RETURNING id, status, confirm_key, client_secret, failure_code`,
      [result === 'success' ? 'succeeded' : 'declined', result === 'success' ? null : 'authentication_failed', intentId, clientSecret],
    );
    if (rows[0]) return outcomeOf(rows[0]);
    const current = await this.row(intentId);
    if (!current || current.client_secret !== clientSecret) return null;
    return outcomeOf(current);
  }
}
