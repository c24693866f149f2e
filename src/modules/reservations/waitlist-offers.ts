// キャンセル待ち offers, run inside the transaction that frees or adds seats (not a service: settlement's release,
// the cancellations and the host's raised recruitment number call it with their own EntityManager).
//
// The slot's calendar row is locked first (the caller has usually locked it already by giving seats back), then its
// waiting entries in line order. Every free seat goes to the line before the transaction commits, so no other booking
// ever sees it free while someone waits whose party fits, and two processes freeing seats of one slot at once offer
// one after the other, each seeing the other's offers: one offer per free seat, never two for the same one.
//
// An offer is a seat hold like any booking's: a pending reservation (the base price for the party; option and coupon
// are chosen when the guest pays) taking participant_number with the same conditional UPDATE, held until
// WAITLIST_OFFER_HOURS from now or the slot's booking deadline, whichever comes first. Its idempotency key starts
// with `waitlist:` until the guest pays (the sweeper then releases it without asking the gateway).
// Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { lockAccountForBooking } from '#src/modules/users/users.repository';
import type { Env } from '#src/lib/env';
import { formatDateJa, formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import { mailText } from '#src/modules/mail/mail.frame';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { deadlineAt, reservationUrl, slotStarted } from '#src/modules/calendars/slots';
import { quotePrice, toBasisPoints } from './pricing';

/** The idempotency key of an offer's hold until its guest pays (then the key of their payment attempt). */
export const WAITLIST_KEY_PREFIX = 'waitlist:';

interface LockedSlot {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  recruitment_number: number;
  participant_number: number;
  accepting_reservation: boolean;
  experience_id: number;
  title: string;
  price: number;
  reservation_deadline: string;
  approve: boolean;
  host_user_id: number | null;
  host_ambassador_id: number | null;
}

interface WaitingRow {
  id: number;
  user_id: number;
  number_of_people: number;
}

/** Locks a slot's calendar row (with its experience's booking terms); null when it does not exist. */
export async function lockSlot(tx: EntityManager, calendarId: number): Promise<LockedSlot | null> {
  const rows = await tx.execute<LockedSlot[]>(
    `SELECT c.id, to_char(c.date, 'YYYY-MM-DD') AS date, c.start_time, c.end_time, c.recruitment_number, c.participant_number,
            c.accepting_reservation, e.id AS experience_id, e.title, e.price, e.reservation_deadline, e.approve,
            e.host_user_id, e.host_ambassador_id
     FROM calendars c JOIN experiences e ON e.id = c.experience_id WHERE c.id = ? FOR UPDATE OF c`,
    [calendarId],
  );
  return rows[0] ?? null;
}

/** When an offer made at `now` on this slot ends: the offer hours, never past the booking deadline. */
function offerEndsAt(slot: Pick<LockedSlot, 'date' | 'start_time' | 'reservation_deadline'>, hours: number, now: Date): Date {
  const deadline = new Date(deadlineAt(slot.date, slot.start_time, slot.reservation_deadline));
  return new Date(Math.min(now.getTime() + Math.round(hours * 3600_000), deadline.getTime()));
}

/** Whether a slot takes bookings (and so offers) at `now`: published, open, its booking deadline not reached. */
export function slotOpen(slot: LockedSlot, now: Date): boolean {
  if (!slot.approve || !slot.accepting_reservation) return false;
  if (slotStarted(slot.date, slot.start_time, now)) return false;
  return offerEndsAt(slot, 1, now).getTime() > now.getTime();
}

export function createWaitlistOffers(env: Pick<Env, 'WAITLIST_OFFER_HOURS' | 'SERVICE_FEE_RATE' | 'PROCESSING_FEE_RATE'>, baseUrl: string) {
  const rates = { serviceBp: toBasisPoints(env.SERVICE_FEE_RATE), processingBp: toBasisPoints(env.PROCESSING_FEE_RATE) };

  async function offerOne(tx: EntityManager, slot: LockedSlot, entry: WaitingRow, now: Date): Promise<void> {
    const people = entry.number_of_people;
    const quote = quotePrice({ unitPrice: slot.price, optionUnitPrice: 0, people, dates: 1, coupon: null, rates });
    const endsAt = offerEndsAt(slot, env.WAITLIST_OFFER_HOURS, now);
    const [reservation] = await tx.execute<{ id: number }[]>(
      `INSERT INTO reservations (user_id, experience_id, number_of_people, tour_amount, discount_amount, option_amount, service_fee,
         processing_fee, total_amount, idempotency_key, status, hold_expires_at)
       VALUES (?, ?, ?, ?, 0, 0, ?, ?, ?, ?, 'pending', ?) RETURNING id`,
      [
        entry.user_id,
        slot.experience_id,
        people,
        quote.tour,
        quote.service_fee,
        quote.processing_fee,
        quote.total,
        `${WAITLIST_KEY_PREFIX}${entry.id}`,
        endsAt,
      ],
    );
    // The same conditional UPDATE a booking's hold makes (the CHECK backs it): the calendar row is locked, so it holds.
    const taken = await tx.execute<{ id: number }[]>(
      `UPDATE calendars SET participant_number = participant_number + ?, updated_at = now()
       WHERE id = ? AND accepting_reservation AND participant_number + ? <= recruitment_number RETURNING id`,
      [people, slot.id, people],
    );
    if (taken.length === 0) throw new Error(`waitlist offer found no seats on slot ${slot.id}`);
    await tx.execute('INSERT INTO reservation_calendars (reservation_id, calendar_id) VALUES (?, ?)', [reservation.id, slot.id]);
    await tx.execute(
      `UPDATE waitlist_entries SET status = 'offered', reservation_id = ?, offered_at = ?, updated_at = now() WHERE id = ? AND status = 'waiting'`,
      [reservation.id, now, entry.id],
    );
    const [guest] = await tx.execute<{ name: string; email: string }[]>('SELECT name, email FROM users WHERE id = ?', [entry.user_id]);
    const until = formatInstantDateTimeJa(endsAt);
    const m = ja.waitlist.mail;
    const text = mailText({
      name: guest.name,
      body: [
        m.lead(slot.title),
        m.held(people, until),
        '',
        ja.reservationMail.experience(slot.title),
        ja.reservationMail.schedule(`  ${formatDateJa(slot.date)} ${ja.reservations.timeRange(slot.start_time, slot.end_time)}`),
        ja.reservationMail.people(people),
        '',
        m.act,
        m.link(`${baseUrl}${reservationUrl(slot.experience_id, [slot.id])}`),
        m.list(`${baseUrl}/reservations`),
      ],
      baseUrl,
    });
    await enqueueMail(tx, [
      { dedupeKey: `waitlist-offer:${reservation.id}`, to: guest.email, footer: 'user', subject: m.subject(slot.title), text },
    ]);
  }

  /**
   * Offers the free seats of the given slots to their lines (see the file's head). Within a slot, the line is walked
   * in order and each entry whose party fits the seats still free is offered them; an entry whose party does not fit
   * keeps its place (it is first for any later seats that fit it). A slot that no longer takes bookings offers
   * nothing. Answers the ids of the entries offered.
   */
  async function offerIn(tx: EntityManager, calendarIds: number[], now: Date = new Date()): Promise<number[]> {
    const offered: number[] = [];
    for (const calendarId of [...new Set(calendarIds)].sort((a, b) => a - b)) {
      const slot = await lockSlot(tx, calendarId);
      if (!slot || !slotOpen(slot, now)) continue;
      let free = slot.recruitment_number - slot.participant_number;
      if (free <= 0) continue;
      const line = await tx.execute<WaitingRow[]>(
        `SELECT id, user_id, number_of_people FROM waitlist_entries WHERE calendar_id = ? AND status = 'waiting' ORDER BY id FOR UPDATE`,
        [calendarId],
      );
      for (const entry of line) {
        if (free <= 0) break;
        if (entry.number_of_people > free) continue;
        // An account that left (退会) is offered nothing: its place in line ends here. Locked like a booking's, so an
        // offer and a leaving under way serialise the same way.
        if (!(await lockAccountForBooking(tx, entry.user_id))) {
          await tx.execute(`UPDATE waitlist_entries SET status = 'left', updated_at = now() WHERE id = ?`, [entry.id]);
          continue;
        }
        await offerOne(tx, slot, entry, now);
        free -= entry.number_of_people;
        offered.push(entry.id);
      }
    }
    return offered;
  }

  /** The seats free on an experience's slots with guests waiting (a raised recruitment number) go to their lines. */
  async function offerForExperience(tx: EntityManager, experienceId: number): Promise<number[]> {
    const waited = await tx.execute<{ calendar_id: number }[]>(
      `SELECT DISTINCT w.calendar_id FROM waitlist_entries w JOIN calendars c ON c.id = w.calendar_id
       WHERE c.experience_id = ? AND w.status = 'waiting' AND c.participant_number < c.recruitment_number`,
      [experienceId],
    );
    return offerIn(
      tx,
      waited.map((w) => Number(w.calendar_id)),
    );
  }

  /**
   * The host cancelled the slot (inside the cancellation's transaction, its calendar row locked): its line ends, the
   * guests still waiting and those offered seats they have not started paying for (the hold is released with the
   * slot's other holds) are told the date is cancelled and they no longer wait; /reservations shows the entry as
   * 開催中止 until the date. Answers how many entries were closed with their guest told, and their people (the host's
   * record of the cancellation says it).
   */
  async function closeLineIn(tx: EntityManager, calendarId: number, reason: string): Promise<{ entries: number; people: number }> {
    const closed = await tx.execute<{ id: number; user_id: number; number_of_people: number; reservation_id: number | null }[]>(
      `UPDATE waitlist_entries w SET status = 'closed', updated_at = now()
       WHERE w.calendar_id = ? AND (w.status = 'waiting' OR (w.status = 'offered' AND EXISTS (
         SELECT 1 FROM reservations r WHERE r.id = w.reservation_id AND r.status = 'pending' AND r.payment_reference IS NULL
           AND starts_with(r.idempotency_key, ?))))
       RETURNING w.id, w.user_id, w.number_of_people, w.reservation_id`,
      [calendarId, WAITLIST_KEY_PREFIX],
    );
    const none = { entries: 0, people: 0 };
    if (closed.length === 0) return none;
    const slot = await lockSlot(tx, calendarId);
    if (!slot) return none;
    const guests = await tx.execute<{ id: number; name: string; email: string; left_at: Date | null }[]>(
      'SELECT id, name, email, left_at FROM users WHERE id = ANY(?::int[])',
      [`{${closed.map((entry) => entry.user_id).join(',')}}`],
    );
    const m = ja.waitlist.cancelledMail;
    const when = `${formatDateJa(slot.date)} ${ja.reservations.timeRange(slot.start_time, slot.end_time)}`;
    const told = closed.flatMap((entry) => {
      const guest = guests.find((g) => Number(g.id) === Number(entry.user_id));
      if (!guest || guest.left_at) return [];
      const text = mailText({
        name: guest.name,
        body: [
          m.lead(slot.title, when),
          entry.reservation_id === null ? m.ended(entry.number_of_people) : m.offerEnded(entry.number_of_people),
          '',
          ja.reservationMail.experience(slot.title),
          ja.reservationMail.schedule(`  ${when}`),
          m.reason(reason),
          '',
          m.other(`${baseUrl}/stories/${slot.experience_id}`),
          m.list(`${baseUrl}/reservations`),
        ],
        baseUrl,
      });
      return [
        {
          mail: {
            dedupeKey: `waitlist-closed:${entry.id}`,
            to: guest.email,
            footer: 'user' as const,
            subject: m.subject(slot.title),
            text,
          },
          people: entry.number_of_people,
        },
      ];
    });
    await enqueueMail(
      tx,
      told.map((entry) => entry.mail),
    );
    return { entries: told.length, people: told.reduce((sum, entry) => sum + entry.people, 0) };
  }

  return { offerIn, offerForExperience, closeLineIn };
}

/** A guest's live offer on one slot: the hold's reservation, its seats and when it ends. */
export interface HeldOffer {
  reservationId: number;
  calendarId: number;
  people: number;
  expiresAt: Date;
}

/**
 * The guest's live offer among these slots (only a booking of that one slot uses it), or null. `lock`: inside the
 * booking's transaction, the hold's reservation row is locked (FOR UPDATE), the lock order of every booking.
 */
export async function findOffer(
  em: EntityManager,
  userId: number,
  calendarIds: number[],
  now: Date,
  lock = false,
): Promise<HeldOffer | null> {
  if (calendarIds.length !== 1) return null;
  const rows = await em.execute<{ id: number; calendar_id: number; number_of_people: number; hold_expires_at: Date }[]>(
    `SELECT r.id, w.calendar_id, r.number_of_people, r.hold_expires_at FROM waitlist_entries w JOIN reservations r ON r.id = w.reservation_id
     WHERE w.user_id = ? AND w.calendar_id = ? AND w.status = 'offered' AND r.status = 'pending' AND r.payment_reference IS NULL
       AND starts_with(r.idempotency_key, ?) AND r.hold_expires_at > ? ${lock ? 'FOR UPDATE OF r' : ''}`,
    [userId, calendarIds[0], WAITLIST_KEY_PREFIX, now],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    reservationId: Number(row.id),
    calendarId: Number(row.calendar_id),
    people: row.number_of_people,
    expiresAt: new Date(row.hold_expires_at),
  };
}

/** Those of the given slots on whose line the guest waits (not yet offered): they cannot book them meanwhile. */
export async function slotsWaitedBy(em: EntityManager, userId: number, calendarIds: number[]): Promise<Set<number>> {
  if (calendarIds.length === 0) return new Set();
  const rows = await em.execute<{ calendar_id: number }[]>(
    `SELECT calendar_id FROM waitlist_entries WHERE user_id = ? AND calendar_id = ANY(?::int[]) AND status = 'waiting'`,
    [userId, `{${calendarIds.join(',')}}`],
  );
  return new Set(rows.map((r) => Number(r.calendar_id)));
}
