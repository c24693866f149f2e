// Reservation reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import { Reservation, ReservationCalendar } from './reservations.entity';

/** Those of the given slot ids that a reservation refers to, whatever its status. */
export async function calendarIdsWithReservations(em: EntityManager, calendarIds: number[]): Promise<Set<number>> {
  if (calendarIds.length === 0) return new Set();
  const rows = await em.find(ReservationCalendar, { calendar: { $in: calendarIds } }, { fields: ['calendar'] });
  return new Set(rows.map((r) => r.calendar.id));
}

/** A slot the guest already has: booked (confirmed), or held by a payment in progress until `until`. */
export type OwnSlot = { kind: 'booked' } | { kind: 'paying'; until: Date | null };

/**
 * Those of the given slot ids that the user already booked (confirmed) or holds right now (a pending or 3-D Secure
 * attempt whose hold has not ended): booking them again would charge twice for one seat. A held slot says when its
 * hold ends, so the guest can be told when to try again.
 */
export async function slotsBookedBy(em: EntityManager, userId: number, calendarIds: number[], now: Date): Promise<Map<number, OwnSlot>> {
  if (calendarIds.length === 0) return new Map();
  const rows = await em.execute<{ calendar_id: number; status: string; hold_expires_at: Date | string | null }[]>(
    `SELECT rc.calendar_id, r.status, r.hold_expires_at FROM reservation_calendars rc JOIN reservations r ON r.id = rc.reservation_id
     WHERE r.user_id = ? AND rc.calendar_id = ANY(?::int[])
       AND (r.status = 'confirmed' OR (r.status IN ('pending', 'requires_action') AND (r.hold_expires_at IS NULL OR r.hold_expires_at > ?)))`,
    [userId, `{${calendarIds.join(',')}}`, now],
  );
  const slots = new Map<number, OwnSlot>();
  for (const row of rows) {
    const id = Number(row.calendar_id);
    // A confirmed booking of the slot outranks an attempt in progress for it.
    if (row.status === 'confirmed') slots.set(id, { kind: 'booked' });
    else if (slots.get(id)?.kind !== 'booked')
      slots.set(id, { kind: 'paying', until: row.hold_expires_at === null ? null : new Date(row.hold_expires_at) });
  }
  return slots;
}

/** Whether any reservation, whatever its status, refers to the experience (a pending one back to a draft). */
export async function experienceHasReservations(em: EntityManager, experienceId: number): Promise<boolean> {
  return (await em.count(Reservation, { experience: experienceId })) > 0;
}

/** What the review rules need of a reservation: whose it is, its experience, status and booked slots. */
export interface ReservationForReview {
  id: number;
  userId: number;
  experienceId: number;
  experienceTitle: string;
  status: string;
  /** Its slots in time order ('yyyy-MM-dd', 'HH:MM', Japan time). */
  slots: { date: string; start_time: string; end_time: string }[];
}

export async function reservationForReview(em: EntityManager, id: number): Promise<ReservationForReview | null> {
  const rows = await em.execute<
    { user_id: number; experience_id: number; title: string; status: string; date: string; start_time: string; end_time: string }[]
  >(
    `SELECT r.user_id, r.experience_id, e.title, r.status, to_char(c.date, 'YYYY-MM-DD') AS date, c.start_time, c.end_time
     FROM reservations r JOIN experiences e ON e.id = r.experience_id
       JOIN reservation_calendars rc ON rc.reservation_id = r.id JOIN calendars c ON c.id = rc.calendar_id
     WHERE r.id = ? ORDER BY c.date, c.start_time`,
    [id],
  );
  if (rows.length === 0) return null;
  return {
    id,
    userId: Number(rows[0].user_id),
    experienceId: Number(rows[0].experience_id),
    experienceTitle: rows[0].title,
    status: rows[0].status,
    slots: rows.map((r) => ({ date: r.date, start_time: r.start_time, end_time: r.end_time })),
  };
}

/** What a receipt prints of a reservation: whose it is, what was paid and when, and its refund. */
export interface ReservationForReceipt {
  id: number;
  userId: number;
  userName: string;
  experienceTitle: string;
  status: string;
  totalAmount: number;
  /** When the payment succeeded (null: never paid). */
  confirmedAt: Date | null;
  /** The booked slots' dates, in time order ('yyyy-MM-dd', Japan time). */
  dates: string[];
  /** The refund of its cancellation (none when nothing was refunded). */
  refund: { amount: number; status: 'pending' | 'succeeded'; succeededAt: Date | null } | null;
}

export async function reservationForReceipt(em: EntityManager, id: number): Promise<ReservationForReceipt | null> {
  const rows = await em.execute<
    {
      user_id: number;
      user_name: string;
      title: string;
      status: string;
      total_amount: number;
      confirmed_at: Date | null;
      dates: string[];
      refund_amount: number | null;
      refund_status: 'pending' | 'succeeded' | null;
      refund_succeeded_at: Date | null;
    }[]
  >(
    `SELECT r.user_id, u.name AS user_name, e.title, r.status, r.total_amount, r.confirmed_at,
       ARRAY(SELECT DISTINCT to_char(c.date, 'YYYY-MM-DD') FROM reservation_calendars rc JOIN calendars c ON c.id = rc.calendar_id
             WHERE rc.reservation_id = r.id ORDER BY 1) AS dates,
       f.amount AS refund_amount, f.status AS refund_status, f.succeeded_at AS refund_succeeded_at
     FROM reservations r JOIN users u ON u.id = r.user_id JOIN experiences e ON e.id = r.experience_id
       LEFT JOIN refunds f ON f.reservation_id = r.id
     WHERE r.id = ?`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id,
    userId: Number(row.user_id),
    userName: row.user_name,
    experienceTitle: row.title,
    status: row.status,
    totalAmount: Number(row.total_amount),
    confirmedAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
    dates: row.dates,
    refund:
      row.refund_amount === null || row.refund_status === null
        ? null
        : {
            amount: Number(row.refund_amount),
            status: row.refund_status,
            succeededAt: row.refund_succeeded_at ? new Date(row.refund_succeeded_at) : null,
          },
  };
}

/** A reservation's guest and what an inquiry about it shows (the admin's general inquiries). */
export interface ReservationForInquiry {
  id: number;
  userId: number;
  email: string;
  experienceTitle: string;
  status: string;
}

const RESERVATIONS_FOR_INQUIRIES = readStatement(
  `SELECT r.id, r.user_id AS "userId", u.email, e.title AS "experienceTitle", r.status
     FROM reservations r JOIN users u ON u.id = r.user_id JOIN experiences e ON e.id = r.experience_id
    WHERE r.id = ANY(?::int[])`,
);

/** The reservations of a page of general inquiries, by id (one prepared statement). */
export async function reservationsForInquiries(sql: SqlReader, ids: number[]): Promise<Map<number, ReservationForInquiry>> {
  if (ids.length === 0) return new Map();
  const rows = await readRows<ReservationForInquiry>(sql, RESERVATIONS_FOR_INQUIRIES, [ids]);
  return new Map(rows.map((row) => [row.id, row]));
}

export async function reservationForInquiry(em: EntityManager, id: number): Promise<ReservationForInquiry | null> {
  const [row] = await em.execute<{ id: number; user_id: number; email: string; title: string; status: string }[]>(
    `SELECT r.id, r.user_id, u.email, e.title, r.status
     FROM reservations r JOIN users u ON u.id = r.user_id JOIN experiences e ON e.id = r.experience_id WHERE r.id = ?`,
    [id],
  );
  if (!row) return null;
  return { id: Number(row.id), userId: Number(row.user_id), email: row.email, experienceTitle: row.title, status: row.status };
}
