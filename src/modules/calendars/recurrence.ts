// Weekly recurrence rules and the calendar date windows (guest-and-host.md §2 "Calendar area", §5, §9).
// Pure and isomorphic: the form previews the slots a rule describes and the server generates them with the
// same function. Dates are Japan-time calendar dates ('yyyy-MM-dd'), so no time zone is involved here.
import { addDays, addMonths, daysBetween, isValidYmd, minutesOf, weekdayOf } from '#src/lib/isomorphic/dates';

/** English weekday names as stored in recurrence_rules.day_of_week; index = Date#getUTCDay (0 = Sunday). */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Calendar input reaches 6 months ahead; a recurrence runs at most 3 months (spec §9). */
const CALENDAR_MONTHS_AHEAD = 6;
const RECURRENCE_MONTHS = 3;

export interface RecurrenceRuleLike {
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  day_of_week: readonly string[];
}

export interface GeneratedSlot {
  date: string;
  start_time: string;
  end_time: string;
}

/**
 * Every slot the rule describes: each date from start_date to end_date (both included) whose weekday is listed,
 * at the rule's times. `from` skips earlier dates (editing never recreates past slots). Unknown weekday names
 * and malformed dates generate nothing rather than throwing: validation reports them separately.
 */
export function expandRecurrence(rule: RecurrenceRuleLike, options: { from?: string } = {}): GeneratedSlot[] {
  if (!isValidYmd(rule.start_date) || !isValidYmd(rule.end_date)) return [];
  const days = new Set<number>();
  for (const name of rule.day_of_week) {
    const index = WEEKDAYS.indexOf(name as Weekday);
    if (index >= 0) days.add(index);
  }
  if (days.size === 0) return [];
  let first = rule.start_date;
  if (options.from && isValidYmd(options.from) && options.from > first) first = options.from;
  const span = daysBetween(first, rule.end_date);
  const slots: GeneratedSlot[] = [];
  // The loop is bounded by the date span (at most ~3 months for a valid rule), never by the weekday count.
  for (let offset = 0; offset <= span; offset += 1) {
    const date = addDays(first, offset);
    if (days.has(weekdayOf(date))) slots.push({ date, start_time: rule.start_time, end_time: rule.end_time });
  }
  return slots;
}

/** The dates a calendar entry may use: today (Japan) to 6 months ahead. */
export function calendarWindow(today: string): { min: string; max: string } {
  return { min: today, max: addMonths(today, CALENDAR_MONTHS_AHEAD) };
}

/**
 * The end dates a recurrence starting on startDate may use: from the start date to 3 months after it, and never
 * past the calendar window (so every generated slot is itself a valid calendar date).
 */
export function recurrenceEndWindow(startDate: string, today: string): { min: string; max: string } {
  const byRule = addMonths(startDate, RECURRENCE_MONTHS);
  const byCalendar = calendarWindow(today).max;
  return { min: startDate, max: byRule < byCalendar ? byRule : byCalendar };
}

/** The form's default end date: as far as allowed (3 months after the start, spec "default 3 months"). */
export function defaultRecurrenceEnd(startDate: string, today: string): string {
  return recurrenceEndWindow(startDate, today).max;
}

/** 'HH:MM' on a 30-minute step (spec: times in 30-minute steps). */
export function isHalfHourTime(value: string): boolean {
  return /^([01]\d|2[0-3]):(00|30)$/.test(value);
}

/** The window of a slot's times, the same for the form and the server: 06:00 to 23:30 (spec §9). */
export const SLOT_TIME_WINDOW = { first: '06:00', last: '23:30' } as const;

/** Time selector choices: every 30 minutes from 06:00 to 23:30 (spec §9). The server accepts exactly these. */
export const TIME_CHOICES: readonly string[] = Array.from(
  { length: (minutesOf(SLOT_TIME_WINDOW.last) - minutesOf(SLOT_TIME_WINDOW.first)) / 30 + 1 },
  (_, i) => {
    const minutes = minutesOf(SLOT_TIME_WINDOW.first) + i * 30;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
  },
);

/** Why a slot time is not one of TIME_CHOICES: 'step' (not HH:MM on a half hour) or 'window' (outside 06:00–23:30). */
export function slotTimeIssue(value: string): 'step' | 'window' | null {
  if (!isHalfHourTime(value)) return 'step';
  return TIME_CHOICES.includes(value) ? null : 'window';
}
