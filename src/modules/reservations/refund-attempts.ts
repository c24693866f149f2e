// The refunds' attempts at the gateway, after a cancellation has committed its refunds row (cancellation.ts): the
// first attempt right after the cancellation, the worker's retries (retryPendingRefunds), and the Stripe webhook's
// charge.refunded marking a row done. Every attempt claims its row first (a lease), and the gateway's idempotency key
// makes a second attempt of the same refund harmless: never two refunds, never a lost one. Server-only.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '#src/lib/logger';
import type { PaymentGateway } from '#src/modules/payments/gateway';

export interface RefundAttemptsDeps {
  orm: MikroORM;
  log: Logger;
  gateway: PaymentGateway;
}

interface RefundRow {
  id: number;
  reservation_id: number;
  amount: number;
  idempotency_key: string;
  attempts: number;
  payment_reference: string | null;
}

/**
 * How long a claimed refund is left to the worker that claimed it: past the gateway's longest answer (three tries of
 * 20 s, src/modules/payments/stripe-gateway.ts), after which a process that died mid-refund has its row retried.
 */
const REFUND_LEASE_SECONDS = 120;

/** Seconds before the n-th retry of a failed refund: 30 s, 1 min, 2 min … capped at one hour. */
function refundBackoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

export function createRefundAttempts(deps: RefundAttemptsDeps) {
  const { orm, log, gateway } = deps;

  /**
   * Runs one claimed refund at the gateway, with no transaction open (the claim is a lease: the row's next attempt
   * moved past the gateway's longest answer, so no other worker takes it meanwhile). The gateway's idempotency key
   * makes a second attempt of the same refund harmless. The outcome is written only while the row is still pending
   * (the webhook's charge.refunded, or another worker, may have marked it first): null when this attempt changed
   * nothing.
   */
  async function attempt(row: RefundRow): Promise<boolean | null> {
    const em = orm.em.fork();
    try {
      if (!row.payment_reference) throw new Error('reservation without a payment to refund');
      const done = await gateway.refund({
        intentId: row.payment_reference,
        amount: row.amount,
        idempotencyKey: row.idempotency_key,
        reservationId: row.reservation_id,
      });
      const marked = await em.execute<{ id: number }[]>(
        `UPDATE refunds SET status = 'succeeded', gateway_reference = ?, succeeded_at = now(), attempts = attempts + 1,
           last_error = NULL, updated_at = now() WHERE id = ? AND status = 'pending' RETURNING id`,
        [done.refundId, row.id],
      );
      if (marked.length === 0) return null;
      log.info({ reservationId: row.reservation_id, refundId: done.refundId }, 'refund succeeded');
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      await em.execute(
        `UPDATE refunds SET attempts = ?, next_attempt_at = now() + make_interval(secs => ?), last_error = ?, updated_at = now()
         WHERE id = ? AND status = 'pending'`,
        [attempts, refundBackoffSeconds(attempts), String((error as Error)?.message ?? error).slice(0, 2000), row.id],
      );
      const level = attempts >= 5 ? 'error' : 'warn';
      log[level]({ err: error, reservationId: row.reservation_id, attempts }, 'refund failed: kept pending, the worker retries');
      return false;
    }
  }

  /** Claims the first pending refund matching `where` (over `f`) for REFUND_LEASE_SECONDS, in one statement. */
  const claimSql = (where: string) =>
    `UPDATE refunds o SET next_attempt_at = now() + make_interval(secs => ${REFUND_LEASE_SECONDS}), updated_at = now()
     FROM reservations r
     WHERE o.id = (SELECT f.id FROM refunds f WHERE f.status = 'pending' AND ${where}
                   ORDER BY f.next_attempt_at, f.id LIMIT 1 FOR UPDATE SKIP LOCKED)
       AND r.id = o.reservation_id
     RETURNING o.id, o.reservation_id, o.amount, o.idempotency_key, o.attempts, r.payment_reference`;

  /** Right after a cancellation: tries the reservation's pending refund once (one a worker has claimed is left alone). */
  async function processRefund(reservationId: number): Promise<void> {
    const rows = await orm.em.fork().execute<RefundRow[]>(claimSql('f.reservation_id = ? AND f.next_attempt_at <= now()'), [reservationId]);
    if (rows[0]) await attempt(rows[0]);
  }

  /** The worker's job: retries due pending refunds; `dueBy` (tests) treats later retries as due. */
  async function retryPendingRefunds(options: { limit?: number; dueBy?: Date } = {}): Promise<{ succeeded: number; failed: number }> {
    const result = { succeeded: 0, failed: 0 };
    const seen = new Set<number>();
    for (let i = 0; i < (options.limit ?? 20); i++) {
      const rows = await orm.em
        .fork()
        .execute<RefundRow[]>(claimSql(`f.next_attempt_at <= coalesce(?::timestamptz, now()) AND NOT (f.id = ANY(?::int[]))`), [
          options.dueBy ?? null,
          `{${[...seen].join(',')}}`,
        ]);
      const row = rows[0];
      if (!row) break;
      seen.add(row.id);
      const outcome = await attempt(row);
      if (outcome !== null) result[outcome ? 'succeeded' : 'failed'] += 1;
    }
    return result;
  }

  /**
   * The Stripe webhook's charge.refunded (in the webhook's transaction): the refund of the reservation paid with
   * this intent is done at the gateway. A pending row whose amount the charge's refunded total covers is marked
   * succeeded; a row the worker already marked, an unknown intent (another system on the same account) or a replay
   * changes nothing. Returns the reservation id when a row changed.
   */
  async function markRefundedAtGateway(
    tx: EntityManager,
    input: { intentId: string; amountRefunded: number; refundId: string | null },
  ): Promise<number | null> {
    const rows = await tx.execute<{ reservation_id: number }[]>(
      `UPDATE refunds f SET status = 'succeeded', gateway_reference = coalesce(f.gateway_reference, ?), succeeded_at = now(),
              updated_at = now()
       FROM reservations r
       WHERE r.id = f.reservation_id AND r.payment_reference = ? AND f.status = 'pending' AND f.amount <= ?
       RETURNING f.reservation_id`,
      [input.refundId, input.intentId, input.amountRefunded],
    );
    return rows[0] ? Number(rows[0].reservation_id) : null;
  }

  return { processRefund, retryPendingRefunds, markRefundedAtGateway };
}
