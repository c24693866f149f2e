// Reservation reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReservationCalendar } from './reservations.entity';

/** Those of the given slot ids that a reservation refers to, whatever its status. */
export async function calendarIdsWithReservations(em: EntityManager, calendarIds: number[]): Promise<Set<number>> {
  if (calendarIds.length === 0) return new Set();
  const rows = await em.find(ReservationCalendar, { calendar: { $in: calendarIds } }, { fields: ['calendar'] });
  return new Set(rows.map((r) => r.calendar.id));
}
