// The ledger's writes that other modules' transitions make, inside their transactions (not a service: like
// coupon-rules.ts, functions over the caller's EntityManager): the earning at confirmation and the reversal at a
// cancellation. Each is one INSERT … ON CONFLICT DO NOTHING on the unique (reservation_id, kind), so a replayed
// confirmation, a webhook and the browser's confirm, or two processes, write it once. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { toBasisPoints } from '#src/modules/reservations/pricing';
import { reversedPart, splitEarning, type CancellationRefund } from './earnings-rules';

interface ReservationMoney {
  tour_amount: number;
  option_amount: number;
  host_user_id: number | null;
  host_ambassador_id: number | null;
  ends_at: Date;
}

/**
 * The payee of an experience's reservations: the ambassador (shop, school) hosting it, else the host user. Makes
 * the payee row on first use; returns its id and contract rate.
 */
async function payeeFor(
  tx: EntityManager,
  host: { userId: number | null; ambassadorId: number | null },
): Promise<{ id: number; commission_rate_bp: number | null }> {
  const byAmbassador = host.ambassadorId !== null;
  const column = byAmbassador ? 'ambassador_id' : 'user_id';
  const value = byAmbassador ? host.ambassadorId : host.userId;
  await tx.execute(`INSERT INTO payees (${column}) VALUES (?) ON CONFLICT DO NOTHING`, [value]);
  const [row] = await tx.execute<{ id: number; commission_rate_bp: number | null }[]>(
    `SELECT id, commission_rate_bp FROM payees WHERE ${column} = ?`,
    [value],
  );
  return row;
}

/**
 * The earning of a reservation that has just been confirmed: 予定 until its last slot ends (Japan time), then
 * 確定. `defaultRate` is PLATFORM_COMMISSION_RATE; the payee's contract rate wins when an admin set one.
 */
export async function recordEarning(tx: EntityManager, reservationId: number, defaultRate: number): Promise<void> {
  const [r] = await tx.execute<ReservationMoney[]>(
    `SELECT r.tour_amount, r.option_amount, e.host_user_id, e.host_ambassador_id,
            (SELECT max((c.date + c.end_time::time) AT TIME ZONE 'Asia/Tokyo') FROM reservation_calendars rc
             JOIN calendars c ON c.id = rc.calendar_id WHERE rc.reservation_id = r.id) AS ends_at
     FROM reservations r JOIN experiences e ON e.id = r.experience_id WHERE r.id = ?`,
    [reservationId],
  );
  if (!r?.ends_at) return;
  const payee = await payeeFor(tx, { userId: r.host_user_id, ambassadorId: r.host_ambassador_id });
  const rateBp = payee.commission_rate_bp ?? toBasisPoints(defaultRate);
  const split = splitEarning({ tourAmount: r.tour_amount, optionAmount: r.option_amount, rateBp });
  // A free experience earns nothing: no row, rather than a ¥0 line on every statement.
  if (split.gross === 0) return;
  await tx.execute(
    `INSERT INTO ledger_entries (payee_id, kind, reservation_id, amount, gross, commission, commission_tax, commission_rate_bp, available_at)
     VALUES (?, 'earning', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (reservation_id, kind) DO NOTHING`,
    [payee.id, reservationId, split.earning, split.gross, split.commission, split.commissionTax, rateBp, r.ends_at],
  );
}

/**
 * The reversal of a cancelled reservation's earning (in full, or the refunded share; nothing without a refund).
 * It becomes 確定 with the earning it reverses (or at once, were the earning 確定 already), so the two net out in
 * the same close.
 */
export async function recordReversal(tx: EntityManager, reservationId: number, refund: CancellationRefund): Promise<void> {
  const [earned] = await tx.execute<
    {
      payee_id: number;
      amount: number;
      gross: number;
      commission: number;
      commission_tax: number;
      commission_rate_bp: number;
      available_at: Date;
    }[]
  >(
    `SELECT payee_id, amount, gross, commission, commission_tax, commission_rate_bp, available_at FROM ledger_entries
     WHERE reservation_id = ? AND kind = 'earning'`,
    [reservationId],
  );
  if (!earned) return;
  const part = reversedPart({ amount: earned.amount, commission: earned.commission, commissionTax: earned.commission_tax }, refund);
  if (part.amount === 0) return;
  await tx.execute(
    `INSERT INTO ledger_entries (payee_id, kind, reservation_id, amount, gross, commission, commission_tax, commission_rate_bp, available_at)
     VALUES (?, 'reversal', ?, ?, ?, ?, ?, ?, greatest(?::timestamptz, now())) ON CONFLICT (reservation_id, kind) DO NOTHING`,
    [
      earned.payee_id,
      reservationId,
      -part.amount,
      -(part.amount + part.commission),
      -part.commission,
      -part.commissionTax,
      earned.commission_rate_bp,
      earned.available_at,
    ],
  );
}
