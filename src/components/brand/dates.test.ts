import { describe, expect, it } from 'vitest';
import { jpDateTime } from './dates';

describe('jpDateTime', () => {
  it('writes Japan time as 2026年12月5日 10:00, whatever the zone of the offset', () => {
    expect(jpDateTime('2026-12-05T10:00:00+09:00')).toBe('2026年12月5日 10:00');
    expect(jpDateTime('2026-12-05T15:30:00Z')).toBe('2026年12月6日 00:30');
  });

  it('gives a dash for nothing or nonsense', () => {
    expect(jpDateTime(null)).toBe('—');
    expect(jpDateTime('later')).toBe('—');
  });
});
