// Test reservations (rows only; booking through the API is what tests/api/reservations.test.ts exercises).
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Reservation, ReservationCalendar } from '#src/modules/reservations/reservations.entity';

/**
 * A reservation of the given slots in the given status (amounts are arbitrary but satisfy the CHECKs).
 * A cancelled one holds no seats, yet its slots can never be deleted.
 */
export async function createReservation(
  orm: MikroORM,
  input: { userId: number; experienceId: number; calendarIds: number[]; status?: 'confirmed' | 'pending' | 'cancelled' },
) {
  const em = orm.em.fork();
  const status = input.status ?? 'confirmed';
  const reservation = em.create(Reservation, {
    user: input.userId,
    experience: input.experienceId,
    numberOfPeople: 1,
    tourAmount: 1000,
    serviceFee: 50,
    processingFee: 36,
    totalAmount: 1086,
    idempotencyKey: randomUUID(),
    status,
    confirmedAt: status === 'confirmed' ? new Date() : null,
    cancelledAt: status === 'cancelled' ? new Date() : null,
  });
  for (const calendarId of input.calendarIds) em.create(ReservationCalendar, { reservation, calendar: calendarId });
  await em.flush();
  return reservation;
}
