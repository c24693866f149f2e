import { describe, expect, it } from 'vitest';
import { todayInJapan } from '#src/lib/isomorphic/dates';
import {
  WEEKDAYS,
  calendarWindow,
  defaultRecurrenceEnd,
  expandRecurrence,
  isHalfHourTime,
  recurrenceEndWindow,
  TIME_CHOICES,
} from './recurrence';

const rule = (start_date: string, end_date: string, day_of_week: string[]) => ({
  start_date,
  end_date,
  start_time: '10:00',
  end_time: '11:30',
  day_of_week,
});

/** An independent oracle: walks real Date objects one day (86,400,000 ms) at a time in UTC. */
function oracle(start: string, end: string, weekdays: number[]): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    if (weekdays.includes(d.getUTCDay())) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

describe('expandRecurrence', () => {
  it('generates the listed weekdays only, with the rule times', () => {
    // 2026-12-01 is a Tuesday.
    const slots = expandRecurrence(rule('2026-12-01', '2026-12-14', ['Tuesday', 'Saturday']));
    expect(slots).toEqual([
      { date: '2026-12-01', start_time: '10:00', end_time: '11:30' },
      { date: '2026-12-05', start_time: '10:00', end_time: '11:30' },
      { date: '2026-12-08', start_time: '10:00', end_time: '11:30' },
      { date: '2026-12-12', start_time: '10:00', end_time: '11:30' },
    ]);
  });

  it('includes both the start and the end date when they match', () => {
    const slots = expandRecurrence(rule('2026-12-07', '2026-12-14', ['Monday']));
    expect(slots.map((s) => s.date)).toEqual(['2026-12-07', '2026-12-14']);
  });

  it('crosses month ends, year ends and February (leap and common years)', () => {
    expect(expandRecurrence(rule('2027-01-27', '2027-03-03', ['Sunday'])).map((s) => s.date)).toEqual([
      '2027-01-31',
      '2027-02-07',
      '2027-02-14',
      '2027-02-21',
      '2027-02-28',
    ]);
    expect(expandRecurrence(rule('2028-02-27', '2028-03-02', WEEKDAYS.slice())).map((s) => s.date)).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
    ]);
    expect(expandRecurrence(rule('2026-12-29', '2027-01-05', ['Thursday', 'Friday'])).map((s) => s.date)).toEqual([
      '2026-12-31',
      '2027-01-01',
    ]);
    // 30-day and 31-day months back to back.
    expect(expandRecurrence(rule('2027-04-28', '2027-05-03', ['Friday', 'Saturday', 'Monday'])).map((s) => s.date)).toEqual([
      '2027-04-30',
      '2027-05-01',
      '2027-05-03',
    ]);
  });

  it('matches the oracle for every one of the 127 weekday combinations over three months', () => {
    const start = '2026-11-29';
    const end = '2027-02-28';
    for (let mask = 1; mask < 128; mask += 1) {
      const weekdays = [0, 1, 2, 3, 4, 5, 6].filter((d) => mask & (1 << d));
      const names = weekdays.map((d) => WEEKDAYS[d]);
      const dates = expandRecurrence(rule(start, end, names)).map((s) => s.date);
      expect(dates, `mask ${mask}`).toEqual(oracle(start, end, weekdays));
      // Sorted, unique, inside the range.
      expect(new Set(dates).size).toBe(dates.length);
      expect([...dates].sort()).toEqual(dates);
      expect(dates[0] >= start && dates[dates.length - 1] <= end).toBe(true);
    }
  });

  it('generates 13 or 14 slots per weekday over 3 months (91-92 days)', () => {
    const slots = expandRecurrence(rule('2026-12-01', '2027-03-01', WEEKDAYS.slice()));
    expect(slots).toHaveLength(91);
    for (const name of WEEKDAYS) {
      const n = expandRecurrence(rule('2026-12-01', '2027-03-01', [name])).length;
      expect(n === 13 || n === 14).toBe(true);
    }
  });

  it('ignores duplicated weekday names', () => {
    expect(expandRecurrence(rule('2026-12-01', '2026-12-31', ['Monday', 'Monday']))).toHaveLength(4);
  });

  it('generates nothing for no weekday, unknown names, an inverted range or malformed dates', () => {
    expect(expandRecurrence(rule('2026-12-01', '2026-12-31', []))).toEqual([]);
    expect(expandRecurrence(rule('2026-12-01', '2026-12-31', ['Funday']))).toEqual([]);
    expect(expandRecurrence(rule('2026-12-31', '2026-12-01', ['Monday']))).toEqual([]);
    expect(expandRecurrence(rule('2026-02-30', '2026-03-31', ['Monday']))).toEqual([]);
  });

  it('skips dates before `from` (editing never recreates past slots)', () => {
    const dates = expandRecurrence(rule('2026-12-01', '2026-12-31', ['Tuesday']), { from: '2026-12-10' }).map((s) => s.date);
    expect(dates).toEqual(['2026-12-15', '2026-12-22', '2026-12-29']);
  });
});

describe('date windows (Japan time)', () => {
  it('runs from today in Japan to 6 months ahead, whatever the UTC date is', () => {
    // 2026-03-31 15:30 UTC is already 2026-04-01 00:30 in Japan.
    const today = todayInJapan(new Date('2026-03-31T15:30:00Z'));
    expect(today).toBe('2026-04-01');
    expect(calendarWindow(today)).toEqual({ min: '2026-04-01', max: '2026-10-01' });
    // Month-end clamping: 2026-08-31 + 6 months is the last day of February.
    expect(calendarWindow('2026-08-31').max).toBe('2027-02-28');
  });

  it('lets a recurrence end between its start and 3 months later, inside the 6-month window', () => {
    expect(recurrenceEndWindow('2026-12-01', '2026-12-01')).toEqual({ min: '2026-12-01', max: '2027-03-01' });
    expect(recurrenceEndWindow('2026-11-30', '2026-11-30').max).toBe('2027-02-28');
    // A rule starting 5 months out may only run to the end of the calendar window.
    expect(recurrenceEndWindow('2027-05-01', '2026-12-01').max).toBe('2027-06-01');
    expect(defaultRecurrenceEnd('2026-12-01', '2026-12-01')).toBe('2027-03-01');
  });
});

describe('times', () => {
  it('accepts only 30-minute steps', () => {
    expect(isHalfHourTime('10:00')).toBe(true);
    expect(isHalfHourTime('23:30')).toBe(true);
    expect(isHalfHourTime('10:15')).toBe(false);
    expect(isHalfHourTime('24:00')).toBe(false);
    expect(isHalfHourTime('9:00')).toBe(false);
  });

  it('offers 06:00 to 23:30', () => {
    expect(TIME_CHOICES[0]).toBe('06:00');
    expect(TIME_CHOICES[TIME_CHOICES.length - 1]).toBe('23:30');
    expect(TIME_CHOICES).toHaveLength(36);
    expect(TIME_CHOICES.every(isHalfHourTime)).toBe(true);
  });
});
