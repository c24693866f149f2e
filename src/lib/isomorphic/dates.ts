// Calendar dates and times are Japan time, whatever the server's TZ (ARCHITECTURE.md "Time").
// Dates travel as 'yyyy-MM-dd' strings and times as 'HH:MM'. Isomorphic.
import * as ja from '#src/i18n/ja';

// Japan time is UTC+9 all year (no daylight saving since 1951), the same offset `japanInstant` writes. The wall clock
// is the instant moved by nine hours and read in UTC: no Intl.DateTimeFormat, whose first use in a page loads the
// browser's time zone and locale data (tens of milliseconds of main thread while the page loads). dates.test.ts checks
// both against Intl's Asia/Tokyo.
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The Japan wall clock of an instant as 'yyyy-MM-ddTHH:MM…' (a RangeError for an invalid date, like Intl's). */
function japanWallClock(now: Date): string {
  return new Date(now.getTime() + JAPAN_OFFSET_MS).toISOString();
}

/** Today's date in Japan, 'yyyy-MM-dd'. */
export function todayInJapan(now: Date = new Date()): string {
  return japanWallClock(now).slice(0, 10);
}

/** The current time in Japan, 'HH:MM'. */
export function nowTimeInJapan(now: Date = new Date()): string {
  return japanWallClock(now).slice(11, 16);
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The years a date this product accepts may have (docs/decisions/hardening.md). Within them the arithmetic
 * below holds with room to spare: a date a few years later still has four digits, which `toISOString` writes as
 * 'yyyy' and the readers here read back (past 9999 it writes '+010000', and before 100 Date.UTC reads the year as
 * 19xx).
 */
export const YEAR_RANGE = { min: 1900, max: 2999 } as const;

/** True for a real calendar date in 'yyyy-MM-dd' form (rejects 2025-02-31) whose year is within YEAR_RANGE. */
export function isValidYmd(value: string): boolean {
  const match = YMD.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < YEAR_RANGE.min || y > YEAR_RANGE.max) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Adds whole days to a 'yyyy-MM-dd' date (calendar arithmetic, no time zone involved). */
export function addDays(ymd: string, days: number): string {
  const [y, m, d] = ymd.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/** Adds calendar months, clamping the day to the target month's length (2026-01-31 + 1 -> 2026-02-28). */
export function addMonths(ymd: string, months: number): string {
  const [y, m, d] = ymd.split('-').map(Number);
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(d, lastDay));
  return firstOfTarget.toISOString().slice(0, 10);
}

/** Whole days from a to b ('yyyy-MM-dd'); positive when b is later. */
export function daysBetween(a: string, b: string): number {
  const toUtc = (s: string) => {
    const [y, m, d] = s.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}

/** 0 = Sunday ... 6 = Saturday, for a 'yyyy-MM-dd' date. */
export function weekdayOf(ymd: string): number {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** 'HH:MM' -> minutes since midnight. */
export function minutesOf(hm: string): number {
  const [h, m] = hm.split(':').map(Number);
  return h * 60 + m;
}

/** The instant at which a Japan-time date and time happen ('yyyy-MM-dd', 'HH:MM'); Japan keeps UTC+9 all year. */
export function japanInstant(ymd: string, hm = '00:00'): Date {
  // Arithmetic, not `new Date('…T…+09:00')`: parsing a date string for every slot of a calendar month was a visible
  // part of the calendar JSON's time. An input not in these forms gives an invalid Date, as parsing did.
  if (ymd.length !== 10 || hm.length !== 5) return new Date(Number.NaN);
  const y = Number(ymd.slice(0, 4));
  const m = Number(ymd.slice(5, 7));
  const d = Number(ymd.slice(8, 10));
  return new Date(Date.UTC(y, m - 1, d, Number(hm.slice(0, 2)) - 9, Number(hm.slice(3, 5))));
}

/**
 * '2026-12-05', or an instant (its date in Japan) -> '2026年12月5日(土)': with the weekday, as every mail writes a
 * date.
 */
export function formatDateJa(date: string | Date): string {
  const ymd = typeof date === 'string' ? date : todayInJapan(date);
  const [y, m, d] = ymd.split('-').map(Number);
  return ja.dates.fullDate(y, m, d, ja.dates.weekdays[weekdayOf(ymd)]);
}

/** '2026-12-05' -> '2026年12月5日' (no ISO dates in the UI). */
export function formatYmdJa(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return ja.dates.date(y, m, d);
}

/** An instant -> '2026年12月5日' in Japan time. */
export function formatInstantDateJa(instant: Date | string): string {
  const ymd = todayInJapan(new Date(instant));
  const [y, m, d] = ymd.split('-').map(Number);
  return ja.dates.date(y, m, d);
}

/**
 * An instant -> '2026年12月5日(土) 09:05' in Japan time, the hour in two digits: every date and time a mail writes
 * (expiries, changes, holds), the account page's sessions and the other pages' times.
 */
export function formatInstantDateTimeJa(instant: Date | string): string {
  const at = new Date(instant);
  return `${formatDateJa(at)} ${nowTimeInJapan(at)}`;
}
