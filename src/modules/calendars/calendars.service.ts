// Public slot reads: an experience's slots in a date window, and one slot by id. Guests see only slots of published
// experiences, only today and later, and only the experience asked for.
import { userOf, type Ctx } from '#src/lib/context';
import { NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import type { IdInput } from '#src/lib/isomorphic/ids';
import { idFrom, parseInput } from '#src/lib/isomorphic/validate';
import { addDays, daysBetween, todayInJapan } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import {
  calendarsQuerySchema,
  DEFAULT_WINDOW_DAYS,
  MAX_WINDOW_DAYS,
  type CalendarJson,
  type CalendarsJson,
  type CalendarsQuery,
} from './calendars.schemas';
import { findSlotText, findSlotWindowText, type SlotWindowText } from './calendars.repository';
import { parseJsonText, type JsonText } from '#src/lib/json-text';
import { visibleRowOr404 } from '#src/modules/experiences/experiences.policy';

function experienceNotFound(): NotFoundError {
  return new NotFoundError(ja.browse.experienceNotFound, 'experience');
}

/** Resolves and checks the window: defaults, order and the maximum length. */
function resolveWindow(input: CalendarsQuery, today: string): { from: string; to: string } {
  const query = parseInput(calendarsQuerySchema, input);
  const from = query.from_date ?? today;
  const to = query.to_date ?? addDays(from, DEFAULT_WINDOW_DAYS - 1);
  if (to < from) throw ValidationError.of('to_date', ja.browse.dateOrder);
  if (daysBetween(from, to) + 1 > MAX_WINDOW_DAYS) throw ValidationError.of('to_date', ja.browse.windowTooLong(MAX_WINDOW_DAYS));
  return { from, to };
}

export function createCalendarsService() {
  /**
   * GET /api/v1/experiences/{id}/calendars?from_date&to_date: slots dated within the window (never before today,
   * Japan time) in date and time order, with meta.reserved_calendar_ids (the signed-in user's confirmed bookings in
   * the window) and meta.recent_count (slots after to_date). One statement, which writes the slots' JSON text: the
   * answer is sent as this text.
   */
  async function listForExperience(ctx: Ctx, input: CalendarsQuery): Promise<JsonText<CalendarsJson>> {
    const today = todayInJapan();
    const window = resolveWindow(input, today);
    const id = idFrom(input, 'id', experienceNotFound);
    const from = window.from < today ? today : window.from;
    const to = window.to;
    const after = to < today ? addDays(today, -1) : to;
    // One statement: the experience's visibility and deadline rule, the slots, the count after and the user's slots.
    const found = await findSlotWindowText(ctx.sql, { id, viewerId: userOf(ctx)?.id ?? null, from, to, after });
    visibleRowOr404(ctx, found?.experience ?? null, experienceNotFound);
    const read = found as SlotWindowText;
    const meta: CalendarsJson['meta'] = { reserved_calendar_ids: read.reserved, recent_count: read.recent, from_date: from, to_date: to };
    return `{"calendars":${read.calendars},"meta":${JSON.stringify(meta)}}`;
  }

  /** The first window `upcoming` reads (today and the next DEFAULT_WINDOW_DAYS − 1 days), as findSlotWindowText's range. */
  function firstWindow(): { from: string; to: string; after: string } {
    const from = todayInJapan();
    const to = addDays(from, DEFAULT_WINDOW_DAYS - 1);
    return { from, to, after: to };
  }

  /** A window read with the experience page's statement (SLOT_WINDOW_SQL) as the calendar JSON. */
  function windowJson(
    window: Pick<SlotWindowText, 'calendars' | 'recent' | 'reserved'>,
    range: { from: string; to: string },
  ): CalendarsJson {
    return {
      calendars: parseJsonText(window.calendars),
      meta: { reserved_calendar_ids: window.reserved, recent_count: window.recent, from_date: range.from, to_date: range.to },
    };
  }

  /** GET /api/v1/calendars/{id}: one slot, if its experience is visible to the actor (the reservation form reads it). */
  async function get(ctx: Ctx, input: { id: IdInput }): Promise<CalendarJson> {
    const notFound = new NotFoundError(ja.browse.calendarNotFound, 'calendar');
    const id = idFrom(input, 'id', () => notFound);
    // One statement: the slot and its experience's visibility (a slot of an unpublished experience does not exist
    // for a guest).
    const slot = await findSlotText(ctx.sql, id, userOf(ctx)?.id ?? null);
    if (!slot) throw notFound;
    visibleRowOr404(ctx, slot.experience, () => notFound);
    return parseJsonText(slot.calendar);
  }

  /**
   * The first window worth showing, for server-rendered pages: today + 30 days, stepping forward (at most a year)
   * while a window is empty but later slots exist, so a schedule starting in two months is not shown as empty.
   * `first`: the first window (firstWindow) when the caller has already read it.
   */
  async function upcoming(ctx: Ctx, input: { id: IdInput }, first?: CalendarsJson): Promise<CalendarsJson> {
    const { id } = input;
    let from = todayInJapan();
    const read = async (from_date: string) => parseJsonText(await listForExperience(ctx, { id, from_date }));
    let result = first ?? (await read(from));
    for (let step = 0; step < 12 && result.calendars.length === 0 && result.meta.recent_count > 0; step++) {
      from = addDays(result.meta.to_date, 1);
      result = await read(from);
    }
    return result;
  }

  return { listForExperience, get, upcoming, firstWindow, windowJson };
}

export type CalendarsService = ReturnType<typeof createCalendarsService>;
