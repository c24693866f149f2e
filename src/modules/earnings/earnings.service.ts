// The payee's side of the money: /host/earnings (per month and per reservation, totals, balances, the next payout),
// the monthly statement as CSV, and the bank account the payouts go to. A host user sees their own earnings; an
// ambassador's members see the ambassador's (?ambassador_id=). Server-only.
import type { FileAnswer } from '#src/lib/file-answer';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import { requireUser, type Ctx } from '#src/lib/context';
import { parseInput } from '#src/lib/isomorphic/validate';
import { csvRecord, UTF8_BOM } from '#src/lib/csv';
import * as ja from '#src/i18n/ja';
import type { AuditService } from '#src/modules/audit/audit.service';
import { memberAmbassadorIds } from '#src/modules/ambassadors/ambassadors.repository';
import { monthClose, monthOf, shiftMonth, type CloseSettings } from './earnings-rules';
import { japanInstant, todayInJapan } from '#src/lib/isomorphic/dates';
import { createBankAccountService } from './bank-account.service';
import { scopeOf } from './payee-scope';
import type { BankDirectory } from './bank-directory';
import { earningsQuerySchema, type EarningRowJson, type EarningsJson, type EarningsQuery } from './earnings.schemas';

export interface EarningsDeps {
  env: Env;
  audit: AuditService;
  banks: BankDirectory;
}

interface RowData {
  reservation_id: number;
  date: string;
  date_count: number;
  cancelled_without_refund: boolean;
  title: string;
  guests: number;
  gross: number;
  commission: number;
  commission_tax: number;
  earned: number;
  available_at: string;
  reversed: number | null;
  reversed_gross: number | null;
  reversed_commission: number | null;
  reversed_tax: number | null;
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

  function rowJson(r: RowData, paidBefore: number, now: number): EarningRowJson & { commission_tax: number } {
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
      commission_tax: r.commission_tax + (r.reversed_tax ?? 0),
      earning,
      status: cancelled ? 'cancelled' : at < paidBefore ? 'paid' : at <= now ? 'confirmed' : 'expected',
    };
  }

  async function monthRows(em: EntityManager, payeeId: number, month: string) {
    const close = monthClose(month, settings);
    // The date shown is the last slot's: the one whose end is the earning's available_at (ledger.ts recordEarning),
    // so a reservation of several dates is filed and ordered under it. A cancelled reservation without a reversal
    // refunded nothing (the guest cancelled after the deadline): the payee keeps the earning.
    return em.execute<RowData[]>(
      `SELECT e.reservation_id, s.date, s.date_count, (r.status = 'cancelled' AND v.id IS NULL) AS cancelled_without_refund,
         x.title, r.number_of_people AS guests, e.gross, e.commission, e.commission_tax, e.amount AS earned, e.available_at,
         v.amount AS reversed, v.gross AS reversed_gross, v.commission AS reversed_commission, v.commission_tax AS reversed_tax
       FROM ledger_entries e JOIN reservations r ON r.id = e.reservation_id JOIN experiences x ON x.id = r.experience_id
       LEFT JOIN ledger_entries v ON v.reservation_id = e.reservation_id AND v.kind = 'reversal'
       CROSS JOIN LATERAL (SELECT to_char(max(c.date), 'YYYY-MM-DD') AS date, count(*)::int AS date_count
         FROM reservation_calendars rc JOIN calendars c ON c.id = rc.calendar_id WHERE rc.reservation_id = e.reservation_id) s
       WHERE e.payee_id = ? AND e.kind = 'earning' AND e.available_at >= ? AND e.available_at < ?
       ORDER BY e.available_at, e.reservation_id`,
      [payeeId, close.periodStart, close.cutoffAt],
    );
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

  /** GET /api/v1/host/earnings?month=&ambassador_id=: one month's earnings, the balances and the next payout. */
  async function overview(ctx: Ctx, input: EarningsQuery): Promise<EarningsJson> {
    const user = requireUser(ctx);
    const query = parseInput(earningsQuerySchema, input ?? {});
    const em = ctx.em;
    const scope = await scopeOf(em, user, input);
    const now = new Date();
    const current = monthOf(now, settings);
    const month = query.month ?? current;
    const empty = { amount: 0, commission: 0, commission_tax: 0, earning: 0, adjustments: 0 };
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
        totals: empty,
        balance: { confirmed: 0, expected: 0 },
        next_payout: { month: current, pay_date: nextClose.payDate, amount: 0, below_minimum: true },
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
    const paidCutoff = await paidBefore(em, payeeId);
    const rows = (await monthRows(em, payeeId, month)).map((r) => rowJson(r, paidCutoff, now.getTime()));
    const close = monthClose(month, settings);
    const [adjusted] = await em.execute<{ total: string | null }[]>(
      "SELECT sum(amount) AS total FROM ledger_entries WHERE payee_id = ? AND kind = 'adjustment' AND available_at >= ? AND available_at < ?",
      [payeeId, close.periodStart, close.cutoffAt],
    );
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
      rows: rows.map(({ commission_tax: _tax, ...row }) => row),
      totals: {
        amount: rows.reduce((s, r) => s + r.amount, 0),
        commission: rows.reduce((s, r) => s + r.commission, 0),
        commission_tax: rows.reduce((s, r) => s + r.commission_tax, 0),
        earning: rows.reduce((s, r) => s + r.earning, 0),
        adjustments: Number(adjusted.total ?? 0),
      },
      balance: { confirmed: Number(balances.confirmed ?? 0), expected: Number(balances.expected ?? 0) },
      next_payout: pending
        ? { month: pending.month, pay_date: pending.pay_date, amount: pending.transfer_amount, below_minimum: false }
        : {
            month: current,
            pay_date: nextClose.payDate,
            amount: Math.max(0, projected),
            below_minimum: projected < env.PAYOUT_MINIMUM,
          },
      paid,
    };
  }

  /**
   * GET /api/v1/host/earnings/statement?month=: the 支払明細書 of a closed month as CSV (UTF-8 with a byte order
   * mark and CRLF for Excel, text cells guarded against formulas).
   */
  async function statementCsv(ctx: Ctx, input: EarningsQuery): Promise<FileAnswer> {
    const user = requireUser(ctx);
    const query = parseInput(earningsQuerySchema, input ?? {});
    const month = query.month ?? shiftMonth(monthOf(new Date(), settings), -1);
    const scope = await scopeOf(ctx.em, user, input);
    const e = ja.earnings;
    const paidCutoff = scope.payeeId === null ? 0 : await paidBefore(ctx.em, scope.payeeId);
    const rows =
      scope.payeeId === null ? [] : (await monthRows(ctx.em, scope.payeeId, month)).map((r) => rowJson(r, paidCutoff, Date.now()));
    let body = UTF8_BOM + csvRecord([`${scope.name} ${e.monthLabel(month)} 支払明細書`], '\r\n') + csvRecord([...e.csvHeader], '\r\n');
    for (const r of rows) {
      body += csvRecord(
        [
          r.reservation_id,
          e.dateWithOthers(r.date, r.date_count),
          r.experience_title,
          r.guests,
          r.amount,
          r.commission,
          r.commission_tax,
          r.earning,
          e.statusText(e.status[r.status], r.cancelled_without_refund),
        ],
        '\r\n',
      );
    }
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
    body += csvRecord(
      [
        e.totals,
        '',
        '',
        sum((r) => r.guests),
        sum((r) => r.amount),
        sum((r) => r.commission),
        sum((r) => r.commission_tax),
        sum((r) => r.earning),
        '',
      ],
      '\r\n',
    );
    return { filename: `statement-${month}.csv`, type: 'text/csv; charset=utf-8', body };
  }

  /**
   * GET /api/v1/host/earnings/statement.pdf?month=: the 支払明細書 of a month as a PDF (the same rows as the CSV),
   * with the payout its close led to and the platform as issuer.
   */
  async function statementPdf(ctx: Ctx, input: EarningsQuery): Promise<FileAnswer> {
    const user = requireUser(ctx);
    const query = parseInput(earningsQuerySchema, input ?? {});
    const month = query.month ?? shiftMonth(monthOf(new Date(), settings), -1);
    const scope = await scopeOf(ctx.em, user, input);
    const close = monthClose(month, settings);
    let rows: (EarningRowJson & { commission_tax: number })[] = [];
    let adjustments = 0;
    let payout = null;
    if (scope.payeeId !== null) {
      const paidCutoff = await paidBefore(ctx.em, scope.payeeId);
      rows = (await monthRows(ctx.em, scope.payeeId, month)).map((r) => rowJson(r, paidCutoff, Date.now()));
      const [adjusted] = await ctx.em.execute<{ total: string | null }[]>(
        "SELECT sum(amount) AS total FROM ledger_entries WHERE payee_id = ? AND kind = 'adjustment' AND available_at >= ? AND available_at < ?",
        [scope.payeeId, close.periodStart, close.cutoffAt],
      );
      adjustments = Number(adjusted.total ?? 0);
      const [item] = await ctx.em.execute<
        { pay_date: string; balance: number; fee: number; transfer_amount: number; status: 'payable' | 'carried_over' | 'blocked' }[]
      >(
        `SELECT to_char(b.pay_date, 'YYYY-MM-DD') AS pay_date, i.balance, i.fee, i.transfer_amount, i.status
         FROM payout_batches b JOIN payout_items i ON i.batch_id = b.id WHERE b.month = ? AND i.payee_id = ?`,
        [month, scope.payeeId],
      );
      if (item)
        payout = { payDate: item.pay_date, balance: item.balance, fee: item.fee, transfer: item.transfer_amount, status: item.status };
    }
    const { renderStatementPdf } = await import('./statement-pdf');
    const body = await renderStatementPdf({
      payeeName: scope.name,
      month,
      periodFrom: todayInJapan(close.periodStart),
      periodTo: close.closingDate,
      rows,
      adjustments,
      payout,
      issuer: { name: env.PLATFORM_NAME, address: env.PLATFORM_ADDRESS, registrationNumber: env.INVOICE_REGISTRATION_NUMBER },
    });
    return { filename: `statement-${month}.pdf`, type: 'application/pdf', body };
  }

  const { bankAccount, updateBankAccount } = createBankAccountService(deps);

  return { overview, statementCsv, statementPdf, bankAccount, updateBankAccount };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
