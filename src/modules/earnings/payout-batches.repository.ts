// The reads of payout batches and their lines: the batch with its line counts, a page of batches, the lines with
// their payees' names, and the batch's JSON. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayoutBatchJson, PayoutItemJson } from './payouts.schemas';

export interface BatchRow {
  id: number;
  month: string;
  cutoff_at: Date;
  pay_date: string;
  status: 'prepared' | 'paid';
  adapter: string;
  exported_at: Date | null;
  paid_at: Date | null;
  created_at: Date;
  payable_count: string;
  transfer_total: string;
  carried_over_count: string;
  blocked_count: string;
}

export interface ItemRow {
  payee_id: number;
  payee_name: string;
  user_id: number | null;
  ambassador_id: number | null;
  balance: number;
  carried_in: number;
  fee: number;
  transfer_amount: number;
  status: PayoutItemJson['status'];
  bank_code: string | null;
  branch_code: string | null;
  account_type: 'ordinary' | 'checking' | null;
  account_number_encrypted: string | null;
  holder_name: string | null;
}

const BATCH_SELECT = `SELECT b.id, b.month, b.cutoff_at, to_char(b.pay_date, 'YYYY-MM-DD') AS pay_date, b.status, b.adapter,
    b.exported_at, b.paid_at, b.created_at,
    count(*) FILTER (WHERE i.status = 'payable') AS payable_count,
    coalesce(sum(i.transfer_amount) FILTER (WHERE i.status = 'payable'), 0) AS transfer_total,
    count(*) FILTER (WHERE i.status = 'carried_over') AS carried_over_count,
    count(*) FILTER (WHERE i.status = 'blocked') AS blocked_count
  FROM payout_batches b LEFT JOIN payout_items i ON i.batch_id = b.id`;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function batchJson(row: BatchRow): PayoutBatchJson {
  return {
    id: row.id,
    month: row.month,
    cutoff_at: new Date(row.cutoff_at).toISOString(),
    pay_date: row.pay_date,
    status: row.status,
    adapter: row.adapter,
    payable_count: Number(row.payable_count),
    transfer_total: Number(row.transfer_total),
    carried_over_count: Number(row.carried_over_count),
    blocked_count: Number(row.blocked_count),
    exported_at: iso(row.exported_at),
    paid_at: iso(row.paid_at),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** One batch with its line counts, found by `where`. */
export async function batchRow(em: EntityManager, where: string, params: unknown[]): Promise<BatchRow | null> {
  const rows = await em.execute<BatchRow[]>(`${BATCH_SELECT} WHERE ${where} GROUP BY b.id`, params);
  return rows[0] ?? null;
}

/** A batch's lines (of one status when given), payable first, largest transfer first. */
export async function itemRows(em: EntityManager, batchId: number, status?: PayoutItemJson['status']): Promise<ItemRow[]> {
  return em.execute<ItemRow[]>(
    `SELECT i.payee_id, coalesce(u.name, a.name) AS payee_name, p.user_id, p.ambassador_id, i.balance, i.carried_in, i.fee,
       i.transfer_amount, i.status, i.bank_code, i.branch_code, i.account_type, i.account_number_encrypted, i.holder_name
     FROM payout_items i JOIN payees p ON p.id = i.payee_id
     LEFT JOIN users u ON u.id = p.user_id LEFT JOIN ambassadors a ON a.id = p.ambassador_id
     WHERE i.batch_id = ? ${status ? 'AND i.status = ?' : ''}
     ORDER BY (i.status = 'payable') DESC, i.transfer_amount DESC, i.payee_id`,
    status ? [batchId, status] : [batchId],
  );
}

/** A page of batches, newest month first, each row carrying the count of all batches. */
export function batchPage(em: EntityManager, limit: number, offset: number): Promise<(BatchRow & { total: string })[]> {
  return em.execute<(BatchRow & { total: string })[]>(
    `${BATCH_SELECT.replace('SELECT', 'SELECT count(*) OVER () AS total,')} GROUP BY b.id ORDER BY b.month DESC LIMIT ? OFFSET ?`,
    [limit, offset],
  );
}

/** How many batches there are. */
export async function batchCount(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>('SELECT count(*)::int AS n FROM payout_batches');
  return Number(row.n);
}

/**
 * Every payee's 確定 balance at a close (`cutoffAt`), the part of it that the period from `periodStart` added (earlier
 * payouts are rows of the ledger too, so what was paid before is already subtracted), and the payee's bank account.
 */
export function closeBalances(em: EntityManager, periodStart: Date, cutoffAt: Date) {
  return em.execute<
    {
      payee_id: number;
      balance: string;
      period: string | null;
      bank_code: string | null;
      branch_code: string | null;
      account_type: string | null;
      account_number_encrypted: string | null;
      holder_name: string | null;
    }[]
  >(
    `SELECT p.id AS payee_id, b.balance, b.period, p.bank_code, p.branch_code, p.account_type, p.account_number_encrypted,
       p.holder_name
     FROM (SELECT payee_id, sum(amount) AS balance,
             sum(amount) FILTER (WHERE kind <> 'payout' AND available_at >= ?) AS period
           FROM ledger_entries WHERE available_at < ? GROUP BY payee_id) b
     JOIN payees p ON p.id = b.payee_id
     WHERE b.balance <> 0 ORDER BY p.id`,
    [periodStart, cutoffAt],
  );
}
