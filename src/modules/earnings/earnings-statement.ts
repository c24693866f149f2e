// One month of a payee's money as /host/earnings, the statement CSV and the statement PDF all show it: the rows per
// reservation, their totals, the consumption tax in the month's commission, each adjustment with its date and reason,
// and the line of the payout batch the month's close led to (carried-over balance, balance, fee, transfer). Every
// figure is read from the ledger or the batch line; the three documents only lay them out. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { consumptionTaxIncluded } from '#src/lib/isomorphic/money';
import { todayInJapan } from '#src/lib/isomorphic/dates';
import { monthClose, type CloseSettings } from './earnings-rules';
import type { EarningRowJson, MonthPayoutJson, StatementAdjustmentJson, StatementTotalsJson } from './earnings.schemas';

interface RowData {
  reservation_id: number;
  date: string;
  date_count: number;
  cancelled_without_refund: boolean;
  title: string;
  guests: number;
  gross: number;
  commission: number;
  earned: number;
  available_at: string;
  reversed: number | null;
  reversed_gross: number | null;
  reversed_commission: number | null;
}

export interface MonthStatement {
  rows: EarningRowJson[];
  totals: StatementTotalsJson;
  adjustments: StatementAdjustmentJson[];
  /** The payee's line in the month's payout batch, once the month is prepared. */
  payout: MonthPayoutJson | null;
}

export const EMPTY_TOTALS: StatementTotalsJson = { guests: 0, amount: 0, commission: 0, commission_tax: 0, earning: 0, adjustments: 0 };

function rowJson(r: RowData, paidBefore: number, now: number): EarningRowJson {
  const earning = r.earned + (r.reversed ?? 0);
  const cancelled = r.reversed !== null && earning === 0;
  const at = new Date(r.available_at).getTime();
  return {
    reservation_id: r.reservation_id,
    date: r.date,
    date_count: r.date_count,
    cancelled_without_refund: r.cancelled_without_refund,
    experience_title: r.title,
    guests: r.guests,
    amount: r.gross + (r.reversed_gross ?? 0),
    commission: r.commission + (r.reversed_commission ?? 0),
    earning,
    status: cancelled ? 'cancelled' : at < paidBefore ? 'paid' : at <= now ? 'confirmed' : 'expected',
  };
}

/**
 * The month's totals. The consumption tax is rounded once for the document, from the month's total commission (the
 * per-earning `commission_tax` the ledger stores is each row's own figure and is not summed). The guests count only
 * the reservations that took place: neither reversed nor cancelled by the guest without a refund.
 */
function statementTotals(rows: EarningRowJson[], adjustments: StatementAdjustmentJson[]): StatementTotalsJson {
  const sum = (f: (r: EarningRowJson) => number) => rows.reduce((total, r) => total + f(r), 0);
  const commission = sum((r) => r.commission);
  return {
    guests: sum((r) => (r.status === 'cancelled' || r.cancelled_without_refund ? 0 : r.guests)),
    amount: sum((r) => r.amount),
    commission,
    commission_tax: consumptionTaxIncluded(commission),
    earning: sum((r) => r.earning),
    adjustments: adjustments.reduce((total, a) => total + a.amount, 0),
  };
}

/** Entries before this instant are paid out (the latest paid batch that paid this payee). */
async function paidBefore(em: EntityManager, payeeId: number): Promise<number> {
  const [row] = await em.execute<{ cutoff: string | null }[]>(
    `SELECT max(b.cutoff_at) AS cutoff FROM payout_batches b JOIN payout_items i ON i.batch_id = b.id
     WHERE b.status = 'paid' AND i.payee_id = ? AND i.status = 'payable'`,
    [payeeId],
  );
  return row?.cutoff ? new Date(row.cutoff).getTime() : 0;
}

/** The month's statement of a payee (empty for a user who has no payee row yet). */
export async function monthStatement(
  em: EntityManager,
  payeeId: number | null,
  month: string,
  settings: CloseSettings,
  now: Date,
): Promise<MonthStatement> {
  if (payeeId === null) return { rows: [], totals: EMPTY_TOTALS, adjustments: [], payout: null };
  const close = monthClose(month, settings);
  const paidCutoff = await paidBefore(em, payeeId);
  // The date shown is the last slot's: the one whose end is the earning's available_at (ledger.ts recordEarning),
  // so a reservation of several dates is filed and ordered under it. A cancelled reservation without a reversal
  // refunded nothing (the guest cancelled after the deadline): the payee keeps the earning.
  const data = await em.execute<RowData[]>(
    `SELECT e.reservation_id, s.date, s.date_count, (r.status = 'cancelled' AND v.id IS NULL) AS cancelled_without_refund,
       x.title, r.number_of_people AS guests, e.gross, e.commission, e.amount AS earned, e.available_at,
       v.amount AS reversed, v.gross AS reversed_gross, v.commission AS reversed_commission
     FROM ledger_entries e JOIN reservations r ON r.id = e.reservation_id JOIN experiences x ON x.id = r.experience_id
     LEFT JOIN ledger_entries v ON v.reservation_id = e.reservation_id AND v.kind = 'reversal'
     CROSS JOIN LATERAL (SELECT to_char(max(c.date), 'YYYY-MM-DD') AS date, count(*)::int AS date_count
       FROM reservation_calendars rc JOIN calendars c ON c.id = rc.calendar_id WHERE rc.reservation_id = e.reservation_id) s
     WHERE e.payee_id = ? AND e.kind = 'earning' AND e.available_at >= ? AND e.available_at < ?
     ORDER BY e.available_at, e.reservation_id`,
    [payeeId, close.periodStart, close.cutoffAt],
  );
  const rows = data.map((r) => rowJson(r, paidCutoff, now.getTime()));
  const adjusted = await em.execute<{ id: number; available_at: string; reason: string; amount: number }[]>(
    `SELECT id, available_at, reason, amount FROM ledger_entries
     WHERE payee_id = ? AND kind = 'adjustment' AND available_at >= ? AND available_at < ? ORDER BY available_at, id`,
    [payeeId, close.periodStart, close.cutoffAt],
  );
  const adjustments = adjusted.map((a) => ({
    id: a.id,
    date: todayInJapan(new Date(a.available_at)),
    reason: a.reason,
    amount: a.amount,
  }));
  const [item] = await em.execute<(Omit<MonthPayoutJson, 'transfer'> & { transfer_amount: number })[]>(
    `SELECT to_char(b.pay_date, 'YYYY-MM-DD') AS pay_date, i.carried_in, i.balance, i.fee, i.transfer_amount, i.status
     FROM payout_batches b JOIN payout_items i ON i.batch_id = b.id WHERE b.month = ? AND i.payee_id = ?`,
    [month, payeeId],
  );
  const payout = item
    ? {
        pay_date: item.pay_date,
        carried_in: item.carried_in,
        balance: item.balance,
        fee: item.fee,
        transfer: item.transfer_amount,
        status: item.status,
      }
    : null;
  return { rows, totals: statementTotals(rows, adjustments), adjustments, payout };
}

/** What the CSV and the PDF print: the month's statement with its payee, period, issue date and issuer. */
export interface StatementDocument {
  payeeName: string;
  month: string;
  periodFrom: string;
  periodTo: string;
  /** The Japan date of issue ('yyyy-MM-dd'). */
  issuedOn: string;
  statement: MonthStatement;
  issuer: { name: string; address: string; registrationNumber: string };
}

/** The transfer fee as a deduction from the balance (a negative amount; ¥0 when the platform bears it). */
export function feeDeduction(fee: number): number {
  return fee === 0 ? 0 : -fee;
}
