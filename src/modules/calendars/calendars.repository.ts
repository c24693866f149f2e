// Slot reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import type { JsonText } from '#src/lib/json-text';
import { Calendar, type ICalendar } from './calendars.entity';
import type { CalendarJson } from './calendars.schemas';
import { BOOKING_CLOSES_LOCAL_SQL, heldByUserSql } from './slots';
import {
  EXPERIENCE_SUMMARY_COLUMNS,
  GUEST_SUMMARY_COLUMNS,
  type ExperienceSummaryRow,
} from '#src/modules/experiences/experiences.repository';

export type { ICalendar };

/** The slots with these ids (unknown ids are simply missing), in id order. */
export async function findSlots(em: EntityManager, ids: number[]): Promise<ICalendar[]> {
  return em.find(Calendar, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
}

/** The experience of the first (lowest id) of these slots, or null when none exists. */
export async function experienceIdOfFirstSlot(em: EntityManager, ids: number[]): Promise<number | null> {
  const slot = await em.findOne(Calendar, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
  return slot ? slot.experience.id : null;
}

/** How many slots lie after a date, over `e` (one placeholder). */
const RECENT_COUNT = `(SELECT count(*)::int FROM calendars c WHERE c.experience_id = e.id AND c.date > ?::date)`;

/** The user's confirmed slots in the window as a JSON array over `e` (placeholders: the user or null twice, from, to). */
const RESERVED_IDS = `CASE WHEN ?::int IS NULL THEN '[]'::json ELSE COALESCE((SELECT json_agg(c.id ORDER BY c.id) FROM calendars c
      WHERE ${heldByUserSql('?')} AND c.experience_id = e.id AND c.date BETWEEN ?::date AND ?::date),
      '[]'::json) END`;

/**
 * A slot of `c` (of `e`) as the text of its CalendarJson: the one writer of a slot's JSON, for the calendars API (one
 * slot or a window) and the experience page alike. The keys in calendarJsonSchema's order, text values written by
 * to_json. The booking deadline is slots.ts' rule in SQL (BOOKING_CLOSES_LOCAL_SQL) at the fixed offset of Japan time
 * (+09:00, as japanInstant), written as Date.toISOString writes it; tests/api/browse-calendars.test.ts holds it and
 * slots.ts' deadlineAt to the same expected instants.
 */
const CALENDAR_JSON_TEXT = `'{"id":' || c.id || ',"experience_id":' || c.experience_id
  || ',"date":"' || to_char(c.date, 'YYYY-MM-DD') || '","start_time":' || to_json(c.start_time)::text
  || ',"end_time":' || to_json(c.end_time)::text
  || ',"recurrence_rule_uuid":' || COALESCE(to_json(c.recurrence_rule_id)::text, 'null')
  || ',"recruitment_number":' || c.recruitment_number || ',"participant_number":' || c.participant_number
  || ',"accepting_reservation":' || c.accepting_reservation || ',"reservation_deadline_at":"'
  || to_char(${BOOKING_CLOSES_LOCAL_SQL} - interval '9 hours', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}'`;

/** The window's slots as the text of a CalendarJson array, over `e` (two placeholders: from and to). */
const WINDOW_TEXT = `COALESCE((SELECT '[' || string_agg(${CALENDAR_JSON_TEXT}, ',' ORDER BY c.date, c.start_time, c.id) || ']'
      FROM calendars c WHERE c.experience_id = e.id AND c.date BETWEEN ?::date AND ?::date), '[]')`;

/**
 * A window for a user (placeholders: slotWindowParams), its slots as text: the calendars API's statement, and the
 * experience page's, joined to its detail's.
 */
export const SLOT_WINDOW_SQL = `SELECT ${EXPERIENCE_SUMMARY_COLUMNS},
    ${WINDOW_TEXT} AS calendars,
    ${RECENT_COUNT} AS recent,
    ${RESERVED_IDS} AS reserved
  FROM experiences e WHERE e.id = ?`;

const USER_WINDOW_TEXT = readStatement(SLOT_WINDOW_SQL);

/** One slot as text, with its experience's summary (placeholders: the viewer's user id or null, the slot's id). */
const SLOT_TEXT = readStatement(`SELECT ${EXPERIENCE_SUMMARY_COLUMNS}, ${CALENDAR_JSON_TEXT} AS calendar
  FROM calendars c JOIN experiences e ON e.id = c.experience_id WHERE c.id = ?`);

/** A slot's JSON text and its experience's summary (visibility), in one statement; null when no slot has that id. */
export async function findSlotText(
  em: SqlReader,
  id: number,
  viewerId: number | null,
): Promise<{ experience: ExperienceSummaryRow; calendar: JsonText<CalendarJson> } | null> {
  const rows = await readRows<ExperienceSummaryRow & { calendar: string }>(em, SLOT_TEXT, [viewerId, id]);
  const row = rows[0];
  if (!row) return null;
  const { calendar, ...experience } = row;
  return { experience, calendar };
}

/**
 * The calendars API's window for a guest: no membership and no bookings to read (placeholders: from, to, after, id). A
 * statement of its own because its plan does not depend on its parameters, so PostgreSQL keeps one generic plan for
 * it. Run with a null user, the user's statement was planned again at every call: a plan for a null user folds those
 * parts away and always looks cheaper than the generic one (with a user given, it goes generic).
 */
const GUEST_WINDOW_TEXT = readStatement(`SELECT ${GUEST_SUMMARY_COLUMNS}, ${WINDOW_TEXT} AS calendars, ${RECENT_COUNT} AS recent
  FROM experiences e WHERE e.id = ?`);

/** A window as the calendars API sends it: the slots already written as JSON text. */
export interface SlotWindowText {
  experience: ExperienceSummaryRow;
  /** Slots dated from..to, in date, start time and id order: the text of a CalendarJson array. */
  calendars: JsonText<CalendarJson[]>;
  /** Slots dated after `after`. */
  recent: number;
  /** Slots in the window the user holds a confirmed reservation for (empty without a user). */
  reserved: number[];
}

type WindowTextColumns = { calendars: string; recent: number; reserved?: number[] };

export interface SlotWindowQuery {
  id: number;
  viewerId: number | null;
  from: string;
  to: string;
  after: string;
}

/** SLOT_WINDOW_SQL's parameters, in its placeholders' order. */
export function slotWindowParams(query: SlotWindowQuery): unknown[] {
  const { id, viewerId, from, to, after } = query;
  return [viewerId, from, to, after, viewerId, viewerId, from, to, id];
}

/**
 * An experience's slots in a window (as JSON text), the count after it, the user's confirmed slots in it and the
 * experience's summary (visibility, deadline rule), in one statement; null when the experience does not exist.
 * `from > to` reads no slots.
 */
export async function findSlotWindowText(em: SqlReader, query: SlotWindowQuery): Promise<SlotWindowText | null> {
  const { id, viewerId, from, to, after } = query;
  const result =
    viewerId === null
      ? await readRows<ExperienceSummaryRow & WindowTextColumns>(em, GUEST_WINDOW_TEXT, [from, to, after, id])
      : await readRows<ExperienceSummaryRow & WindowTextColumns>(em, USER_WINDOW_TEXT, slotWindowParams(query));
  const row = result[0];
  if (!row) return null;
  const { calendars, recent, reserved = [], ...experience } = row;
  return { experience, calendars, recent, reserved };
}
