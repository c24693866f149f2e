// The payee's side: the bank account form and answer, and /host/earnings (months, per reservation, totals, the next
// payout). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { dateJson, idJson, oneLine, toHalfWidthDigits, type InputOf } from '#src/lib/isomorphic/validate';
import { isMonth, toTransferKana } from './earnings.shared';

const e = ja.earnings;

/** Whose money: the signed-in host's own, or an ambassador's they are a member of. */
export const payeeScopeSchema = z.object({
  ambassador_id: z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? undefined : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z.number({ error: e.payeeInvalid }).int({ error: e.payeeInvalid }).min(1, { error: e.payeeInvalid }).optional(),
  ),
});
export type PayeeScopeQuery = InputOf<typeof payeeScopeSchema>;

/**
 * A code or number as people type it: full-width digits (as Japanese IMEs type them) become half-width and the spaces
 * around it go, then it must match `pattern` (the form and the server alike).
 */
const typedDigits = (pattern: RegExp, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? toHalfWidthDigits(value).trim() : value),
    z.string({ error: message }).regex(pattern, message),
  );

export const bankAccountInputSchema = z.object({
  bank_code: typedDigits(/^\d{4}$/, e.bankCodeInvalid),
  branch_code: typedDigits(/^\d{3}$/, e.branchCodeInvalid),
  account_type: z.enum(['ordinary', 'checking'], { error: e.accountTypeInvalid }),
  account_number: typedDigits(/^\d{1,7}$/, e.accountNumberInvalid),
  /** Becomes the name as a transfer file carries it (`toTransferKana`): the form and the server check it alike. */
  holder_name: z
    .string({ error: e.holderNameRequired })
    .trim()
    .min(1, e.holderNameRequired)
    .max(60, e.holderNameTooLong)
    .check(oneLine())
    .transform((name, ctx) => {
      const kana = toTransferKana(name);
      if (kana === null) ctx.addIssue({ code: 'custom', message: e.holderNameChars });
      else if (kana.length > 30) ctx.addIssue({ code: 'custom', message: e.holderNameTooLong });
      return kana ?? name;
    }),
});
export type BankAccountInput = InputOf<typeof bankAccountInputSchema>;

export const bankAccountJsonSchema = z
  .object({
    payee_name: z.string(),
    registered: z.boolean(),
    bank_code: z.string().nullable(),
    bank_name: z.string().nullable(),
    branch_code: z.string().nullable(),
    branch_name: z.string().nullable(),
    account_type: z.enum(['ordinary', 'checking']).nullable(),
    /** '****567' */
    account_number_masked: z.string().nullable(),
    holder_name: z.string().nullable(),
  })
  .meta({ id: 'BankAccount' });
export type BankAccountJson = z.infer<typeof bankAccountJsonSchema>;

export const EARNING_STATUSES = ['expected', 'confirmed', 'paid', 'cancelled'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

export const earningsQuerySchema = payeeScopeSchema.extend({
  month: z.string({ error: ja.money.monthInvalid }).refine(isMonth, ja.money.monthInvalid).optional(),
});
export type EarningsQuery = InputOf<typeof earningsQuerySchema>;

export const earningRowJsonSchema = z.object({
  reservation_id: idJson(),
  /** The reservation's last date: its end makes the earning 確定, which files the row in its month. */
  date: dateJson(),
  /** How many slots the reservation holds (1 for one date). */
  date_count: z.number().int(),
  /** The guest cancelled after the refund deadline: nothing was refunded and the payee keeps the earning. */
  cancelled_without_refund: z.boolean(),
  experience_title: z.string(),
  guests: z.number().int(),
  /** Experience fee plus option fee (before a coupon discount). */
  amount: z.number().int(),
  commission: z.number().int(),
  /** What the payee earns after any reversal. */
  earning: z.number().int(),
  status: z.enum(EARNING_STATUSES),
});
export type EarningRowJson = z.infer<typeof earningRowJsonSchema>;

/** The month's totals; the consumption tax is rounded once from the month's total commission. */
export const statementTotalsJsonSchema = z.object({
  /** Guests of the reservations that took place (neither reversed nor cancelled without a refund). */
  guests: z.number().int(),
  amount: z.number().int(),
  commission: z.number().int(),
  /** floor(commission × 10/110) of the month's total commission: the statement's one consumption tax figure. */
  commission_tax: z.number().int(),
  earning: z.number().int(),
  adjustments: z.number().int(),
});
export type StatementTotalsJson = z.infer<typeof statementTotalsJsonSchema>;

/** An adjustment of the month: the day it was made (Japan), the office's reason and the signed amount. */
export const statementAdjustmentJsonSchema = z.object({ id: idJson(), date: dateJson(), reason: z.string(), amount: z.number().int() });
export type StatementAdjustmentJson = z.infer<typeof statementAdjustmentJsonSchema>;

/**
 * The payee's line in the month's payout batch: the balance at the close is the part carried in from earlier months
 * plus the month's earnings and adjustments; the transfer is the balance less the fee the payee bears.
 */
export const monthPayoutJsonSchema = z.object({
  pay_date: dateJson(),
  carried_in: z.number().int(),
  balance: z.number().int(),
  fee: z.number().int(),
  transfer: z.number().int(),
  status: z.enum(['payable', 'carried_over', 'blocked']),
});
export type MonthPayoutJson = z.infer<typeof monthPayoutJsonSchema>;

export const earningsJsonSchema = z
  .object({
    payee_name: z.string(),
    /** Ambassadors the user may also see the earnings of (id and name). */
    ambassadors: z.array(z.object({ id: idJson(), name: z.string() })),
    month: z.string(),
    /**
     * The months to show, newest first: the months to come that have earnings (予定), this month always, and every
     * month back to the first earning.
     */
    months: z.array(z.object({ month: z.string(), closed: z.boolean() })),
    rows: z.array(earningRowJsonSchema),
    totals: statementTotalsJsonSchema,
    adjustments: z.array(statementAdjustmentJsonSchema),
    /** The month's payout line once the month is prepared (null before, and for months to come). */
    payout: monthPayoutJsonSchema.nullable(),
    /** Ledger balances now: 確定 (earned, not yet paid) and 予定 (slots still to come). */
    balance: z.object({ confirmed: z.number().int(), expected: z.number().int() }),
    next_payout: z.object({
      month: z.string(),
      pay_date: dateJson(),
      amount: z.number().int(),
      below_minimum: z.boolean(),
      /**
       * True when the amount is the line of a prepared, unpaid payout batch (fixed: what the transfer pays); false when
       * it is the projection of the current month's close (an estimate that changes until the month is prepared).
       */
      prepared: z.boolean(),
    }),
    paid: z.array(z.object({ month: z.string(), pay_date: dateJson(), amount: z.number().int() })),
  })
  .meta({ id: 'Earnings' });
export type EarningsJson = z.infer<typeof earningsJsonSchema>;
