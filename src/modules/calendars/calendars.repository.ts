// Slot reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import { Calendar, type ICalendar } from './calendars.entity';
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

/** A slot as the calendar JSON reads it (date as yyyy-MM-dd). */
export interface CalendarRow {
  id: number;
  experience_id: number;
  date: string;
  start_time: string;
  end_time: string;
  recurrence_rule_id: string | null;
  recruitment_number: number;
  participant_number: number;
  accepting_reservation: boolean;
}

/** The select list of CalendarRow over `c`. */
export const CALENDAR_COLUMNS = `c.id, c.experience_id, to_char(c.date, 'YYYY-MM-DD') AS date, c.start_time, c.end_time,
  c.recurrence_rule_id, c.recruitment_number, c.participant_number, c.accepting_reservation`;

const CALENDAR_JSON = `json_build_object('id', c.id, 'experience_id', c.experience_id, 'date', to_char(c.date, 'YYYY-MM-DD'),
  'start_time', c.start_time, 'end_time', c.end_time, 'recurrence_rule_id', c.recurrence_rule_id,
  'recruitment_number', c.recruitment_number, 'participant_number', c.participant_number,
  'accepting_reservation', c.accepting_reservation)`;

export interface SlotWindow {
  experience: ExperienceSummaryRow;
  /** Slots dated from..to, in date, start time and id order. */
  rows: CalendarRow[];
  /** Slots dated after `after`. */
  recent: number;
  /** Slots in the window the user holds a confirmed reservation for (empty without a user). */
  reserved: number[];
}

/** The window's slots as a JSON array over `e` (two placeholders: from and to). */
const WINDOW_ROWS = `COALESCE((SELECT json_agg(${CALENDAR_JSON} ORDER BY c.date, c.start_time, c.id) FROM calendars c
      WHERE c.experience_id = e.id AND c.date BETWEEN ?::date AND ?::date), '[]'::json)`;

/** How many slots lie after a date, over `e` (one placeholder). */
const RECENT_COUNT = `(SELECT count(*)::int FROM calendars c WHERE c.experience_id = e.id AND c.date > ?::date)`;

/** The window's statement (its placeholders: slotWindowParams); the experience page joins it to its detail's. */
export const SLOT_WINDOW_SQL = `SELECT ${EXPERIENCE_SUMMARY_COLUMNS},
    ${WINDOW_ROWS} AS rows,
    ${RECENT_COUNT} AS recent,
    CASE WHEN ?::int IS NULL THEN '[]'::json ELSE COALESCE((SELECT json_agg(x.calendar_id ORDER BY x.calendar_id) FROM (
      SELECT DISTINCT rc.calendar_id FROM reservation_calendars rc
      JOIN reservations r ON r.id = rc.reservation_id
      JOIN calendars c ON c.id = rc.calendar_id
      WHERE r.user_id = ? AND r.status = 'confirmed' AND c.experience_id = e.id AND c.date BETWEEN ?::date AND ?::date) x),
      '[]'::json) END AS reserved
  FROM experiences e WHERE e.id = ?`;

const SLOT_WINDOW = readStatement(SLOT_WINDOW_SQL);

/**
 * The window for a guest: no membership and no bookings to read (placeholders: from, to, after, id). A statement of
 * its own because its plan does not depend on its parameters, so PostgreSQL keeps one generic plan for it; the full
 * statement's plan depends on whether a user is given, and PostgreSQL plans it again at every call.
 */
const GUEST_SLOT_WINDOW = readStatement(`SELECT ${GUEST_SUMMARY_COLUMNS}, ${WINDOW_ROWS} AS rows, ${RECENT_COUNT} AS recent
  FROM experiences e WHERE e.id = ?`);

/** The window's columns of either statement (the guest's has no `reserved`). */
type WindowColumns = { rows: CalendarRow[]; recent: number; reserved?: number[] };

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
 * An experience's slots in a window, the count after it, the user's confirmed slots in it and the experience's
 * summary (visibility, deadline rule), in one statement; null when the experience does not exist.
 * `from > to` reads no slots.
 */
export async function findSlotWindow(em: SqlReader, query: SlotWindowQuery): Promise<SlotWindow | null> {
  const { id, viewerId, from, to, after } = query;
  const result =
    viewerId === null
      ? await readRows<ExperienceSummaryRow & WindowColumns>(em, GUEST_SLOT_WINDOW, [from, to, after, id])
      : await readRows<ExperienceSummaryRow & WindowColumns>(em, SLOT_WINDOW, slotWindowParams(query));
  const row = result[0];
  if (!row) return null;
  const { rows, recent, reserved = [], ...experience } = row;
  return { experience, rows, recent, reserved };
}
