// Public calendar reads: the window query and the JSON shapes (spec guest-and-host.md §3, §4). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { isValidYmd } from '#src/lib/isomorphic/dates';
import type { IdInput } from '#src/lib/isomorphic/ids';
import { countJson, dateJson, dateTimeJson, idJson, timeJson, type InputOf } from '#src/lib/isomorphic/validate';

/**
 * The longest window one call may ask for, both ends included: about a quarter (3 x 31 days). Longer windows
 * would let one request read a year of slots; the pages ask for DEFAULT_WINDOW_DAYS at a time.
 */
export const MAX_WINDOW_DAYS = 93;
// DEFAULT_WINDOW_DAYS and MAX_SELECTED_SLOTS live in calendars.shared.ts, zod-free for the pages.
export { DEFAULT_WINDOW_DAYS, MAX_SELECTED_SLOTS } from './calendars.shared';

const ymd = z
  .string({ error: ja.browse.dateFormat })
  .trim()
  .refine((value) => isValidYmd(value), ja.browse.dateFormat)
  .meta({ format: 'date', pattern: '^\\s*\\d{4}-\\d{2}-\\d{2}\\s*$' })
  .optional();

/** ?from_date&to_date (yyyy-MM-dd, Japan dates, both included). Both optional: from defaults to today. */
export const calendarsQuerySchema = z.object({ from_date: ymd, to_date: ymd });
/** An experience's slots in a window: its id and the window's query. */
export type CalendarsQuery = InputOf<typeof calendarsQuerySchema> & { id: IdInput };

/** A slot (spec §3 "Calendar entry") plus extras: experience_id and reservation_deadline_at. */
export interface CalendarJson {
  id: number;
  experience_id: number;
  date: string;
  start_time: string;
  end_time: string;
  recurrence_rule_uuid: string | null;
  recruitment_number: number;
  participant_number: number;
  accepting_reservation: boolean;
  /**
   * The instant (ISO, UTC) at which booking closes, from the experience's reservation_deadline in Japan time:
   * on_the_day = the start time, the_day_before = 00:00 of the date (i.e. until 23:59 the day before).
   * Sent as data rather than a computed state so the response stays the same for everyone and over time.
   */
  reservation_deadline_at: string;
}

export interface CalendarsMeta {
  /** The signed-in user's confirmed reservations' slot ids within the window (empty when signed out). */
  reserved_calendar_ids: number[];
  /**
   * How many of the experience's slots lie after to_date (today or later): 0 means there is nothing more to page
   * to, so a client stops paging when it reaches 0.
   */
  recent_count: number;
  /** The window actually read (from_date is never before today, Japan time). */
  from_date: string;
  to_date: string;
}

export interface CalendarsJson {
  calendars: CalendarJson[];
  meta: CalendarsMeta;
}

/**
 * A slot as the slot list shows and selects it: the calendar JSON without what no browser part reads (the experience
 * id, which the page already has, and the recurrence rule). The experience page sends its first window in this shape.
 */
export type SlotJson = Omit<CalendarJson, 'experience_id' | 'recurrence_rule_uuid'>;

/** A window of slots as the slot list pages it: the calendars JSON, or the experience page's smaller first window. */
export interface SlotWindowJson {
  calendars: SlotJson[];
  meta: Pick<CalendarsMeta, 'reserved_calendar_ids' | 'recent_count' | 'to_date'>;
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

export const calendarJsonSchema = z
  .object({
    id: idJson(),
    experience_id: idJson(),
    date: dateJson(),
    start_time: timeJson(),
    end_time: timeJson(),
    recurrence_rule_uuid: z.string().nullable(),
    recruitment_number: countJson(),
    participant_number: countJson(),
    accepting_reservation: z.boolean(),
    reservation_deadline_at: dateTimeJson(),
  })
  .meta({ id: 'Calendar', description: '開催日程（日付と時刻は日本時間、締め切りは UTC の時刻）' }) satisfies z.ZodType<CalendarJson>;

export const calendarsJsonSchema = z
  .object({
    calendars: z.array(calendarJsonSchema),
    meta: z.object({
      reserved_calendar_ids: z.array(idJson()),
      recent_count: countJson(),
      from_date: dateJson(),
      to_date: dateJson(),
    }),
  })
  .meta({ id: 'CalendarList', description: `期間内の開催日程（最大 ${MAX_WINDOW_DAYS} 日分）` }) satisfies z.ZodType<CalendarsJson>;
