import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  isValidYmd,
  japanInstant,
  nowTimeInJapan,
  todayInJapan,
  weekdayOf,
  minutesOf,
  formatDateJa,
  formatInstantDateTimeJa,
  formatYmdJa,
} from './dates';

describe('dates (Japan time)', () => {
  it('takes today in Asia/Tokyo, not the server zone', () => {
    // 2026-03-31 20:00 UTC is already April 1st in Japan.
    expect(todayInJapan(new Date('2026-03-31T20:00:00Z'))).toBe('2026-04-01');
    expect(todayInJapan(new Date('2026-03-31T14:59:00Z'))).toBe('2026-03-31');
    expect(nowTimeInJapan(new Date('2026-03-31T14:59:00Z'))).toBe('23:59');
    expect(nowTimeInJapan(new Date('2026-03-31T15:00:00Z'))).toBe('00:00');
  });

  it("gives the same date and time as Intl's Asia/Tokyo for any instant (no Intl in the browser)", () => {
    const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });
    const hm = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1960-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), (d) => {
        expect(todayInJapan(d)).toBe(ymd.format(d));
        expect(nowTimeInJapan(d)).toBe(hm.format(d));
      }),
      { numRuns: 2000 },
    );
    expect(() => todayInJapan(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('rejects impossible dates', () => {
    expect(isValidYmd('2026-02-29')).toBe(false);
    expect(isValidYmd('2028-02-29')).toBe(true);
    expect(isValidYmd('2026-13-01')).toBe(false);
    expect(isValidYmd('2026-1-01')).toBe(false);
  });

  it('accepts the years 1900 to 2999 only, where the day after a date is still read back right', () => {
    expect(isValidYmd('1900-01-01')).toBe(true);
    expect(isValidYmd('2999-12-31')).toBe(true);
    expect(isValidYmd('1899-12-31')).toBe(false);
    expect(isValidYmd('3000-01-01')).toBe(false);
    expect(isValidYmd('9999-12-31')).toBe(false);
    expect(isValidYmd('0050-01-01')).toBe(false);
    // The last accepted day's next midnight in Japan, as a coupon's expiry and a list's `until` compute it.
    expect(addDays('2999-12-31', 1)).toBe('3000-01-01');
    expect(japanInstant(addDays('2999-12-31', 1)).toISOString()).toBe('2999-12-31T15:00:00.000Z');
    expect(addDays('1900-01-01', -1)).toBe('1899-12-31');
  });

  it('does calendar arithmetic across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-21', 6)).toBe('2027-05-21');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
  });

  it('knows weekdays and minutes', () => {
    expect(weekdayOf('2026-11-21')).toBe(6); // Saturday
    expect(minutesOf('09:30')).toBe(570);
    expect(formatDateJa('2026-11-21')).toBe('2026年11月21日(土)');
  });
});

describe('the dates and times of the mails', () => {
  it('write a date with its weekday, from a date or from an instant (its date in Japan)', () => {
    expect(formatDateJa('2026-12-12')).toBe('2026年12月12日(土)');
    expect(formatDateJa(new Date('2026-12-11T15:00:00Z'))).toBe('2026年12月12日(土)');
    expect(formatDateJa(new Date('2026-12-11T14:59:00Z'))).toBe('2026年12月11日(金)');
  });

  it('write an instant in Japan time with the weekday and the hour in two digits', () => {
    expect(formatInstantDateTimeJa(new Date('2026-11-30T15:57:00Z'))).toBe('2026年12月1日(火) 00:57');
    expect(formatInstantDateTimeJa('2026-12-12T00:05:00Z')).toBe('2026年12月12日(土) 09:05');
    expect(formatInstantDateTimeJa(new Date('2026-12-12T14:30:00Z'))).toBe('2026年12月12日(土) 23:30');
  });
});

describe('formatYmdJa (no ISO dates in the UI)', () => {
  it('writes a date as 2026年12月5日, without leading zeros', () => {
    expect(formatYmdJa('2026-12-05')).toBe('2026年12月5日');
    expect(formatYmdJa('2027-01-31')).toBe('2027年1月31日');
  });

  it('places a Japan date and time at UTC+9, across day, month and year ends, as the ISO form with +09:00 does', () => {
    expect(japanInstant('2026-12-05', '10:30').toISOString()).toBe('2026-12-05T01:30:00.000Z');
    expect(japanInstant('2026-12-05').toISOString()).toBe('2026-12-04T15:00:00.000Z');
    expect(japanInstant('2027-01-01', '08:59').toISOString()).toBe('2026-12-31T23:59:00.000Z');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 1439 }),
        (day, minutes) => {
          const ymd = day.toISOString().slice(0, 10);
          const hm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
          expect(japanInstant(ymd, hm).getTime()).toBe(new Date(`${ymd}T${hm}:00+09:00`).getTime());
        },
      ),
    );
    expect(Number.isNaN(japanInstant('2026-1-5', '10:00').getTime())).toBe(true);
    expect(Number.isNaN(japanInstant('2026-12-05', '10:00:00').getTime())).toBe(true);
  });
});
