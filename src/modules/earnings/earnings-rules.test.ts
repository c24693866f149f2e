import { describe, expect, it } from 'vitest';
import { monthClose, monthOf, payableFrom, payoutFor, reversedPart, splitEarning } from './earnings-rules';

describe('splitEarning (commission)', () => {
  it('takes 15% of the experience fee plus the option fee, rounded down, with the 10% tax included in it', () => {
    // 4,500 + 1,200 = 5,700; 15% = 855; tax included = floor(855 × 10 / 110) = 77.
    expect(splitEarning({ tourAmount: 4500, optionAmount: 1200, rateBp: 1500 })).toEqual({
      gross: 5700,
      commission: 855,
      commissionTax: 77,
      earning: 4845,
    });
  });

  it('rounds the commission down (the payee keeps the fraction)', () => {
    // 3,333 × 15% = 499.95 -> 499; tax floor(499 × 10 / 110) = 45.
    expect(splitEarning({ tourAmount: 3333, optionAmount: 0, rateBp: 1500 })).toEqual({
      gross: 3333,
      commission: 499,
      commissionTax: 45,
      earning: 2834,
    });
  });

  it('uses a contract rate given in basis points (12.5%)', () => {
    expect(splitEarning({ tourAmount: 10000, optionAmount: 0, rateBp: 1250 })).toEqual({
      gross: 10000,
      commission: 1250,
      commissionTax: 113,
      earning: 8750,
    });
  });

  it('refuses a rate outside 0-100%', () => {
    expect(() => splitEarning({ tourAmount: 1000, optionAmount: 0, rateBp: 10001 })).toThrow(RangeError);
  });
});

describe('reversedPart (cancellations)', () => {
  const earned = { amount: 4845, commission: 855, commissionTax: 77 };
  it('takes the whole earning back for a full refund or a host cancellation', () => {
    expect(reversedPart(earned, { full: true, refundAmount: 6200, totalAmount: 6200 })).toEqual(earned);
  });
  it('keeps the earning when nothing is refunded (after the deadline)', () => {
    expect(reversedPart(earned, { full: false, refundAmount: 0, totalAmount: 6200 })).toEqual({
      amount: 0,
      commission: 0,
      commissionTax: 0,
    });
  });
  it('takes back the refunded share, rounded down', () => {
    // Half of 6,200 refunded: floor(4845 / 2) = 2422, floor(855 / 2) = 427, floor(77 / 2) = 38.
    expect(reversedPart(earned, { full: false, refundAmount: 3100, totalAmount: 6200 })).toEqual({
      amount: 2422,
      commission: 427,
      commissionTax: 38,
    });
  });
  it('reverses a fully discounted reservation (nothing paid) cancelled within the policy', () => {
    expect(reversedPart(earned, { full: true, refundAmount: 0, totalAmount: 0 })).toEqual(earned);
  });
});

describe('monthClose (月末締め翌月末払い and configured days)', () => {
  it('closes at the month end in Japan time and pays at the next month end', () => {
    const c = monthClose('2026-10', { closingDay: 0, payDay: 0 });
    expect(c.closingDate).toBe('2026-10-31');
    expect(c.cutoffAt.toISOString()).toBe('2026-10-31T15:00:00.000Z');
    expect(c.periodStart.toISOString()).toBe('2026-09-30T15:00:00.000Z');
    expect(c.payDate).toBe('2026-11-30');
  });

  it('moves a pay day on a weekend back to the Friday', () => {
    // 2027-01-31 is a Sunday.
    expect(monthClose('2026-12', { closingDay: 0, payDay: 0 }).payDate).toBe('2027-01-29');
    // 2026-10-31 is a Saturday.
    expect(monthClose('2026-09', { closingDay: 0, payDay: 0 }).payDate).toBe('2026-10-30');
  });

  it("moves a pay day in the banks' year-end holidays (12/31-1/3) back to the last bank day of December", () => {
    // 2026-12-31 is a Thursday: paid on Wednesday 12/30.
    expect(monthClose('2026-11', { closingDay: 0, payDay: 0 }).payDate).toBe('2026-12-30');
    // 2028-12-31 is a Sunday and 12/30 a Saturday: paid on Friday 12/29.
    expect(monthClose('2028-11', { closingDay: 0, payDay: 0 }).payDate).toBe('2028-12-29');
    // 20日締め翌月3日払い: 2028-01-03 (Monday) to 12/31 (Friday) are closed: paid on Thursday 2027-12-30.
    expect(monthClose('2027-12', { closingDay: 20, payDay: 3 }).payDate).toBe('2027-12-30');
    // 1/4 is a bank day again (2027-01-04 is a Monday).
    expect(monthClose('2026-12', { closingDay: 20, payDay: 4 }).payDate).toBe('2027-01-04');
  });

  it('handles February and a configured closing day (20日締め翌月10日払い)', () => {
    const c = monthClose('2027-02', { closingDay: 20, payDay: 10 });
    expect(c.closingDate).toBe('2027-02-20');
    expect(c.periodStart.toISOString()).toBe('2027-01-20T15:00:00.000Z');
    expect(c.cutoffAt.toISOString()).toBe('2027-02-20T15:00:00.000Z');
    expect(c.payDate).toBe('2027-03-10');
    expect(monthClose('2028-02', { closingDay: 0, payDay: 0 }).closingDate).toBe('2028-02-29');
  });

  it('puts an instant in the month whose period contains it', () => {
    expect(monthOf(new Date('2026-10-31T14:59:59.999Z'), { closingDay: 0, payDay: 0 })).toBe('2026-10');
    expect(monthOf(new Date('2026-10-31T15:00:00.000Z'), { closingDay: 0, payDay: 0 })).toBe('2026-11');
    expect(monthOf(new Date('2026-10-25T00:00:00.000Z'), { closingDay: 20, payDay: 10 })).toBe('2026-11');
  });
});

describe('payoutFor (minimum, fee, bank account)', () => {
  const platform = { minimum: 3000, transferFee: 250, feeBorneBy: 'platform' as const };
  const payee = { minimum: 3000, transferFee: 250, feeBorneBy: 'payee' as const };
  it('pays a balance that reaches the minimum in full when the platform bears the fee', () => {
    expect(payoutFor(3000, true, platform)).toEqual({ status: 'payable', fee: 0, transferAmount: 3000 });
  });
  it('deducts the fee when the payee bears it', () => {
    expect(payoutFor(12000, true, payee)).toEqual({ status: 'payable', fee: 250, transferAmount: 11750 });
  });
  it('carries over a balance below the minimum, or a negative one', () => {
    expect(payoutFor(2999, true, platform)).toEqual({ status: 'carried_over', fee: 0, transferAmount: 0 });
    expect(payoutFor(-500, true, platform)).toEqual({ status: 'carried_over', fee: 0, transferAmount: 0 });
  });
  it('blocks a payee without a bank account', () => {
    expect(payoutFor(50000, false, platform)).toEqual({ status: 'blocked', fee: 0, transferAmount: 0 });
  });
  it('pays from the minimum, or from one yen above a larger fee the payee bears', () => {
    expect(payableFrom(platform)).toBe(3000);
    expect(payableFrom(payee)).toBe(3000);
    const dearFee = { minimum: 3000, transferFee: 5000, feeBorneBy: 'payee' as const };
    expect(payableFrom(dearFee)).toBe(5001);
    expect(payoutFor(5000, true, dearFee)).toEqual({ status: 'carried_over', fee: 0, transferAmount: 0 });
    expect(payoutFor(5001, true, dearFee)).toEqual({ status: 'payable', fee: 5000, transferAmount: 1 });
  });
});
