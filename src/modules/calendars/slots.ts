// Slot states for the guest pages (spec guest-and-host.md §4, §9). Pure and browser-safe: the server sends the
// slot data, the page decides the state with the clock of the moment.
import { japanInstant } from '#src/lib/isomorphic/dates';
import type { CalendarJson } from './calendars.schemas';

export type SlotState = 'reserved' | 'inactive' | 'open';
export type SlotMark = 'circle' | 'triangle';

export interface SlotView {
  state: SlotState;
  /** Only for open slots: triangle when few seats remain, otherwise circle. */
  mark: SlotMark | null;
  remaining: number;
}

/** Below this share of recruitment_number (rounded to whole seats) an open slot shows the triangle. */
const FEW_SEATS_RATIO = 0.3;

/**
 * The triangle threshold in seats: remaining < round(recruitment_number x 30%). For 10 seats the triangle shows at 2
 * or fewer; for 1 to 3 seats the threshold rounds to 0 or 1, so a small slot shows the circle until it is full.
 */
export function fewSeatsThreshold(recruitmentNumber: number): number {
  return Math.round(recruitmentNumber * FEW_SEATS_RATIO);
}

/**
 * The one order of a reservation's dates wherever they are listed (pages, mails, the .ics): date, then start time,
 * then id. Slot ids follow creation, not time (a host adds an earlier date later), so an id order is never shown.
 */
export function inTimeOrder<T extends SlotTimeOf>(slots: readonly T[]): T[] {
  return [...slots].sort((a, b) => a.date.localeCompare(b.date) || startOf(a).localeCompare(startOf(b)) || (a.id ?? 0) - (b.id ?? 0));
}

/** A slot as JSON (`start_time`) or as the entity (`startTime`). */
type SlotTimeOf = { date: string; id?: number } & ({ start_time: string } | { startTime: string });

const startOf = (slot: SlotTimeOf): string => ('start_time' in slot ? slot.start_time : slot.startTime);

type SlotInput = Pick<CalendarJson, 'recruitment_number' | 'participant_number' | 'accepting_reservation' | 'reservation_deadline_at'>;

/**
 * reserved: the signed-in user already booked it. inactive: not accepting, full, or past the booking deadline.
 * open: bookable, with the triangle or circle mark.
 */
export function slotView(slot: SlotInput, options: { reserved: boolean; now: number }): SlotView {
  const remaining = Math.max(0, slot.recruitment_number - slot.participant_number);
  if (options.reserved) return { state: 'reserved', mark: null, remaining };
  const closed = options.now >= Date.parse(slot.reservation_deadline_at);
  if (!slot.accepting_reservation || remaining <= 0 || closed) return { state: 'inactive', mark: null, remaining };
  return { state: 'open', mark: remaining < fewSeatsThreshold(slot.recruitment_number) ? 'triangle' : 'circle', remaining };
}

type ReservationDeadlineRule = 'on_the_day' | 'the_day_before';

/**
 * THE booking deadline rule (Japan time), used by the calendar JSON the pages read and by the reservation that
 * takes the money: on_the_day closes at the slot's start time; the_day_before closes at 00:00 of the slot's date
 * (bookable until 23:59 the day before). Any value other than on_the_day is treated as the stricter the_day_before.
 */
function bookingClosesAt(date: string, startTime: string, rule: ReservationDeadlineRule | string): Date {
  return japanInstant(date, rule === 'on_the_day' ? startTime : '00:00');
}

/**
 * The same rule in SQL, for statements that decide or write the deadline themselves: the deadline as Japan's wall-clock
 * time (a timestamp without zone), over a slot `c` (calendars) and its experience `e`. A statement turns it into an
 * instant with `AT TIME ZONE 'Asia/Tokyo'`. tests/api/browse-calendars.test.ts compares its answers with the rule above.
 */
export const BOOKING_CLOSES_LOCAL_SQL = `(CASE WHEN e.reservation_deadline = 'on_the_day' THEN c.date + c.start_time::time ELSE c.date::timestamp END)`;

/**
 * THE rule of a slot the user already holds (the calendars' 予約済み), in SQL over a slot `c`: one of the user's
 * confirmed reservations includes it. `userId` is the SQL of the user's id (a placeholder or a column). The slot
 * windows mark these slots; the favourites' next dates and new-date mails leave them out.
 */
export function heldByUserSql(userId: string): string {
  return `EXISTS (SELECT 1 FROM reservation_calendars rc JOIN reservations r ON r.id = rc.reservation_id
    WHERE rc.calendar_id = c.id AND r.user_id = ${userId} AND r.status = 'confirmed')`;
}

/** When a slot starts: its date and 'HH:MM' are Japan time whatever the server's zone. */
export function slotStartsAt(date: string, startTime: string): Date {
  return japanInstant(date, startTime);
}

/**
 * THE rule of a slot that has started (Japan time) at `now`: it can no longer be booked, cancelled by its guest or its
 * host, added or moved to.
 */
export function slotStarted(date: string, startTime: string, now: Date): boolean {
  return now.getTime() >= slotStartsAt(date, startTime).getTime();
}

/**
 * The same start in SQL, as an instant, over a slot `c` (calendars): statements that leave out or mark the slots that
 * have started compare it with the time they are given (or `now()`).
 */
export const SLOT_STARTS_AT_SQL = `((c.date + c.start_time::time) AT TIME ZONE 'Asia/Tokyo')`;

/** True when a slot can no longer be booked at `now` (its deadline has come). */
export function bookingClosed(date: string, startTime: string, rule: ReservationDeadlineRule | string, now: Date): boolean {
  return now.getTime() >= bookingClosesAt(date, startTime, rule).getTime();
}

/** The booking deadline of a slot (Japan time), as an ISO instant (the calendar JSON's reservation_deadline_at). */
export function deadlineAt(date: string, startTime: string, rule: ReservationDeadlineRule | string): string {
  return bookingClosesAt(date, startTime, rule).toISOString();
}

/** Toggles an id in the selection; refuses the (max + 1)th. */
export function toggleSelection(selected: number[], id: number, max: number): { selected: number[]; refused: boolean } {
  if (selected.includes(id)) return { selected: selected.filter((x) => x !== id), refused: false };
  if (selected.length >= max) return { selected, refused: true };
  return { selected: [...selected, id], refused: false };
}

/** /reservations/new?cid=1,2,3&tour_id=9 with the ids in slot order. */
export function reservationUrl(experienceId: number, ids: number[]): string {
  return `/reservations/new?cid=${ids.join(',')}&tour_id=${experienceId}`;
}
