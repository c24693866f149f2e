import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consumptionTaxIncluded, formatYen, formatYenSuffix } from './money';

describe('money', () => {
  it('formats yen with thousands separators', () => {
    expect(formatYen(12345)).toBe('¥12,345');
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(999)).toBe('¥999');
    expect(formatYen(1000)).toBe('¥1,000');
    expect(formatYen(-1500)).toBe('¥-1,500');
    expect(formatYenSuffix(1234567)).toBe('1,234,567円');
  });

  it('writes every integer exactly as Intl.NumberFormat("ja-JP") does (without loading it in the browser)', () => {
    const intl = new Intl.NumberFormat('ja-JP');
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(formatYen(n)).toBe(`¥${intl.format(n)}`);
        expect(formatYenSuffix(n)).toBe(`${intl.format(n)}円`);
      }),
      { numRuns: 2000 },
    );
    for (const n of [Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, -0, 1.5, -0.25, 1e21]) {
      expect(formatYen(n), String(n)).toBe(`¥${intl.format(n)}`);
    }
  });

  it('finds the 10% consumption tax inside a tax-included amount, rounded down', () => {
    expect(consumptionTaxIncluded(12345)).toBe(1122);
    expect(consumptionTaxIncluded(11000)).toBe(1000);
    expect(consumptionTaxIncluded(10999)).toBe(999);
    expect(consumptionTaxIncluded(110)).toBe(10);
    expect(consumptionTaxIncluded(10)).toBe(0);
    expect(consumptionTaxIncluded(0)).toBe(0);
  });
});
