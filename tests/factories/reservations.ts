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

/**
 * `count` reservations for the lists' bench, in one statement each: guests `ゲスト{i}` (bench-guest-{i}@example.com,
 * one for every ten reservations), five slots per experience already in the database (every day from tomorrow), and
 * each reservation on one slot, booked a minute apart newest first; every sixth cancelled, every sixth expired, the
 * rest confirmed. The amounts satisfy the CHECKs.
 */
export async function insertManyReservations(orm: MikroORM, count: number): Promise<void> {
  const connection = orm.em.getConnection();
  await connection.execute(
    `INSERT INTO users (name, email, password_hash) SELECT 'ゲスト' || i, 'bench-guest-' || i || '@example.com', 'x'
       FROM generate_series(1, ?) i`,
    [Math.ceil(count / 10)],
  );
  await connection.execute(
    `INSERT INTO calendars (experience_id, date, start_time, end_time, recruitment_number)
     SELECT e.id, current_date + (e.id % 60) + d, '10:00', '12:00', 30 FROM experiences e, generate_series(1, 5) d`,
  );
  await connection.execute(
    `WITH slots AS (SELECT id, experience_id, row_number() OVER (ORDER BY id) AS n FROM calendars),
          made AS (
            INSERT INTO reservations (user_id, experience_id, number_of_people, tour_amount, service_fee, processing_fee,
                                      total_amount, idempotency_key, status, confirmed_at, cancelled_at, created_at, updated_at)
            SELECT (SELECT min(id) FROM users WHERE email LIKE 'bench-guest-%') + i % ?, s.experience_id, 1, 5000, 250, 180, 5430,
                   'bench-' || i, (ARRAY['confirmed', 'confirmed', 'confirmed', 'confirmed', 'cancelled', 'expired'])[1 + i % 6]::text,
                   CASE WHEN i % 6 < 5 THEN now() - make_interval(mins => i) END,
                   CASE WHEN i % 6 = 4 THEN now() END, now() - make_interval(mins => i), now()
              FROM generate_series(1, ?) i JOIN slots s ON s.n = 1 + i % (SELECT count(*) FROM slots)
            RETURNING id, idempotency_key)
     INSERT INTO reservation_calendars (reservation_id, calendar_id)
     SELECT m.id, s.id FROM made m JOIN slots s ON s.n = 1 + substr(m.idempotency_key, 7)::int % (SELECT count(*) FROM slots)`,
    [Math.ceil(count / 10), count],
  );
}
