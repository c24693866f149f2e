// The office's monthly close: prepare a month's payout batch from the ledger, list and read batches, export the
// bank file, mark a batch paid (the payout rows and the payees' mails), and the admin's ledger adjustments and
// contract rates. ADMIN or the operator for everything here. The payees' mails (payout-mails.ts) are queued in the
// same transactions: the unpaid ones when a batch is prepared, the paid ones when it is marked paid.
//
// Preparing and marking paid run under one transaction-scoped advisory lock, so two processes preparing the same
// month make one batch (the second finds it and changes nothing; the unique month backs this up). A month is
// prepared only after its close, after every earlier batch is paid and before any later one exists, so no balance
// is ever paid twice: a payee's balance at a close is the sum of the ledger rows that became 確定 before it,
// earlier payouts included. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import { ConflictError, NotFoundError } from '#src/lib/isomorphic/errors';
import { actorLabel, requireAdmin, withEm, type Ctx } from '#src/lib/context';
import { idFrom, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { transaction } from '#src/lib/transaction';
import { readPage } from '#src/lib/paging';
import type { AuditService } from '#src/modules/audit/audit.service';
import { listQuerySchema, type ListQuery } from '#src/modules/partners/partners.schemas';
import { monthClose, payableFrom, payoutFor, type CloseSettings, type PayoutSettings } from './earnings-rules';
import { bankAccountKey, decryptAccountNumber, maskAccountNumber } from './bank-account-crypto';
import type { PayoutAdapter, PayoutFile } from './payout-adapters';
import { batchCount, batchJson, batchPage, batchRow, closeBalances, itemRows, type ItemRow } from './payout-batches.repository';
import { queuePaidMails, queueUnpaidMails } from './payout-mails';
import {
  PAYOUT_BATCHES_PAGE_SIZE,
  adjustmentInputSchema,
  contractRateInputSchema,
  monthInputSchema,
  payoutFileQuerySchema,
  type LedgerEntryJson,
  type PayeeRateJson,
  type PayoutBatchDetailJson,
  type PayoutBatchListJson,
  type PayoutItemJson,
  type MonthInput,
  type AdjustmentInput,
  type ContractRateInput,
  type PayoutFileQuery,
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

  /** The account a line pays, as copied at preparation, masked; null for a line that pays nothing. */
  function accountOf(row: ItemRow): string | null {
    if (!row.bank_code || !row.branch_code || !row.account_type || !row.account_number_encrypted) return null;
    const last3 = decryptAccountNumber(key(), row.account_number_encrypted).slice(-3);
    return ja.money.account(deps.bankLabel(row.bank_code, row.branch_code), row.account_type, maskAccountNumber(last3));
  }

  function itemJson(row: ItemRow): PayoutItemJson {
    const account = accountOf(row);
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
   * POST /api/v1/admin/payouts, `payouts:prepare --month`: the month's batch from the ledger, and a mail to each payee
   * whose balance it leaves unpaid. Idempotent: a month already prepared is returned unchanged (created: false). 409
   * before the month's close, while an earlier batch is unpaid, or when a later month has a batch.
   */
  async function prepare(ctx: Ctx, input: MonthInput): Promise<PayoutBatchDetailJson> {
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
      const balances = await closeBalances(em, close.periodStart, close.cutoffAt);
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
        const withoutAccount = new Set(balances.filter((b) => b.account_number_encrypted === null).map((b) => b.payee_id));
        await queueUnpaidMails(em, env, { id: batch.id, month, payDate: close.payDate }, await itemRows(em, batch.id), {
          payableFrom: payableFrom(payoutSettings),
          withoutAccount,
        });
      }
      audit.record(withEm(ctx, em), { entityType: 'payout_batch', entityId: batch.id, action: 'prepare', after: { month } });
      await em.flush();
      return { id: batch.id, created: true };
    });
    return detail(ctx.em, result.id, result.created);
  }

  /**
   * GET /api/v1/admin/payouts, `payouts:list`: batches, newest month first, by the lists' page rule (`readPage`: a page
   * past the last answers the last, `current_page` says which).
   */
  async function list(ctx: Ctx, input: ListQuery = {}): Promise<PayoutBatchListJson> {
    requireAdmin(ctx);
    const { page } = parseInput(listQuerySchema, input);
    const { rows, meta } = await readPage(page, PAYOUT_BATCHES_PAGE_SIZE, async (limit, offset) => {
      const rows = await batchPage(ctx.em, limit, offset);
      // The count rides on the page's rows; a page past the last has none, so the batches are counted on their own.
      const total = rows.length > 0 ? Number(rows[0].total) : offset > 0 ? await batchCount(ctx.em) : 0;
      return [rows, total];
    });
    return { batches: rows.map(batchJson), meta };
  }

  /** GET /api/v1/admin/payouts/{id}: one batch with its lines. */
  async function get(ctx: Ctx, input: { id: IdInput }): Promise<PayoutBatchDetailJson> {
    requireAdmin(ctx);
    return detail(ctx.em, idFrom(input, 'id', batchNotFound), false);
  }

  /**
   * GET /api/v1/admin/payouts/{id}/file, `payouts:export`: the adapter's file of the batch's payable lines (the
   * 全銀 総合振込 file), with the account numbers decrypted as they were when the batch was prepared.
   *
   * A paid batch's file would pay every payee again if it reached the bank, so it is refused (409) unless `reexport`
   * says it is a copy for the records. A copy has the same bytes, a file name marked `-paid-copy` and `copy: true`
   * (the CLI warns on stderr); it leaves `exported_at` (the file made for the bank) as it was, and is audited as an
   * export with `copy: true`.
   */
  async function exportFile(
    ctx: Ctx,
    input: { id: IdInput } & PayoutFileQuery,
  ): Promise<PayoutFile & { month: string; count: number; copy: boolean }> {
    requireAdmin(ctx);
    const id = idFrom(input, 'id', batchNotFound);
    const { reexport } = parseInput(payoutFileQuerySchema, input);
    const row = await batchRow(ctx.em, 'b.id = ?', [id]);
    if (!row) throw batchNotFound();
    const copy = row.status === 'paid';
    if (copy && !reexport) throw new ConflictError(ja.payoutFile.paidBatchRefused(row.month));
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
      if (!copy) await em.execute('UPDATE payout_batches SET exported_at = now(), updated_at = now() WHERE id = ?', [id]);
      audit.record(withEm(ctx, em), {
        entityType: 'payout_batch',
        entityId: id,
        action: 'export',
        after: copy ? { month: row.month, copy: true } : { month: row.month },
      });
      await em.flush();
    });
    const filename = copy ? file.filename.replace(/(\.[^.]*)?$/, '-paid-copy$1') : file.filename;
    return { ...file, filename, month: row.month, count: items.length, copy };
  }

  /**
   * POST /api/v1/admin/payouts/{id}/paid, `payouts:mark-paid`: the office has transferred the money. Writes one
   * payout row per payable line (settling the whole balance: the transfer plus a fee the payee bears) and mails
   * each paid payee. Marking a paid batch again changes nothing.
   */
  async function markPaid(ctx: Ctx, input: { id: IdInput }): Promise<PayoutBatchDetailJson> {
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
      const paid = await itemRows(em, id, 'payable');
      await queuePaidMails(em, env, { id, month: batch.month, payDate: batch.pay_date }, paid, (item) => accountOf(item) ?? '');
      audit.record(withEm(ctx, em), { entityType: 'payout_batch', entityId: id, action: 'mark_paid', after: { month: batch.month } });
      await em.flush();
    });
    return detail(ctx.em, id, false);
  }

  /** POST /api/v1/admin/payees/{id}/adjustments: an admin's correction of a payee's balance, with its reason. */
  async function adjust(ctx: Ctx, input: { id: IdInput } & AdjustmentInput): Promise<LedgerEntryJson> {
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
  async function setContractRate(ctx: Ctx, input: { id: IdInput } & ContractRateInput): Promise<PayeeRateJson> {
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
