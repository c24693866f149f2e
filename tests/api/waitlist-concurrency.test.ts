// キャンセル待ち under pressure: two real server processes on one PostgreSQL database (B runs the worker's sweeper).
// Cancellations on both processes race with walk-in bookings of the same slot, then the offers expire while walk-ins
// keep trying, then the offered guests pay: the slot is never oversold, no seat is offered twice, every freed seat
// goes to the line in its order (the party of 2 in third place keeps its place while single seats come free), and no
// walk-in ever takes a seat the line was owed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { signInOn, startApiProcess, stopApiProcess, type ApiProcess } from '#tests/setup/api-processes';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { WaitlistEntry } from '#src/modules/reservations/waitlist.entity';

const SEATS = 6;

let orm: MikroORM;
let a: ApiProcess;
let b: ApiProcess;

interface Guest {
  id: number;
  cookie: string;
  server: ApiProcess;
}

async function call(g: Guest, method: string, path: string, body?: unknown) {
  const res = await fetch(`${g.server.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: g.cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let n = 0;
const book = (g: Guest, calendarId: number, people = 1) =>
  call(g, 'POST', '/api/v1/reservations', {
    calendar_ids: [calendarId],
    number_of_people: people,
    payment_token: 'tok_visa',
    idempotency_key: `wl-${++n}-${Date.now()}`,
  });

async function guests(count: number, prefix: string): Promise<Guest[]> {
  const users = await Promise.all(Array.from({ length: count }, (_, i) => createUser(orm, { name: `${prefix} ${i}` })));
  return Promise.all(
    users.map(async (u, i) => {
      const server = i % 2 ? b : a;
      return { id: u.id, server, cookie: await signInOn(server, u.email) };
    }),
  );
}

/** The line's statuses in joining order, and the seats the slot's live reservations hold (pending or confirmed). */
async function state(calendarId: number) {
  const em = orm.em.fork();
  const line = await em.find(WaitlistEntry, { calendar: calendarId }, { orderBy: { id: 'asc' } });
  const [held] = await em.execute<{ people: string; offers: string; distinct_offers: string }[]>(
    `SELECT coalesce(sum(r.number_of_people), 0) AS people,
            (SELECT count(*) FROM waitlist_entries w WHERE w.calendar_id = ? AND w.reservation_id IS NOT NULL) AS offers,
            (SELECT count(DISTINCT w.reservation_id) FROM waitlist_entries w WHERE w.calendar_id = ?) AS distinct_offers
     FROM reservations r JOIN reservation_calendars rc ON rc.reservation_id = r.id
     WHERE rc.calendar_id = ? AND r.status IN ('pending', 'requires_action', 'confirmed')`,
    [calendarId, calendarId, calendarId],
  );
  const calendar = await em.findOneOrFail(Calendar, { id: calendarId });
  return {
    statuses: line.map((e) => e.status),
    participants: calendar.participantNumber,
    heldPeople: Number(held.people),
    offers: Number(held.offers),
    distinctOffers: Number(held.distinct_offers),
  };
}

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 4 });
  [a, b] = await Promise.all([
    startApiProcess(databaseUrl, { DISABLE_WORKERS: '1' }),
    startApiProcess(databaseUrl, { DISABLE_WORKERS: '0' }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([stopApiProcess(a), stopApiProcess(b)]);
  await orm?.close(true);
});

describe('キャンセル待ち on two server processes, one database', () => {
  it('keeps the line in order and never oversells while cancellations, expiries and walk-ins race', async () => {
    const experience = await createExperience(orm, { price: 3000 });
    const calendar = await createCalendar(orm, experience.id, { recruitmentNumber: SEATS });
    const bookers = await guests(SEATS, '先約');
    const bookings: number[] = [];
    for (const g of bookers) {
      const res = await book(g, calendar.id);
      expect(res.status).toBe(201);
      bookings.push(res.body.id as number);
    }
    // 13 in line, joined one after another on both processes: a party of 2 third, parties of 1 around it.
    const waiters = await guests(13, '待ち');
    for (const [i, g] of waiters.entries()) {
      const res = await call(g, 'POST', '/api/v1/waitlist', { calendar_id: calendar.id, number_of_people: i === 2 ? 2 : 1 });
      expect(res.status).toBe(201);
      expect(res.body.position).toBe(i + 1);
    }
    const walkIns = await guests(6, '飛び込み');

    // 1. Every booking is cancelled at once (half on each process) while walk-ins try to book the freed seats.
    const cancellations = bookers.map((g, i) => call(g, 'POST', `/api/v1/reservations/${bookings[i]}/cancellation`, {}));
    const attempts = walkIns.flatMap((g) => [book(g, calendar.id), book(g, calendar.id)]);
    const [cancelled, tried] = await Promise.all([Promise.all(cancellations), Promise.all(attempts)]);
    expect(cancelled.map((r) => r.status)).toEqual(Array(SEATS).fill(200));
    expect(tried.filter((r) => r.status === 201)).toHaveLength(0);
    let now = await state(calendar.id);
    // One seat came free per cancellation; each went to the first party of 1 in line. The party of 2 keeps waiting.
    expect(now.statuses).toEqual([
      'offered',
      'offered',
      'waiting',
      'offered',
      'offered',
      'offered',
      'offered',
      ...Array(6).fill('waiting'),
    ]);
    expect(now).toMatchObject({ participants: SEATS, heldPeople: SEATS, offers: SEATS, distinctOffers: SEATS });

    // 2. The offers run out: the sweeper (process B's worker) releases them while walk-ins keep trying on both.
    await orm.em
      .fork()
      .execute(
        `UPDATE reservations SET hold_expires_at = now() - interval '1 second' WHERE id IN (SELECT reservation_id FROM waitlist_entries WHERE calendar_id = ? AND status = 'offered')`,
        [calendar.id],
      );
    let walkInSold = 0;
    const expected = ['lapsed', 'lapsed', 'waiting', 'lapsed', 'lapsed', 'lapsed', 'lapsed', ...Array(6).fill('offered')];
    for (let round = 0; round < 60; round++) {
      const answers = await Promise.all(walkIns.map((g) => book(g, calendar.id)));
      walkInSold += answers.filter((r) => r.status === 201).length;
      now = await state(calendar.id);
      expect(now.participants).toBeLessThanOrEqual(SEATS);
      expect(now.participants).toBe(now.heldPeople);
      if (now.statuses.join() === expected.join()) break;
    }
    expect(walkInSold).toBe(0);
    expect(now.statuses).toEqual(expected);
    expect(now).toMatchObject({ participants: SEATS, heldPeople: SEATS, offers: 12, distinctOffers: 12 });

    // 3. The offered guests pay at once on both processes (each twice, as a double click): six seats, six bookings.
    const offered = waiters.slice(7);
    const paid = await Promise.all(offered.flatMap((g) => [book(g, calendar.id), book(g, calendar.id)]));
    expect(paid.filter((r) => r.status === 201)).toHaveLength(6);
    now = await state(calendar.id);
    expect(now.statuses).toEqual(['lapsed', 'lapsed', 'waiting', 'lapsed', 'lapsed', 'lapsed', 'lapsed', ...Array(6).fill('booked')]);
    expect(now).toMatchObject({ participants: SEATS, heldPeople: SEATS });
  }, 180_000);
});
