// The payee's side of the money: /host/earnings (per month and per reservation, totals, balances, the next payout),
// the monthly statement as CSV and PDF (the same figures, earnings-statement.ts), and the bank account the payouts
// go to. A host user sees their own earnings; an ambassador's members see the ambassador's (?ambassador_id=).
// Server-only.
import type { FileAnswer } from '#src/lib/file-answer';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import { requireUser, type Ctx } from '#src/lib/context';
import { parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { ConflictError } from '#src/lib/isomorphic/errors';
import type { AuditService } from '#src/modules/audit/audit.service';
import { memberAmbassadorIds } from '#src/modules/ambassadors/ambassadors.repository';
import { monthClose, monthOf, shiftMonth, type CloseSettings } from './earnings-rules';
import { japanInstant, todayInJapan } from '#src/lib/isomorphic/dates';
import { createBankAccountService } from './bank-account.service';
import { scopeOf } from './payee-scope';
import type { BankDirectory } from './bank-directory';
import { earningsQuerySchema, type EarningsJson, type EarningsQuery } from './earnings.schemas';
import { EMPTY_TOTALS, monthStatement, type StatementDocument } from './earnings-statement';

export interface EarningsDeps {
  env: Env;
  audit: AuditService;
  banks: BankDirectory;
}

const MAX_MONTHS = 36;

export function createEarningsService(deps: EarningsDeps) {
  const { env } = deps;
  const settings: CloseSettings = { closingDay: env.PAYOUT_CLOSING_DAY, payDay: env.PAYOUT_PAY_DAY };

  async function ambassadorsOf(em: EntityManager, userId: number) {
    const ids = await memberAmbassadorIds(em, userId);
    if (ids.length === 0) return [];
    return em.execute<{ id: number; name: string }[]>(
      `SELECT id, name FROM ambassadors WHERE id IN (${ids.map(() => '?').join(',')}) ORDER BY id`,
      ids,
    );
  }

  /** GET /api/v1/host/earnings?month=&ambassador_id=: one month's earnings, the balances and the next payout. */
  async function overview(ctx: Ctx, input: EarningsQuery): Promise<EarningsJson> {
    const user = requireUser(ctx);
    const query = parseInput(earningsQuerySchema, input ?? {});
    const em = ctx.em;
    const scope = await scopeOf(em, user, input);
    const now = new Date();
    const current = monthOf(now, settings);
    const month = query.month ?? current;
    const nextClose = monthClose(current, settings);
    const base = {
      payee_name: scope.name,
      ambassadors: await ambassadorsOf(em, user.id),
      month,
    };
    if (scope.payeeId === null) {
      return {
        ...base,
        months: [{ month: current, closed: false }],
        rows: [],
        totals: EMPTY_TOTALS,
        adjustments: [],
        payout: null,
        balance: { confirmed: 0, expected: 0 },
        next_payout: { month: current, pay_date: nextClose.payDate, amount: 0, below_minimum: true, prepared: false },
        paid: [],
      };
    }
    const payeeId = scope.payeeId;
    const [range] = await em.execute<{ first: string | null }[]>(
      'SELECT min(available_at) AS first FROM ledger_entries WHERE payee_id = ?',
      [payeeId],
    );
    // Newest first: the months to come that have earnings (what the 予定 card sums), then this month and every month
    // back to the first. An earning becomes 確定 at a slot's end, so the Japan days of those instants name the months.
    const laterDays = await em.execute<{ day: string }[]>(
      `SELECT DISTINCT to_char(available_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD') AS day FROM ledger_entries
       WHERE payee_id = ? AND kind = 'earning' AND available_at >= ?`,
      [payeeId, nextClose.cutoffAt],
    );
    const later = [...new Set(laterDays.map((d) => monthOf(japanInstant(d.day, '00:00'), settings)))].sort().reverse();
    const months = later.slice(-MAX_MONTHS).map((m) => ({ month: m, closed: false }));
    const first = range.first ? monthOf(new Date(range.first), settings) : current;
    for (let m = current, n = 0; (m === current || m >= first) && n < MAX_MONTHS; m = shiftMonth(m, -1), n++) {
      months.push({ month: m, closed: monthClose(m, settings).cutoffAt.getTime() <= now.getTime() });
    }
    const statement = await monthStatement(em, payeeId, month, settings, now);
    const [balances] = await em.execute<{ confirmed: string | null; expected: string | null; projected: string | null }[]>(
      `SELECT sum(amount) FILTER (WHERE available_at <= ?) AS confirmed, sum(amount) FILTER (WHERE available_at > ?) AS expected,
         sum(amount) FILTER (WHERE available_at < ?) AS projected
       FROM ledger_entries WHERE payee_id = ?`,
      [now, now, nextClose.cutoffAt, payeeId],
    );
    // A prepared, unpaid batch is the next payout; otherwise what this month's close would pay as it stands.
    const [pending] = await em.execute<{ month: string; pay_date: string; transfer_amount: number }[]>(
      `SELECT b.month, to_char(b.pay_date, 'YYYY-MM-DD') AS pay_date, i.transfer_amount FROM payout_batches b
       JOIN payout_items i ON i.batch_id = b.id WHERE b.status = 'prepared' AND i.payee_id = ? AND i.status = 'payable'
       ORDER BY b.month LIMIT 1`,
      [payeeId],
    );
    const projected = Number(balances.projected ?? 0);
    const paid = await em.execute<{ month: string; pay_date: string; amount: number }[]>(
      `SELECT b.month, to_char(b.pay_date, 'YYYY-MM-DD') AS pay_date, i.transfer_amount AS amount FROM payout_batches b
       JOIN payout_items i ON i.batch_id = b.id WHERE b.status = 'paid' AND i.payee_id = ? AND i.status = 'payable'
       ORDER BY b.month DESC LIMIT 24`,
      [payeeId],
    );
    return {
      ...base,
      months,
      ...statement,
      balance: { confirmed: Number(balances.confirmed ?? 0), expected: Number(balances.expected ?? 0) },
      next_payout: pending
        ? { month: pending.month, pay_date: pending.pay_date, amount: pending.transfer_amount, below_minimum: false, prepared: true }
        : {
            month: current,
            pay_date: nextClose.payDate,
            amount: Math.max(0, projected),
            below_minimum: projected < env.PAYOUT_MINIMUM,
            prepared: false,
          },
      paid,
    };
  }

  /**
   * The statement of a closed month, as the CSV and the PDF print it (the month defaults to the last closed one). A
   * month whose close has not passed is refused (409): its rows are still 予定 and its balance is not known, so a
   * document for it would look final without being so.
   */
  async function statementDocument(ctx: Ctx, input: EarningsQuery, now: Date): Promise<StatementDocument> {
    const user = requireUser(ctx);
    const query = parseInput(earningsQuerySchema, input ?? {});
    const month = query.month ?? shiftMonth(monthOf(now, settings), -1);
    const scope = await scopeOf(ctx.em, user, input);
    const close = monthClose(month, settings);
    if (close.cutoffAt.getTime() > now.getTime()) throw new ConflictError(ja.earnings.statementNotClosed(ja.earnings.monthLabel(month)));
    return {
      payeeName: scope.name,
      month,
      periodFrom: todayInJapan(close.periodStart),
      periodTo: close.closingDate,
      issuedOn: todayInJapan(now),
      statement: await monthStatement(ctx.em, scope.payeeId, month, settings, now),
      issuer: { name: env.PLATFORM_NAME, address: env.PLATFORM_ADDRESS, registrationNumber: env.INVOICE_REGISTRATION_NUMBER },
    };
  }

  /** GET /api/v1/host/earnings/statement?month=: the 支払明細書 of a closed month as CSV (statement-csv.ts). */
  async function statementCsv(ctx: Ctx, input: EarningsQuery): Promise<FileAnswer> {
    const document = await statementDocument(ctx, input, new Date());
    const { renderStatementCsv } = await import('./statement-csv');
    return { filename: `statement-${document.month}.csv`, type: 'text/csv; charset=utf-8', body: renderStatementCsv(document) };
  }

  /** GET /api/v1/host/earnings/statement.pdf?month=: the 支払明細書 of a closed month as a PDF (statement-pdf.ts). */
  async function statementPdf(ctx: Ctx, input: EarningsQuery): Promise<FileAnswer> {
    const now = new Date();
    const document = await statementDocument(ctx, input, now);
    const { renderStatementPdf } = await import('./statement-pdf');
    return { filename: `statement-${document.month}.pdf`, type: 'application/pdf', body: await renderStatementPdf(document, now) };
  }

  const { bankAccount, updateBankAccount } = createBankAccountService(deps);

  return { overview, statementCsv, statementPdf, bankAccount, updateBankAccount };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
