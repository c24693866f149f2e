// The sweeper that settles abandoned seat holds (the worker every few seconds, and lazily before availability
// checks). It cancels the attempt's intent at the gateway FIRST (if that answers "already succeeded", the
// reservation is confirmed instead) and only then releases the seats, so no charge can ever succeed for seats that
// were given away. No transaction is open while the gateway answers. Server-only.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '#src/lib/logger';
import * as ja from '#src/i18n/ja';
import { paymentKeys, type PaymentGateway } from '#src/modules/payments/gateway';
import type { Settlement } from './settlement';
import { transaction } from '#src/lib/transaction';
import { WAITLIST_KEY_PREFIX } from './waitlist-offers';

/**
 * How long a claimed hold is left to the sweeper that claimed it: past the gateway's longest answer (three tries of
 * 20 s, src/modules/payments/stripe-gateway.ts).
 */
const SWEEP_LEASE_SECONDS = 120;

export interface HoldSweeperDeps {
  orm: MikroORM;
  log: Logger;
  gateway: PaymentGateway;
  settlement: Settlement;
}

export function createHoldSweeper(deps: HoldSweeperDeps) {
  const { orm, log, gateway, settlement } = deps;

  /**
   * Settles one abandoned hold. The row is claimed with a lease first (its hold moved SWEEP_LEASE_SECONDS ahead, in
   * one committed statement, so no other sweeper takes it meanwhile); the gateway is asked with no transaction open;
   * then the outcome is applied in a short transaction by settlement's status-guarded transitions, so a browser's
   * confirm or another sweeper racing this one changes the row once. The gateway serialises the intent: once its
   * cancel has answered, no charge of it can succeed.
   */
  async function sweepOne(afterId: number, calendarIds: number[] | null, unexpiredToo: boolean): Promise<number | null> {
    const filter = calendarIds?.length
      ? `AND EXISTS (SELECT 1 FROM reservation_calendars rc WHERE rc.reservation_id = r.id AND rc.calendar_id IN (${calendarIds.map(() => '?').join(',')}))`
      : '';
    const rows = await orm.em
      .fork()
      .execute<{ id: number; payment_reference: string | null; idempotency_key: string; total_amount: number }[]>(
        `UPDATE reservations o SET hold_expires_at = now() + make_interval(secs => ${SWEEP_LEASE_SECONDS}), updated_at = now()
       WHERE o.id = (SELECT r.id FROM reservations r
                     WHERE r.status IN ('pending', 'requires_action') AND (r.hold_expires_at < now() OR ?) AND r.id > ? ${filter}
                     ORDER BY r.id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING o.id, o.payment_reference, o.idempotency_key, o.total_amount`,
        [unexpiredToo, afterId, ...(calendarIds ?? [])],
      );
    let row = rows[0];
    if (!row) return null;
    if (row.idempotency_key.startsWith(WAITLIST_KEY_PREFIX) && !row.payment_reference) {
      const released = await releaseUnpaidOffer(row.id);
      if (released !== false) return row.id;
      // Its guest took the offer meanwhile (a new attempt key, perhaps a charge under way): settled like any
      // abandoned hold, the gateway first, with the attempt's keys.
      const [taken] = await orm.em
        .fork()
        .execute<(typeof rows)[number][]>('SELECT id, payment_reference, idempotency_key, total_amount FROM reservations WHERE id = ?', [
          row.id,
        ]);
      row = taken;
    }
    const keys = paymentKeys(row.id, row.idempotency_key);
    try {
      // Replaying the create key finds the intent even when the process died before storing its id.
      const intentId =
        row.payment_reference ??
        (
          await gateway.createIntent({
            amount: row.total_amount,
            idempotencyKey: keys.create,
            description: ja.payments.intentDescriptionShort(row.id),
            reservationId: row.id,
          })
        ).intentId;
      const outcome = await gateway.cancelIntent(intentId, keys.cancel);
      if (outcome.status === 'succeeded') {
        await transaction(orm.em.fork(), (tx) => settlement.confirmIn(tx, row.id));
        log.info({ reservationId: row.id }, 'abandoned hold had been paid: confirmed');
      } else {
        await transaction(orm.em.fork(), (tx) => settlement.releaseIn(tx, row.id, 'expired', 'seat hold expired'));
        log.info({ reservationId: row.id }, 'expired seat hold released');
      }
    } catch (error) {
      // Outcome unknown: the seats stay held and the next run after the lease tries again.
      log.warn({ err: error, reservationId: row.id }, 'could not settle an expired seat hold');
    }
    return row.id;
  }

  /**
   * Releases a キャンセル待ち offer its guest never started to pay (nothing exists at the gateway), the row locked and
   * checked again first: a guest taking the offer changes its key under the same lock. Answers false when it was
   * taken, null when the release failed (the lease retries it), true when released.
   */
  async function releaseUnpaidOffer(id: number): Promise<boolean | null> {
    try {
      const released = await transaction(orm.em.fork(), async (tx) => {
        const [current] = await tx.execute<{ idempotency_key: string; payment_reference: string | null }[]>(
          'SELECT idempotency_key, payment_reference FROM reservations WHERE id = ? FOR UPDATE',
          [id],
        );
        if (!current?.idempotency_key.startsWith(WAITLIST_KEY_PREFIX) || current.payment_reference) return false;
        await settlement.releaseIn(tx, id, 'expired', 'waitlist offer expired');
        return true;
      });
      if (released) log.info({ reservationId: id }, 'expired waitlist offer released');
      return released;
    } catch (error) {
      log.warn({ err: error, reservationId: id }, 'could not release an expired waitlist offer');
      return null;
    }
  }

  /**
   * Releases expired holds (all, or those touching the given slots); returns how many were settled. `unexpiredToo`
   * (a slot the host cancels) settles the slots' holds now, whatever their expiry.
   */
  return async function sweepExpiredHolds(
    options: { calendarIds?: number[]; limit?: number; unexpiredToo?: boolean } = {},
  ): Promise<number> {
    let afterId = 0;
    let count = 0;
    for (let i = 0; i < (options.limit ?? 50); i++) {
      const id = await sweepOne(afterId, options.calendarIds ?? null, options.unexpiredToo === true);
      if (id === null) break;
      afterId = id;
      count += 1;
    }
    return count;
  };
}

export type SweepExpiredHolds = ReturnType<typeof createHoldSweeper>;
