import { describe, expect, it } from 'vitest';
import { quotePrice, toBasisPoints } from './pricing';

const rates = { serviceBp: toBasisPoints(0.05), processingBp: toBasisPoints(0.036) };

describe('quotePrice', () => {
  it('multiplies price and option by people and dates, and rounds fees down', () => {
    const q = quotePrice({ unitPrice: 4500, optionUnitPrice: 1200, people: 3, dates: 2, coupon: null, rates });
    expect(q.tour).toBe(27000);
    expect(q.option).toBe(7200);
    expect(q.discount).toBe(0);
    expect(q.service_fee).toBe(1710); // 34200 * 5%
    expect(q.processing_fee).toBe(1231); // floor(34200 * 3.6%) = floor(1231.2)
    expect(q.total).toBe(34200 + 1710 + 1231);
  });

  it('applies an amount coupon but never below zero', () => {
    const q = quotePrice({
      unitPrice: 1000,
      optionUnitPrice: 0,
      people: 1,
      dates: 1,
      coupon: { discountType: 'amount', discountValue: 5000 },
      rates,
    });
    expect(q.discount).toBe(1000);
    expect(q.total).toBe(0);
  });

  it('applies a percent coupon to tour + option, rounded down', () => {
    const q = quotePrice({
      unitPrice: 3333,
      optionUnitPrice: 500,
      people: 1,
      dates: 1,
      coupon: { discountType: 'percent', discountValue: 10 },
      rates,
    });
    expect(q.discount).toBe(383); // floor(3833 * 10%)
    expect(q.total).toBe(3833 - 383 + Math.floor(3450 * 0.05) + Math.floor((3450 * 360) / 10000));
  });

  it('is all zero for a free experience', () => {
    expect(quotePrice({ unitPrice: 0, optionUnitPrice: 0, people: 1, dates: 1, coupon: null, rates })).toEqual({
      tour: 0,
      discount: 0,
      option: 0,
      service_fee: 0,
      processing_fee: 0,
      total: 0,
    });
  });

  it('keeps integer yen where float rates would drift', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point; basis points give 29.
    const q = quotePrice({
      unitPrice: 100,
      optionUnitPrice: 0,
      people: 1,
      dates: 1,
      coupon: null,
      rates: { serviceBp: toBasisPoints(0.29), processingBp: 0 },
    });
    expect(q.service_fee).toBe(29);
  });

  it('refuses non-integer input', () => {
    expect(() => quotePrice({ unitPrice: 10.5, optionUnitPrice: 0, people: 1, dates: 1, coupon: null, rates })).toThrow(RangeError);
  });
});
