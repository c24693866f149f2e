// The host form's slots: calendar entries and recurrence rules as the experience form and its draft send them, their
// date windows, and the host's JSON of them (calendar-plan.ts applies them). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { isValidYmd, minutesOf } from '#src/lib/isomorphic/dates';
import { dateJson, timeJson } from '#src/lib/isomorphic/validate';
import { calendarJsonSchema, type CalendarJson } from './calendars.schemas';
import { slotStarted } from './slots';
import { WEEKDAYS, calendarWindow, expandRecurrence, slotTimeIssue, recurrenceEndWindow, type Weekday } from './recurrence';

const m = ja.hostStory.errors;

/** An optional id: absent or null is null. */
export const optionalId = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);

// The limits in refinements, stated for the OpenAPI document (.meta): a generated client refuses what these refuse.
const ymd = z
  .string({ error: m.dateInvalid })
  .refine(isValidYmd, m.dateInvalid)
  .meta({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** A slot time the form can produce (TIME_CHOICES: 06:00–23:30 in 30-minute steps), with the reason when not. */
const halfHour = z
  .string({ error: m.timeStep })
  .superRefine((value, ctx) => {
    const issue = slotTimeIssue(value);
    if (issue) ctx.addIssue({ code: 'custom', message: issue === 'step' ? m.timeStep : ja.bookingRules.timeOutsideWindow });
  })
  .meta({ pattern: '^(?:0[6-9]|1\\d|2[0-3]):(?:00|30)$', description: '06:00〜23:30 の 30 分刻み（日本時間）' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const calendarEntrySchema = z
  .object({
    /** An existing slot (editing); absent for a new one. */
    id: optionalId,
    date: ymd,
    start_time: halfHour,
    end_time: halfHour,
    /** The rule that produced the slot, when it refers to a rule of the same request. */
    recurrence_rule_uuid: z
      .string()
      .regex(UUID)
      .nullish()
      .transform((v) => v?.toLowerCase() ?? null),
  })
  .refine((e) => minutesOf(e.start_time) < minutesOf(e.end_time), { message: m.startBeforeEnd, path: ['start_time'] });
export type CalendarEntryData = z.output<typeof calendarEntrySchema>;

export const recurrenceRuleSchema = z
  .object({
    uuid: z
      .string()
      .regex(UUID)
      .nullish()
      .transform((v) => v?.toLowerCase() ?? null),
    start_date: ymd,
    end_date: ymd,
    start_time: halfHour,
    end_time: halfHour,
    day_of_week: z
      .array(z.enum(WEEKDAYS, { error: m.weekdaysRequired }), { error: m.weekdaysRequired })
      .min(1, m.weekdaysRequired)
      .max(7, m.weekdaysRequired)
      // One entry per weekday, Sunday first, so two rules can be compared field by field.
      .transform((days) => WEEKDAYS.filter((d) => days.includes(d)) as Weekday[]),
  })
  .refine((r) => minutesOf(r.start_time) < minutesOf(r.end_time), { message: m.startBeforeEnd, path: ['start_time'] })
  .refine((r) => r.end_date >= r.start_date, { message: m.recurrenceEndRange, path: ['end_date'] });
export type RecurrenceRuleData = z.output<typeof recurrenceRuleSchema>;

/** The date window of a new or changed slot (today in Japan to 6 months ahead); null when it fits. */
export function calendarDateIssue(date: string, today: string): string | null {
  const window = calendarWindow(today);
  if (date < window.min) return m.dateBeforeToday;
  if (date > window.max) return m.dateTooFar;
  return null;
}

/** A new or moved slot whose start time (Japan time) has come at `now`; null while it is ahead. */
export function slotStartIssue(date: string, startTime: string, now: Date): string | null {
  return slotStarted(date, startTime, now) ? m.slotStarted : null;
}

/** Window problems of a new or changed recurrence rule, as field -> message. */
export function recurrenceRuleIssues(rule: RecurrenceRuleData, today: string): Record<string, string> {
  const issues: Record<string, string> = {};
  const startIssue = calendarDateIssue(rule.start_date, today);
  if (startIssue) issues.start_date = startIssue;
  const endWindow = recurrenceEndWindow(rule.start_date, today);
  if (rule.end_date < endWindow.min || rule.end_date > endWindow.max) issues.end_date = m.recurrenceEndRange;
  if (Object.keys(issues).length === 0 && expandRecurrence(rule).length === 0) issues.day_of_week = m.recurrenceEmpty;
  return issues;
}

// ---- The host's JSON of its slots and rules

/** A future slot as its host edits it: the public slot without what the guests' booking needs, and whether it is taken. */
export type HostCalendarJson = Omit<CalendarJson, 'experience_id' | 'reservation_deadline_at'> & {
  /** True when the slot has reservations or seats on hold: it cannot be deleted or moved. */
  reserved: boolean;
};

export interface RecurrenceRuleJson {
  uuid: string;
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  day_of_week: Weekday[];
}

// `satisfies` keeps the response schemas (the OpenAPI document) and the types above the same shape.

export const hostCalendarJsonSchema = calendarJsonSchema
  .omit({ experience_id: true, reservation_deadline_at: true })
  .extend({ reserved: z.boolean() }) satisfies z.ZodType<HostCalendarJson>;

export const recurrenceRuleJsonSchema = z.object({
  uuid: z.string(),
  start_date: dateJson(),
  end_date: dateJson(),
  start_time: timeJson(),
  end_time: timeJson(),
  day_of_week: z.array(z.enum(WEEKDAYS)),
}) satisfies z.ZodType<RecurrenceRuleJson>;
