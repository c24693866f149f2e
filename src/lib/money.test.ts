import { describe, expect, it } from 'vitest';
import { formatYen, formatYenSuffix } from './money';

describe('money', () => {
  it('formats yen with thousands separators', () => {
    expect(formatYen(12345)).toBe('¥12,345');
    expect(formatYen(0)).toBe('¥0');
    expect(formatYenSuffix(1234567)).toBe('1,234,567円');
  });
});
