// The money rules of earnings and payouts, pure and in one place (each has a test in earnings-rules.test.ts):
// the commission and its consumption tax, what a cancellation reverses, the monthly close and pay day, and what a
// balance pays at a close. Integer yen; rates in basis points (1 bp = 0.01%), so no float touches an amount.
// Server-only.
import { addDays, japanInstant, weekdayOf } from '#src/lib/isomorphic/dates';
import { consumptionTaxIncluded } from '#src/lib/isomorphic/money';
import { isMonth } from './earnings.shared';

export interface EarningSplit {
  /** Experience fee plus option fee, before a coupon discount (the platform funds coupons). */
  gross: number;
  /** The platform's commission, rounded down (in the payee's favour). */
  commission: number;
  /** The consumption tax included in the commission: commission × 10/110, rounded down. */
  commissionTax: number;
  /** What the payee earns: gross − commission. */
  earning: number;
}

/**
 * The commission on a reservation. The guest's service fee and processing fee are the platform's and never enter
 * here; the coupon discount does not lower what the payee is paid on.
 */
export function splitEarning(input: { tourAmount: number; optionAmount: number; rateBp: number }): EarningSplit {
  const gross = input.tourAmount + input.optionAmount;
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`gross must be a non-negative integer, got ${gross}`);
  if (!Number.isInteger(input.rateBp) || input.rateBp < 0 || input.rateBp > 10_000)
    throw new RangeError(`rate out of range: ${input.rateBp}`);
  const commission = Math.floor((gross * input.rateBp) / 10_000);
  const commissionTax = consumptionTaxIncluded(commission);
  return { gross, commission, commissionTax, earning: gross - commission };
}

export interface CancellationRefund {
  /** The host cancelled, or the guest cancelled before the policy's deadline: the whole earning is reversed. */
  full: boolean;
  /** What the guest got back and what they had paid (a partial refund reverses the same share, rounded down). */
  refundAmount: number;
  totalAmount: number;
}

/**
 * How much of an earning a cancellation takes back (a positive number of yen; the reversal row stores its
 * negative): all of it for a refunding cancellation, none without a refund (the policy protects the host), the
 * refunded share of it for a partial refund.
 */
export function reversedPart(earned: { amount: number; commission: number; commissionTax: number }, refund: CancellationRefund) {
  if (refund.full || (refund.totalAmount > 0 && refund.refundAmount >= refund.totalAmount)) {
    return { amount: earned.amount, commission: earned.commission, commissionTax: earned.commissionTax };
  }
  if (refund.totalAmount <= 0 || refund.refundAmount <= 0) return { amount: 0, commission: 0, commissionTax: 0 };
  const share = (value: number) => Math.floor((value * refund.refundAmount) / refund.totalAmount);
  return { amount: share(earned.amount), commission: share(earned.commission), commissionTax: share(earned.commissionTax) };
}

export interface CloseSettings {
  /** 1-28, or 0 for the month's last day. */
  closingDay: number;
  /** The day of the following month the payout is made: 1-28, or 0 for the month's last day. */
  payDay: number;
}

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function dayIn(month: string, day: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = day === 0 ? lastDayOf(y, m) : day;
  return `${month}-${String(d).padStart(2, '0')}`;
}

/** 'YYYY-MM' plus whole months. */
export function shiftMonth(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

export interface MonthClose {
  month: string;
  /** The last day of the period (Japan time). */
  closingDate: string;
  /** 00:00 Japan time after the closing date: what became 確定 before it is in this month's balance. */
  cutoffAt: Date;
  /** The previous month's cutoff: the period is [periodStart, cutoffAt). */
  periodStart: Date;
  /** The pay day in the following month, moved back to the last bank day before it when banks are closed then. */
  payDate: string;
}

/** Japanese banks are closed on Saturdays, Sundays and over the year end (12/31-1/3); public holidays are not known. */
function bankClosed(ymd: string): boolean {
  const weekday = weekdayOf(ymd);
  const monthDay = ymd.slice(5);
  return weekday === 0 || weekday === 6 || monthDay === '12-31' || monthDay <= '01-03';
}

/** 月末締め翌月末払い by default: the close of `month` and the day it is paid. */
export function monthClose(month: string, settings: CloseSettings): MonthClose {
  if (!isMonth(month)) throw new RangeError(`not a month: ${month}`);
  const closingDate = dayIn(month, settings.closingDay);
  const previousClosing = dayIn(shiftMonth(month, -1), settings.closingDay);
  let payDate = dayIn(shiftMonth(month, 1), settings.payDay);
  while (bankClosed(payDate)) payDate = addDays(payDate, -1);
  return {
    month,
    closingDate,
    cutoffAt: japanInstant(addDays(closingDate, 1), '00:00'),
    periodStart: japanInstant(addDays(previousClosing, 1), '00:00'),
    payDate,
  };
}

/** The month whose period contains `instant` (Japan time). */
export function monthOf(instant: Date, settings: CloseSettings): string {
  let month = new Date(instant.getTime() + 9 * 3600_000).toISOString().slice(0, 7);
  // The period of `month` may have closed already (a closing day before the month's end).
  while (monthClose(month, settings).cutoffAt.getTime() <= instant.getTime()) month = shiftMonth(month, 1);
  return month;
}

export interface PayoutSettings {
  minimum: number;
  transferFee: number;
  feeBorneBy: 'platform' | 'payee';
}

export interface PayoutDecision {
  status: 'payable' | 'carried_over' | 'blocked';
  /** The transfer fee deducted from the payee (0 when the platform bears it). */
  fee: number;
  /** What the bank transfers; the payout ledger row settles the whole balance (transfer + fee). */
  transferAmount: number;
}

/**
 * The smallest balance a close pays: PAYOUT_MINIMUM, or one yen more than the transfer fee when the payee bears a fee
 * that large (a transfer is never of ¥0 or less). A smaller balance carries over.
 */
export function payableFrom(settings: PayoutSettings): number {
  const fee = settings.feeBorneBy === 'payee' ? settings.transferFee : 0;
  return Math.max(settings.minimum, fee + 1);
}

/**
 * What a 確定 balance pays at a close: the whole balance when it reaches payableFrom (less the transfer fee when
 * the payee bears it), else it carries over; a payee without a bank account is blocked (it carries over too).
 */
export function payoutFor(balance: number, hasBankAccount: boolean, settings: PayoutSettings): PayoutDecision {
  const fee = settings.feeBorneBy === 'payee' ? settings.transferFee : 0;
  if (balance < payableFrom(settings)) return { status: 'carried_over', fee: 0, transferAmount: 0 };
  if (!hasBankAccount) return { status: 'blocked', fee: 0, transferAmount: 0 };
  return { status: 'payable', fee, transferAmount: balance - fee };
}
