// The office's monthly close: prepare a month's payout batch from the ledger, list and read batches, export the
// bank file, mark a batch paid (the payout rows and the payees' mails), and the admin's ledger adjustments and
// contract rates. ADMIN or the operator for everything here.
//
// Preparing and marking paid run under one transaction-scoped advisory lock, so two processes preparing the same
// month make one batch (the second finds it and changes nothing; the unique month backs this up). A month is
// prepared only after its close, after every earlier batch is paid and before any later one exists, so no balance
// is ever paid twice: a payee's balance at a close is the sum of the ledger rows that became 確定 before it,
// earlier payouts included. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { ConflictError, NotFoundError } from '#src/lib/isomorphic/errors';
import { actorLabel, requireAdmin, withEm, type Ctx } from '#src/lib/context';
import { idFrom, parseInput } from '#src/lib/isomorphic/validate';
import { formatYmdJa } from '#src/lib/isomorphic/dates';
import { formatYen } from '#src/lib/isomorphic/money';
import * as ja from '#src/i18n/ja';
import { transaction } from '#src/lib/transaction';
import type { AuditService } from '#src/modules/audit/audit.service';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { userContact } from '#src/modules/users/users.repository';
import { ambassadorContact } from '#src/modules/ambassadors/ambassadors.repository';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import { monthClose, payoutFor, type CloseSettings, type PayoutSettings } from './earnings-rules';
import { bankAccountKey, decryptAccountNumber, maskAccountNumber } from './bank-account-crypto';
import type { PayoutAdapter, PayoutFile } from './payout-adapters';
import {
  PAYOUT_BATCHES_PAGE_SIZE,
  adjustmentInputSchema,
  contractRateInputSchema,
  monthInputSchema,
  type LedgerEntryJson,
  type PayeeRateJson,
  type PayoutBatchDetailJson,
  type PayoutBatchJson,
  type PayoutBatchListJson,
  type PayoutItemJson,
} from './payouts.schemas';

/** The advisory lock (transaction-scoped) that serialises preparing and marking batches paid. */
const PAYOUT_LOCK_KEY = 727031;

export interface PayoutsDeps {
  env: Env;
  audit: AuditService;
  adapter: PayoutAdapter;
  /** Bank and branch names for the batch's lines ('' when unknown). */
  bankLabel: (bankCode: string, branchCode: string) => string;
  /** The clock (tests move it; the default is now). */
  now?: () => Date;
}

interface BatchRow {
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

interface ItemRow {
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

function batchJson(row: BatchRow): PayoutBatchJson {
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

const batchNotFound = () => new NotFoundError(ja.money.batchNotFound);
const payeeNotFound = () => new NotFoundError(ja.money.payeeNotFound);

export function createPayoutsService(deps: PayoutsDeps) {
  const { env, audit, adapter } = deps;
  const now = deps.now ?? (() => new Date());
  const closeSettings: CloseSettings = { closingDay: env.PAYOUT_CLOSING_DAY, payDay: env.PAYOUT_PAY_DAY };
  const payoutSettings: PayoutSettings = {
    minimum: env.PAYOUT_MINIMUM,
    transferFee: env.PAYOUT_TRANSFER_FEE,
    feeBorneBy: env.PAYOUT_FEE_BORNE_BY,
  };
  const key = () => bankAccountKey(env);

  async function batchRow(em: EntityManager, where: string, params: unknown[]): Promise<BatchRow | null> {
    const rows = await em.execute<BatchRow[]>(`${BATCH_SELECT} WHERE ${where} GROUP BY b.id`, params);
    return rows[0] ?? null;
  }

  async function itemRows(em: EntityManager, batchId: number, status?: PayoutItemJson['status']): Promise<ItemRow[]> {
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

  function itemJson(row: ItemRow): PayoutItemJson {
    const account =
      row.bank_code && row.branch_code && row.account_type && row.account_number_encrypted
        ? `${deps.bankLabel(row.bank_code, row.branch_code)} ${ja.money.accountType[row.account_type]} ${maskAccountNumber(
            decryptAccountNumber(key(), row.account_number_encrypted).slice(-3),
          )}`
        : null;
    return {
      payee_id: row.payee_id,
      payee_name: row.payee_name,
      balance: row.balance,
      carried_in: row.carried_in,
      fee: row.fee,
      transfer_amount: row.transfer_amount,
      status: row.status,
      account,
    };
  }

  async function detail(em: EntityManager, id: number, created: boolean): Promise<PayoutBatchDetailJson> {
    const row = await batchRow(em, 'b.id = ?', [id]);
    if (!row) throw batchNotFound();
    return { batch: batchJson(row), created, items: (await itemRows(em, id)).map(itemJson) };
  }

  /**
   * POST /api/v1/admin/payouts, `payouts:prepare --month`: the month's batch from the ledger. Idempotent: a month
   * already prepared is returned unchanged (created: false). 409 before the month's close, while an earlier batch
   * is unpaid, or when a later month has a batch.
   */
  async function prepare(ctx: Ctx, input: unknown): Promise<PayoutBatchDetailJson> {
    requireAdmin(ctx);
    const { month } = parseInput(monthInputSchema, input);
    const close = monthClose(month, closeSettings);
    if (close.cutoffAt.getTime() > now().getTime()) throw new ConflictError(ja.money.monthNotClosed(month));
    const result = await transaction(ctx.em, async (em) => {
      await em.execute('SELECT pg_advisory_xact_lock(?)', [PAYOUT_LOCK_KEY]);
      const [existing] = await em.execute<{ id: number }[]>('SELECT id FROM payout_batches WHERE month = ?', [month]);
      if (existing) return { id: existing.id, created: false };
      const [later] = await em.execute<{ month: string }[]>('SELECT month FROM payout_batches WHERE month > ? ORDER BY month LIMIT 1', [
        month,
      ]);
      if (later) throw new ConflictError(ja.money.laterBatchExists(month));
      const [unpaid] = await em.execute<{ month: string }[]>(
        "SELECT month FROM payout_batches WHERE status <> 'paid' ORDER BY month LIMIT 1",
      );
      if (unpaid) throw new ConflictError(ja.money.unpaidBatchExists(unpaid.month));
      const [batch] = await em.execute<{ id: number }[]>(
        `INSERT INTO payout_batches (month, cutoff_at, pay_date, adapter) VALUES (?, ?, ?, ?)
         ON CONFLICT (month) DO NOTHING RETURNING id`,
        [month, close.cutoffAt, close.payDate, adapter.kind],
      );
      if (!batch) throw new ConflictError(ja.money.batchNotFound);
      // Every payee's 確定 balance at the close, and the part of it that this period added (earlier payouts are
      // rows of the ledger too, so what was paid before is already subtracted).
      const balances = await em.execute<
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
        [close.periodStart, close.cutoffAt],
      );
      if (balances.length > 0) {
        const items = balances.map((b) => {
          const balance = Number(b.balance);
          const decision = payoutFor(balance, adapter.canPay({ hasBankAccount: b.account_number_encrypted !== null }), payoutSettings);
          // The bank account is copied into the line only when it is paid: the file pays what was prepared.
          const snapshot = decision.status === 'payable';
          return {
            payee_id: b.payee_id,
            balance,
            carried_in: balance - Number(b.period ?? 0),
            fee: decision.fee,
            transfer_amount: decision.transferAmount,
            status: decision.status,
            bank_code: snapshot ? b.bank_code : null,
            branch_code: snapshot ? b.branch_code : null,
            account_type: snapshot ? b.account_type : null,
            account_number_encrypted: snapshot ? b.account_number_encrypted : null,
            holder_name: snapshot ? b.holder_name : null,
          };
        });
        // One statement for every line (a thousand payees are one round trip).
        await em.execute(
          `INSERT INTO payout_items (batch_id, payee_id, balance, carried_in, fee, transfer_amount, status, bank_code, branch_code,
             account_type, account_number_encrypted, holder_name)
           SELECT ?, x.* FROM jsonb_to_recordset(?::jsonb) AS x(payee_id int, balance int, carried_in int, fee int,
             transfer_amount int, status text, bank_code text, branch_code text, account_type text, account_number_encrypted text,
             holder_name text)`,
          [batch.id, JSON.stringify(items)],
        );
      }
      audit.record(withEm(ctx, em), { entityType: 'payout_batch', entityId: batch.id, action: 'prepare', after: { month } });
      await em.flush();
      return { id: batch.id, created: true };
    });
    return detail(ctx.em, result.id, result.created);
  }

  /** GET /api/v1/admin/payouts, `payouts:list`: batches, newest month first. */
  async function list(ctx: Ctx, input: unknown = {}): Promise<PayoutBatchListJson> {
    requireAdmin(ctx);
    const { page } = parseInput(listQuerySchema, input);
    const rows = await ctx.em.execute<(BatchRow & { total: string })[]>(
      `${BATCH_SELECT.replace('SELECT', 'SELECT count(*) OVER () AS total,')} GROUP BY b.id ORDER BY b.month DESC LIMIT ? OFFSET ?`,
      [PAYOUT_BATCHES_PAGE_SIZE, (page - 1) * PAYOUT_BATCHES_PAGE_SIZE],
    );
    const total = rows.length > 0 ? Number(rows[0].total) : 0;
    return {
      batches: rows.map(batchJson),
      meta: { current_page: page, total_pages: Math.max(1, Math.ceil(total / PAYOUT_BATCHES_PAGE_SIZE)), total_count: total },
    };
  }

  /** GET /api/v1/admin/payouts/{id}: one batch with its lines. */
  async function get(ctx: Ctx, input: unknown): Promise<PayoutBatchDetailJson> {
    requireAdmin(ctx);
    return detail(ctx.em, idFrom(input, 'id', batchNotFound), false);
  }

  /**
   * GET /api/v1/admin/payouts/{id}/file, `payouts:export`: the adapter's file of the batch's payable lines (the
   * 全銀 総合振込 file), with the account numbers decrypted as they were when the batch was prepared.
   */
  async function exportFile(ctx: Ctx, input: unknown): Promise<PayoutFile & { count: number }> {
    requireAdmin(ctx);
    const id = idFrom(input, 'id', batchNotFound);
    const row = await batchRow(ctx.em, 'b.id = ?', [id]);
    if (!row) throw batchNotFound();
    const items = await itemRows(ctx.em, id, 'payable');
    if (items.length === 0) throw new ConflictError(ja.money.batchNothingToExport);
    const k = key();
    const file = adapter.exportFile(
      { month: row.month, payDate: row.pay_date },
      items.map((i) => ({
        payeeId: i.payee_id,
        amount: i.transfer_amount,
        account: {
          bankCode: i.bank_code ?? '',
          branchCode: i.branch_code ?? '',
          accountType: i.account_type ?? 'ordinary',
          accountNumber: decryptAccountNumber(k, i.account_number_encrypted ?? ''),
          holderName: i.holder_name ?? '',
        },
      })),
    );
    if (!file) throw new ConflictError(ja.money.batchNothingToExport);
    await transaction(ctx.em, async (em) => {
      await em.execute('UPDATE payout_batches SET exported_at = now(), updated_at = now() WHERE id = ?', [id]);
      audit.record(withEm(ctx, em), { entityType: 'payout_batch', entityId: id, action: 'export', after: { month: row.month } });
      await em.flush();
    });
    return { ...file, count: items.length };
  }

  async function contactOf(em: EntityManager, item: Pick<ItemRow, 'user_id' | 'ambassador_id'>) {
    if (item.user_id !== null) return userContact(em, item.user_id);
    const contact = await ambassadorContact(em, item.ambassador_id as number);
    return { name: contact.name, email: contact.email ?? env.OFFICE_EMAIL };
  }

  /**
   * POST /api/v1/admin/payouts/{id}/paid, `payouts:mark-paid`: the office has transferred the money. Writes one
   * payout row per payable line (settling the whole balance: the transfer plus a fee the payee bears) and mails
   * each payee. Marking a paid batch again changes nothing.
   */
  async function markPaid(ctx: Ctx, input: unknown): Promise<PayoutBatchDetailJson> {
    const actor = requireAdmin(ctx);
    const id = idFrom(input, 'id', batchNotFound);
    await transaction(ctx.em, async (em) => {
      await em.execute('SELECT pg_advisory_xact_lock(?)', [PAYOUT_LOCK_KEY]);
      const [batch] = await em.execute<{ id: number; month: string; status: string; pay_date: string }[]>(
        `SELECT id, month, status, to_char(pay_date, 'YYYY-MM-DD') AS pay_date FROM payout_batches WHERE id = ? FOR UPDATE`,
        [id],
      );
      if (!batch) throw batchNotFound();
      if (batch.status === 'paid') return;
      await em.execute(
        `INSERT INTO ledger_entries (payee_id, kind, payout_batch_id, amount, available_at, actor)
         SELECT i.payee_id, 'payout', b.id, -(i.transfer_amount + i.fee), b.cutoff_at, ?
         FROM payout_items i JOIN payout_batches b ON b.id = i.batch_id WHERE b.id = ? AND i.status = 'payable'
         ON CONFLICT (payout_batch_id, payee_id) DO NOTHING`,
        [actorLabel(actor), id],
      );
      await em.execute("UPDATE payout_batches SET status = 'paid', paid_at = now(), updated_at = now() WHERE id = ?", [id]);
      const url = `${publicBaseUrl(env)}/host/earnings`;
      const items = await itemRows(em, id, 'payable');
      const mails = [];
      for (const item of items) {
        const contact = await contactOf(em, item);
        mails.push({
          dedupeKey: `payout:${id}:${item.payee_id}`,
          to: contact.email,
          footer: item.user_id !== null ? ('user' as const) : null,
          subject: ja.money.payoutMailSubject(batch.month),
          text: ja.money.payoutMailBody({
            name: contact.name,
            month: batch.month,
            payDate: formatYmdJa(batch.pay_date),
            balance: formatYen(item.balance),
            fee: formatYen(item.fee),
            transfer: formatYen(item.transfer_amount),
            url,
          }),
        });
      }
      await enqueueMail(em, mails);
      audit.record(withEm(ctx, em), { entityType: 'payout_batch', entityId: id, action: 'mark_paid', after: { month: batch.month } });
      await em.flush();
    });
    return detail(ctx.em, id, false);
  }

  /** POST /api/v1/admin/payees/{id}/adjustments: an admin's correction of a payee's balance, with its reason. */
  async function adjust(ctx: Ctx, input: unknown): Promise<LedgerEntryJson> {
    const actor = requireAdmin(ctx);
    const payeeId = idFrom(input, 'id', payeeNotFound);
    const data = parseInput(adjustmentInputSchema, input);
    return transaction(ctx.em, async (em) => {
      const [payee] = await em.execute<{ id: number }[]>('SELECT id FROM payees WHERE id = ?', [payeeId]);
      if (!payee) throw payeeNotFound();
      const [row] = await em.execute<{ id: number; available_at: Date; created_at: Date }[]>(
        `INSERT INTO ledger_entries (payee_id, kind, amount, available_at, reason, actor) VALUES (?, 'adjustment', ?, now(), ?, ?)
         RETURNING id, available_at, created_at`,
        [payeeId, data.amount, data.reason, actorLabel(actor)],
      );
      audit.record(withEm(ctx, em), {
        entityType: 'payee',
        entityId: payeeId,
        action: 'adjust',
        after: { amount: data.amount, reason: data.reason },
      });
      await em.flush();
      return {
        id: row.id,
        payee_id: payeeId,
        kind: 'adjustment' as const,
        amount: data.amount,
        reason: data.reason,
        available_at: new Date(row.available_at).toISOString(),
        created_at: new Date(row.created_at).toISOString(),
      };
    });
  }

  /** PUT /api/v1/admin/payees/{id}/commission-rate: the payee's contract rate (null: the platform's rate). */
  async function setContractRate(ctx: Ctx, input: unknown): Promise<PayeeRateJson> {
    requireAdmin(ctx);
    const payeeId = idFrom(input, 'id', payeeNotFound);
    const { rate_percent } = parseInput(contractRateInputSchema, input);
    const bp = rate_percent === null ? null : Math.round(rate_percent * 100);
    return transaction(ctx.em, async (em) => {
      const [before] = await em.execute<{ commission_rate_bp: number | null }[]>(
        'SELECT commission_rate_bp FROM payees WHERE id = ? FOR UPDATE',
        [payeeId],
      );
      if (!before) throw payeeNotFound();
      await em.execute('UPDATE payees SET commission_rate_bp = ?, updated_at = now() WHERE id = ?', [bp, payeeId]);
      audit.record(withEm(ctx, em), {
        entityType: 'payee',
        entityId: payeeId,
        action: 'set_rate',
        before: { commission_rate_bp: before.commission_rate_bp },
        after: { commission_rate_bp: bp },
      });
      await em.flush();
      return { payee_id: payeeId, commission_rate_percent: bp === null ? null : bp / 100 };
    });
  }

  return { prepare, list, get, exportFile, markPaid, adjust, setContractRate };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
