// Read helpers the reservations module uses on the ledger (ARCHITECTURE.md, "Boundaries"): the figures of one
// reservation as /host/earnings shows them, read from the rows ledger.ts wrote, never computed again. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';

export interface ReservationEarning {
  /** 売上: experience fee plus option fee (before a coupon), net of the reversal. */
  gross: number;
  /** 手数料: the platform's commission, net of the reversal. */
  commission: number;
  /** What the earning row gave the payee, before any reversal. */
  earned: number;
  /** お受取額: what the payee is paid for the reservation (the earning plus its reversal, if any). */
  earning: number;
}

/**
 * A reservation's line of /host/earnings: its earning with its reversal netted in (the page's sums), on the caller's
 * EntityManager (inside a transaction, it sees the rows that transaction wrote). Null when no earning was recorded.
 */
export async function reservationEarning(em: EntityManager, reservationId: number): Promise<ReservationEarning | null> {
  const [row] = await em.execute<ReservationEarning[]>(
    `SELECT e.gross + coalesce(v.gross, 0) AS gross, e.commission + coalesce(v.commission, 0) AS commission,
            e.amount AS earned, e.amount + coalesce(v.amount, 0) AS earning
     FROM ledger_entries e LEFT JOIN ledger_entries v ON v.reservation_id = e.reservation_id AND v.kind = 'reversal'
     WHERE e.reservation_id = ? AND e.kind = 'earning'`,
    [reservationId],
  );
  return row
    ? { gross: Number(row.gross), commission: Number(row.commission), earned: Number(row.earned), earning: Number(row.earning) }
    : null;
}
