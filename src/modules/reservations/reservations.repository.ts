// Reservation reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Reservation, ReservationCalendar } from './reservations.entity';

/** Those of the given slot ids that a reservation refers to, whatever its status. */
export async function calendarIdsWithReservations(em: EntityManager, calendarIds: number[]): Promise<Set<number>> {
  if (calendarIds.length === 0) return new Set();
  const rows = await em.find(ReservationCalendar, { calendar: { $in: calendarIds } }, { fields: ['calendar'] });
  return new Set(rows.map((r) => r.calendar.id));
}

/**
 * Those of the given slot ids that the user already booked (confirmed) or holds right now (a pending or 3-D Secure
 * attempt whose hold has not ended): booking them again would charge twice for one seat.
 */
export async function slotsBookedBy(em: EntityManager, userId: number, calendarIds: number[], now: Date): Promise<Set<number>> {
  if (calendarIds.length === 0) return new Set();
  const rows = await em.execute<{ calendar_id: number }[]>(
    `SELECT rc.calendar_id FROM reservation_calendars rc JOIN reservations r ON r.id = rc.reservation_id
     WHERE r.user_id = ? AND rc.calendar_id = ANY(?::int[])
       AND (r.status = 'confirmed' OR (r.status IN ('pending', 'requires_action') AND (r.hold_expires_at IS NULL OR r.hold_expires_at > ?)))`,
    [userId, `{${calendarIds.join(',')}}`, now],
  );
  return new Set(rows.map((r) => Number(r.calendar_id)));
}

/** Whether any reservation, whatever its status, refers to the experience (issue 15: a pending one back to a draft). */
export async function experienceHasReservations(em: EntityManager, experienceId: number): Promise<boolean> {
  return (await em.count(Reservation, { experience: experienceId })) > 0;
}
