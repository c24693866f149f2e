// キャンセル待ち (waitlist): a signed-in guest joins the line of a full slot for a party, sees their place and their
// offers, and leaves (declining an offer gives its seats to the next in line). The offers themselves are made by
// waitlist-offers.ts inside the transactions that free seats; docs/decisions/waitlist.md has the rules.
//
// Lock order, the one every booking and release uses: the guest's hold lock (advisory), reservation rows, calendar
// rows, then waitlist entries.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { requireUser, type Ctx } from '#src/lib/context';
import { ConflictError, NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import { idFrom, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import { isUniqueViolation } from '#src/lib/db-errors';
import * as ja from '#src/i18n/ja';
import { BOOKING_CLOSES_LOCAL_SQL, reservationUrl, SLOT_STARTS_AT_SQL } from '#src/modules/calendars/slots';
import { userHostsExperience } from '#src/modules/experiences/experiences.policy';
import { transaction } from '#src/lib/transaction';
import { slotsBookedBy } from './reservations.repository';
import { createSettlement } from './settlement';
import { USER_HOLD_LOCK } from './booking';
import { lockSlot, slotOpen, WAITLIST_KEY_PREFIX } from './waitlist-offers';
import {
  joinWaitlistSchema,
  waitlistQuerySchema,
  type WaitlistEntryJson,
  type WaitlistJson,
  type JoinWaitlistInput,
  type WaitlistQuery,
} from './waitlist.schemas';

export interface WaitlistDeps {
  orm: MikroORM;
  env: Env;
}

const e = ja.waitlist.errors;
const entryNotFound = () => new NotFoundError(e.entryNotFound, 'waitlist_entry');
const calendarNotFound = () => new NotFoundError(e.calendarNotFound, 'calendar');

interface EntryRow {
  id: number;
  calendar_id: number;
  experience_id: number;
  title: string;
  date: string;
  start_time: string;
  end_time: string;
  number_of_people: number;
  status: WaitlistEntryJson['status'];
  position: string | number | null;
  hold_expires_at: Date | string | null;
  slot_open: boolean;
  created_at: Date | string;
}

// One statement for every list: the entry, its slot and experience, its place in line (waiting entries ahead of it
// plus one) and its offer's end. A waiting entry whose slot has closed (deadline, host, started) reads as closed.
const ENTRY_SELECT = `SELECT w.id, w.calendar_id, c.experience_id, e.title, to_char(c.date, 'YYYY-MM-DD') AS date, c.start_time, c.end_time,
    w.number_of_people, w.status, w.created_at, r.hold_expires_at,
    CASE WHEN w.status = 'waiting' THEN (SELECT count(*) + 1 FROM waitlist_entries a
      WHERE a.calendar_id = w.calendar_id AND a.status = 'waiting' AND a.id < w.id) END AS position,
    (c.accepting_reservation AND e.approve AND ${BOOKING_CLOSES_LOCAL_SQL} AT TIME ZONE 'Asia/Tokyo' > now()) AS slot_open
  FROM waitlist_entries w JOIN calendars c ON c.id = w.calendar_id JOIN experiences e ON e.id = c.experience_id
    LEFT JOIN reservations r ON r.id = w.reservation_id`;

function entryJson(row: EntryRow): WaitlistEntryJson {
  const closed = row.status === 'waiting' && !row.slot_open;
  const offered = row.status === 'offered' && row.hold_expires_at !== null;
  return {
    id: row.id,
    calendar_id: row.calendar_id,
    tour_id: row.experience_id,
    title: row.title,
    date: row.date,
    start_time: row.start_time,
    end_time: row.end_time,
    number_of_people: row.number_of_people,
    // A stored 'closed' is a line the host's cancellation of the date ended (the guest was mailed): 開催中止.
    status: closed ? 'closed' : row.status === 'closed' ? 'cancelled' : row.status,
    position: row.status === 'waiting' && !closed && row.position !== null ? Number(row.position) : null,
    offer: offered
      ? {
          expires_at: new Date(row.hold_expires_at as Date).toISOString(),
          reserve_url: reservationUrl(row.experience_id, [row.calendar_id]),
        }
      : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function createWaitlistService(deps: WaitlistDeps) {
  const { orm, env } = deps;
  const settlement = createSettlement({ env, baseUrl: publicBaseUrl(env) });

  async function entryOf(em: EntityManager, id: number): Promise<WaitlistEntryJson> {
    const rows = await em.execute<EntryRow[]>(`${ENTRY_SELECT} WHERE w.id = ?`, [id]);
    return entryJson(rows[0]);
  }

  /** POST /api/v1/waitlist (input: { calendar_id, number_of_people }): joins the line of a full slot; 201. */
  async function join(ctx: Ctx, input: JoinWaitlistInput): Promise<WaitlistEntryJson> {
    const user = requireUser(ctx);
    const data = parseInput(joinWaitlistSchema, input);
    const now = new Date();
    const id = await transaction(orm.em.fork(), async (tx) => {
      // The guest's hold lock first: a booking of the same slot by this guest cannot pass its checks meanwhile.
      await tx.execute('SELECT pg_advisory_xact_lock(?, ?)', [USER_HOLD_LOCK, user.id]);
      // The slot's row lock serialises this check with the offers that fill its seats.
      const slot = await lockSlot(tx, data.calendar_id);
      if (!slot?.approve) throw calendarNotFound();
      // The host's own experience: no line to join (its offer could not be booked either, quote.ts).
      if (await userHostsExperience(tx, user.id, { hostUserId: slot.host_user_id, hostAmbassadorId: slot.host_ambassador_id }))
        throw ValidationError.of('base', e.ownExperience);
      if (!slotOpen(slot, now)) throw ValidationError.of('calendar_id', e.closed);
      if (slot.price === 0 && data.number_of_people > 1) throw ValidationError.of('number_of_people', e.onlyOne);
      if (data.number_of_people > slot.recruitment_number) {
        throw ValidationError.of('number_of_people', e.tooMany(slot.recruitment_number));
      }
      const active = await tx.execute<{ id: number }[]>(
        `SELECT id FROM waitlist_entries WHERE user_id = ? AND calendar_id = ? AND status IN ('waiting', 'offered')`,
        [user.id, slot.id],
      );
      if (active.length > 0) throw ValidationError.of('calendar_id', e.alreadyWaiting);
      if ((await slotsBookedBy(tx, user.id, [slot.id], now)).size > 0) throw ValidationError.of('calendar_id', e.alreadyBooked);
      // Seats that fit the party are free for anyone: no line to join (the line took every seat that fitted it).
      if (slot.recruitment_number - slot.participant_number >= data.number_of_people) throw ValidationError.of('calendar_id', e.notFull);
      try {
        const [row] = await tx.execute<{ id: number }[]>(
          `INSERT INTO waitlist_entries (user_id, calendar_id, number_of_people, status) VALUES (?, ?, ?, 'waiting') RETURNING id`,
          [user.id, slot.id, data.number_of_people],
        );
        return Number(row.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw ValidationError.of('calendar_id', e.alreadyWaiting);
        throw error;
      }
    });
    return entryOf(ctx.em, id);
  }

  /**
   * DELETE /api/v1/waitlist/{id}: leaves the line, or declines an offer (its hold is released in the same transaction
   * and the seats go to the next in line). 404 for another guest's entry; 409 once the entry has ended or its guest
   * has started paying for the offer.
   */
  async function leave(ctx: Ctx, input: { id: IdInput }): Promise<WaitlistEntryJson> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', entryNotFound);
    await transaction(orm.em.fork(), async (tx) => {
      const [entry] = await tx.execute<{ status: string; reservation_id: number | null }[]>(
        'SELECT status, reservation_id FROM waitlist_entries WHERE id = ? AND user_id = ?',
        [id, user.id],
      );
      if (!entry) throw entryNotFound();
      if (entry.status === 'waiting') {
        const left = await tx.execute<{ id: number }[]>(
          `UPDATE waitlist_entries SET status = 'left', updated_at = now() WHERE id = ? AND status = 'waiting' RETURNING id`,
          [id],
        );
        if (left.length > 0) return;
      }
      // Offered (perhaps just now, while this request waited for the entry's row): decline the offer.
      const [current] = await tx.execute<{ status: string; reservation_id: number | null }[]>(
        'SELECT status, reservation_id FROM waitlist_entries WHERE id = ?',
        [id],
      );
      if (current.status !== 'offered' || current.reservation_id === null) throw new ConflictError(e.notActive);
      const [hold] = await tx.execute<{ idempotency_key: string; payment_reference: string | null }[]>(
        `SELECT idempotency_key, payment_reference FROM reservations WHERE id = ? AND status = 'pending' FOR UPDATE`,
        [current.reservation_id],
      );
      if (!hold || hold.payment_reference || !hold.idempotency_key.startsWith(WAITLIST_KEY_PREFIX)) {
        throw new ConflictError(ja.reservations.inProgress);
      }
      await settlement.releaseIn(tx, current.reservation_id, 'expired', 'waitlist offer declined');
      await tx.execute(`UPDATE waitlist_entries SET status = 'left', updated_at = now() WHERE id = ? AND status = 'lapsed'`, [id]);
    });
    return entryOf(ctx.em, id);
  }

  /**
   * GET /api/v1/waitlist?tour_id=: the guest's entries in line or offered, and those whose date the host cancelled
   * (until the date), soonest slot first.
   */
  async function mine(ctx: Ctx, input: WaitlistQuery): Promise<WaitlistJson> {
    const user = requireUser(ctx);
    const q = parseInput(waitlistQuerySchema, input);
    const rows = await ctx.em.execute<EntryRow[]>(
      `${ENTRY_SELECT} WHERE w.user_id = ? AND w.status IN ('waiting', 'offered', 'closed') AND (?::int IS NULL OR c.experience_id = ?)
         AND ${SLOT_STARTS_AT_SQL} > now()
       ORDER BY c.date, c.start_time, w.id LIMIT 100`,
      [user.id, q.tour_id ?? null, q.tour_id ?? null],
    );
    return { entries: rows.map(entryJson) };
  }

  return { join, leave, mine };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
