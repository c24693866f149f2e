// The host's side of reservations: the slots of the experiences the signed-in user hosts (as their host
// user, or as a member of their host ambassador) with who is coming, and a slot's participants as JSON or CSV.
// Anybody else gets the empty list or the slot's 404: a slot of someone else's experience does not exist for them.
//
// Which reservations a host sees: those that were ever confirmed (confirmed_at is set), so a cancelled one stays
// visible, marked, and never counts as a participant. Holds in progress (pending, 3-D Secure) are only seats taken.
import type { FileAnswer } from '#src/lib/file-answer';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser, type Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { idFrom, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import { csvRecord, UTF8_BOM } from '#src/lib/csv';
import { todayInJapan, nowTimeInJapan } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import { memberAmbassadorIds } from '#src/modules/ambassadors/ambassadors.repository';
import { SLOT_STARTS_AT_SQL } from '#src/modules/calendars/slots';
import {
  HOST_SLOTS_PER_PAGE,
  hostReservationsQuerySchema,
  participantsQuerySchema,
  type HostReservationJson,
  type HostReservationsJson,
  type HostSlotJson,
  type ParticipantsJson,
  type HostReservationsQuery,
  type ParticipantsQuery,
} from './host-reservations.schemas';

const calendarNotFound = () => new NotFoundError(ja.hostReservations.calendarNotFound, 'calendar');
const experienceNotFound = () => new NotFoundError(ja.reservations.experienceNotFound, 'experience');

interface SlotRow {
  id: number;
  experience_id: number;
  title: string;
  date: string;
  start_time: string;
  end_time: string;
  recruitment_number: number;
  participant_number: number;
  accepting_reservation: boolean;
  /** Only in the list: the slot has not started yet. */
  not_started?: boolean;
}

interface ReservationRow {
  calendar_id: number;
  id: number;
  status: string;
  user_id: number;
  name: string;
  number_of_people: number;
  option_name: string | null;
  message_to_host: string | null;
  confirmed_at: Date | string;
  cancelled_at: Date | string | null;
  cancelled_by: string | null;
  message_count: string | number;
}

/** The experiences a user hosts: SQL over `experiences e` with the two parameters it needs. */
async function hostedFilter(em: EntityManager, userId: number): Promise<{ sql: string; params: unknown[] }> {
  const ambassadors = await memberAmbassadorIds(em, userId);
  return { sql: '(e.host_user_id = ? OR e.host_ambassador_id = ANY(?::int[]))', params: [userId, `{${ambassadors.join(',')}}`] };
}

// A slot's end as an instant (its start: SLOT_STARTS_AT_SQL): the date and 'HH:MM' are Japan time whatever the
// server's or the session's zone.
const SLOT_END = `((c.date + c.end_time::time) AT TIME ZONE 'Asia/Tokyo')`;
const SLOT_COLUMNS = `c.id, c.experience_id, e.title, to_char(c.date, 'YYYY-MM-DD') AS date, c.start_time, c.end_time,
  c.recruitment_number, c.participant_number, c.accepting_reservation`;
/** A reservation the host sees: one that was ever confirmed. */
const SEEN = 'r.confirmed_at IS NOT NULL';

const iso = (value: Date | string) => new Date(value).toISOString();

function reservationJson(row: ReservationRow): HostReservationJson {
  return {
    id: row.id,
    status: row.status === 'confirmed' ? 'confirmed' : 'cancelled',
    guest: { id: row.user_id, name: row.name },
    number_of_people: row.number_of_people,
    option_name: row.option_name,
    message_to_host: row.message_to_host,
    booked_at: iso(row.confirmed_at),
    cancelled_at: row.status === 'confirmed' || !row.cancelled_at ? null : iso(row.cancelled_at),
    message_count: Number(row.message_count),
  };
}

/** 'yyyy-MM-dd HH:MM' in Japan time (the CSV's booking date). */
function japanDateTime(value: Date | string): string {
  const instant = new Date(value);
  return `${todayInJapan(instant)} ${nowTimeInJapan(instant)}`;
}

export function createHostReservationsService() {
  async function reservationsOfSlots(em: EntityManager, calendarIds: number[], confirmedOnly: boolean): Promise<ReservationRow[]> {
    if (calendarIds.length === 0) return [];
    return em.execute<ReservationRow[]>(
      `SELECT rc.calendar_id, r.id, r.status, r.user_id, u.name, r.number_of_people, r.option_name, r.message_to_host,
              r.confirmed_at, r.cancelled_at, r.cancelled_by,
              (SELECT count(*) FROM reservation_messages m WHERE m.reservation_id = r.id) AS message_count
       FROM reservation_calendars rc
       JOIN reservations r ON r.id = rc.reservation_id
       JOIN users u ON u.id = r.user_id
       WHERE rc.calendar_id = ANY(?::int[]) AND ${confirmedOnly ? "r.status = 'confirmed'" : SEEN}
       ORDER BY (r.status = 'confirmed') DESC, r.confirmed_at, r.id`,
      [`{${calendarIds.join(',')}}`],
    );
  }

  /**
   * GET /api/v1/host/reservations?scope=upcoming|past&page=&experience_id= (input: the query). An experience_id of an
   * experience the user does not host is the experience's 404, like an unknown one.
   */
  async function list(ctx: Ctx, input: HostReservationsQuery): Promise<HostReservationsJson> {
    const user = requireUser(ctx);
    const q = parseInput(hostReservationsQuerySchema, input);
    const hosted = await hostedFilter(ctx.em, user.id);
    let only: { id: number; title: string } | null = null;
    if (q.experience_id !== undefined) {
      const [row] = await ctx.em.execute<{ id: number; title: string }[]>(
        `SELECT e.id, e.title FROM experiences e WHERE e.id = ? AND ${hosted.sql}`,
        [q.experience_id, ...hosted.params],
      );
      if (!row) throw experienceNotFound();
      only = { id: Number(row.id), title: row.title };
    }
    const shown = only ? { sql: `${hosted.sql} AND e.id = ?`, params: [...hosted.params, only.id] } : hosted;
    const now = new Date();
    // Upcoming: not ended yet (a slot in progress is still today's business), soonest first; past: latest first.
    const when = q.scope === 'upcoming' ? `${SLOT_END} > ?` : `${SLOT_END} <= ?`;
    const order = q.scope === 'upcoming' ? 'c.date, c.start_time, c.id' : 'c.date DESC, c.start_time DESC, c.id DESC';
    const where = `${shown.sql} AND ${when} AND EXISTS (
        SELECT 1 FROM reservation_calendars rc JOIN reservations r ON r.id = rc.reservation_id WHERE rc.calendar_id = c.id AND ${SEEN})`;
    const from = 'FROM calendars c JOIN experiences e ON e.id = c.experience_id';
    const [{ count }] = await ctx.em.execute<{ count: string }[]>(`SELECT count(*) AS count ${from} WHERE ${where}`, [
      ...shown.params,
      now,
    ]);
    const total = Number(count);
    const slots = await ctx.em.execute<SlotRow[]>(
      `SELECT ${SLOT_COLUMNS}, ${SLOT_STARTS_AT_SQL} > ? AS not_started ${from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
      [now, ...shown.params, now, HOST_SLOTS_PER_PAGE, (q.page - 1) * HOST_SLOTS_PER_PAGE],
    );
    const rows = await reservationsOfSlots(
      ctx.em,
      slots.map((s) => s.id),
      false,
    );
    const waiting = await ctx.em.execute<{ calendar_id: number; entries: string; people: string }[]>(
      `SELECT calendar_id, count(*) AS entries, sum(number_of_people) AS people FROM waitlist_entries
       WHERE calendar_id = ANY(?::int[]) AND status = 'waiting' GROUP BY calendar_id`,
      [`{${slots.map((s) => s.id).join(',')}}`],
    );
    const json: HostSlotJson[] = slots.map((s) => {
      const reservations = rows.filter((r) => r.calendar_id === s.id).map(reservationJson);
      const line = waiting.find((w) => Number(w.calendar_id) === s.id);
      return {
        calendar_id: s.id,
        experience: { id: s.experience_id, title: s.title },
        date: s.date,
        start_time: s.start_time,
        end_time: s.end_time,
        recruitment_number: s.recruitment_number,
        participant_number: s.participant_number,
        seats_left: Math.max(0, s.recruitment_number - s.participant_number),
        accepting_reservation: s.accepting_reservation,
        waitlist_count: Number(line?.entries ?? 0),
        waitlist_people: Number(line?.people ?? 0),
        confirmed_people: reservations.filter((r) => r.status === 'confirmed').reduce((sum, r) => sum + r.number_of_people, 0),
        cancellable: Boolean(s.not_started),
        // Only the host's whole-slot cancellation cancels a reservation 'by host', and it closes the slot.
        cancelled: !s.accepting_reservation && rows.some((r) => r.calendar_id === s.id && r.cancelled_by === 'host'),
        reservations,
      };
    });
    return {
      scope: q.scope,
      experience: only,
      slots: json,
      meta: { total_count: total, page: q.page, per_page: HOST_SLOTS_PER_PAGE, total_pages: Math.ceil(total / HOST_SLOTS_PER_PAGE) },
    };
  }

  /** GET /api/v1/host/calendars/{id}/participants (input: { id, format? }): the confirmed participants of one slot. */
  async function participants(ctx: Ctx, input: { id: IdInput } & ParticipantsQuery): Promise<ParticipantsJson> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', calendarNotFound);
    parseInput(participantsQuerySchema, input);
    const hosted = await hostedFilter(ctx.em, user.id);
    const [slot] = await ctx.em.execute<SlotRow[]>(
      `SELECT ${SLOT_COLUMNS} FROM calendars c JOIN experiences e ON e.id = c.experience_id WHERE c.id = ? AND ${hosted.sql}`,
      [id, ...hosted.params],
    );
    if (!slot) throw calendarNotFound();
    const rows = await reservationsOfSlots(ctx.em, [slot.id], true);
    return {
      calendar: {
        id: slot.id,
        experience: { id: slot.experience_id, title: slot.title },
        date: slot.date,
        start_time: slot.start_time,
        end_time: slot.end_time,
        recruitment_number: slot.recruitment_number,
        participant_number: slot.participant_number,
        seats_left: Math.max(0, slot.recruitment_number - slot.participant_number),
      },
      participants: rows.map((r) => ({
        reservation_id: r.id,
        name: r.name,
        number_of_people: r.number_of_people,
        option_name: r.option_name,
        message_to_host: r.message_to_host,
        booked_at: iso(r.confirmed_at),
      })),
      total_people: rows.reduce((sum, r) => sum + r.number_of_people, 0),
    };
  }

  /**
   * The same participants as a CSV file for Excel in Japan: UTF-8 with a byte order mark, CRLF, a Japanese header,
   * booking times in Japan time, text cells that could run as formulas neutralised (src/lib/csv.ts).
   */
  async function participantsCsv(ctx: Ctx, input: { id: IdInput } & ParticipantsQuery): Promise<FileAnswer> {
    const json = await participants(ctx, input);
    const lines = [csvRecord([...ja.hostReservations.csvHeader], '\r\n')];
    for (const p of json.participants) {
      lines.push(
        csvRecord(
          [p.reservation_id, p.name, p.number_of_people, p.option_name ?? '', p.message_to_host ?? '', japanDateTime(p.booked_at)],
          '\r\n',
        ),
      );
    }
    const c = json.calendar;
    return {
      filename: `participants-${c.date}-${c.start_time.replace(':', '')}-${c.id}.csv`,
      type: 'text/csv; charset=utf-8',
      body: UTF8_BOM + lines.join(''),
    };
  }

  return { list, participants, participantsCsv };
}

export type HostReservationsService = ReturnType<typeof createHostReservationsService>;
