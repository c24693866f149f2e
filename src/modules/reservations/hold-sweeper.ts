// The sweeper that settles abandoned seat holds (the worker every few seconds, and lazily before availability
// checks). It cancels the attempt's intent at the gateway FIRST (if that answers "already succeeded", the
// reservation is confirmed instead) and only then releases the seats, so no charge can ever succeed for seats that
// were given away. Server-only.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '#src/lib/logger';
import { ja } from '#src/i18n/ja';
import { paymentKeys, type PaymentGateway } from '#src/modules/payments/gateway';
import type { Settlement } from './settlement';

export interface HoldSweeperDeps {
  orm: MikroORM;
  log: Logger;
  gateway: PaymentGateway;
  settlement: Settlement;
}

export function createHoldSweeper(deps: HoldSweeperDeps) {
  const { orm, log, gateway, settlement } = deps;

  /** Settles one abandoned hold inside its own transaction (row locked, so two sweepers never both act). */
  async function sweepOne(afterId: number, calendarIds: number[] | null, unexpiredToo: boolean): Promise<number | null> {
    return orm.em.fork().transactional(async (tx) => {
      const filter = calendarIds?.length
        ? `AND EXISTS (SELECT 1 FROM reservation_calendars rc WHERE rc.reservation_id = r.id AND rc.calendar_id IN (${calendarIds.map(() => '?').join(',')}))`
        : '';
      const rows = await tx.execute<{ id: number; payment_reference: string | null; idempotency_key: string; total_amount: number }[]>(
        `SELECT r.id, r.payment_reference, r.idempotency_key, r.total_amount FROM reservations r
         WHERE r.status IN ('pending', 'requires_action') AND (r.hold_expires_at < now() OR ?) AND r.id > ? ${filter}
         ORDER BY r.id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [unexpiredToo, afterId, ...(calendarIds ?? [])],
      );
      const row = rows[0];
      if (!row) return null;
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
          await settlement.confirmIn(tx, row.id);
          log.info({ reservationId: row.id }, 'abandoned hold had been paid: confirmed');
        } else {
          await settlement.releaseIn(tx, row.id, 'expired', 'seat hold expired');
          log.info({ reservationId: row.id }, 'expired seat hold released');
        }
      } catch (error) {
        // Outcome unknown: keep the seats held and try again on the next run.
        log.warn({ err: error, reservationId: row.id }, 'could not settle an expired seat hold');
      }
      return row.id;
    });
  }

  /**
   * Releases expired holds (all, or those touching the given slots); returns how many were settled. `unexpiredToo`
   * (issue 13: a slot the host cancels) settles the slots' holds now, whatever their expiry.
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
