// Leaving (退会) and booking serialise on the user row: leaving locks it FOR UPDATE before it checks for upcoming
// reservations and erases, a booking's hold locks it FOR SHARE and refuses an account that has left. Each test pauses
// one side inside its transaction (a table lock that the test holds on its own connection, on a table only that
// side reads next), sends the other, and lets go once both wait: an upcoming reservation on a left account never
// comes out of either order. A キャンセル待ち offer checks the account the same way.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, TEST_PASSWORD } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { User } from '#src/modules/users/users.entity';
import { WaitlistEntry } from '#src/modules/reservations/waitlist.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';

let t: TestApp;
let holder: pg.Client;
beforeAll(async () => {
  t = await setupTestApp({ DATABASE_LOCK_TIMEOUT_MS: '20000' });
  holder = new pg.Client({ connectionString: t.databaseUrl });
  await holder.connect();
});
afterAll(async () => {
  await holder?.end();
});

const em = () => t.orm.em.fork();

/** The app's connections that wait for a lock. Asked on a connection of its own: inside the holder's transaction
 * PostgreSQL would answer the same snapshot of pg_stat_activity every time. */
async function lockWaiters(): Promise<number> {
  const [row] = await em().execute<{ n: string }[]>(
    `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
  );
  return Number(row.n);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting: ${what}`);
}

/** Starts a request now (supertest sends only once awaited) and answers its status and body. */
function send(req: request.Test): Promise<{ status: number; body: { message?: string } }> {
  return req.then((res) => ({ status: res.status, body: res.body }));
}

async function guestAndSlot() {
  const { user, agent } = await createSignedInUser(t);
  const experience = await createExperience(t.orm, { price: 3000 });
  const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 10 });
  const booking = (key: string) =>
    agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [slot.id], number_of_people: 1, payment_token: 'tok_visa', idempotency_key: key });
  return { user, agent, booking };
}

/** Holds `table` locked (ACCESS EXCLUSIVE) on the test's connection until the returned function is called. */
async function lockTable(table: string): Promise<() => Promise<void>> {
  await holder.query('BEGIN');
  await holder.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return async () => {
    await holder.query('ROLLBACK');
  };
}

describe('leaving and booking at the same time', () => {
  it('a booking sent while the leaving is under way waits for it, then is refused in Japanese; nothing is booked', async () => {
    const { user, agent, booking } = await guestAndSlot();
    // The leaving checks, then pauses at its erasure's first read (brand_and_ambassador_inquiries), its row lock held.
    const release = await lockTable('brand_and_ambassador_inquiries');
    let left: Promise<{ status: number }>;
    let booked: Promise<{ status: number; body: { message?: string } }>;
    try {
      left = send(agent.post('/api/v1/account/leave').send({ password: TEST_PASSWORD }));
      await until(async () => (await lockWaiters()) === 1, 'the leaving to wait on the table');
      booked = send(booking(`race-leave-first-${user.id}`));
      await until(async () => (await lockWaiters()) === 2, 'the booking to wait on the user row');
    } finally {
      await release();
    }
    expect((await left).status).toBe(200);
    const answer = await booked;
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('退会したアカウントでは予約できません');
    expect(await em().count(Reservation, { user: user.id })).toBe(0);
    expect((await em().findOneOrFail(User, { id: user.id })).leftAt).not.toBeNull();
  });

  it('a leaving sent while a booking holds the seats waits for it, then is refused for the new reservation', async () => {
    const { user, agent, booking } = await guestAndSlot();
    // The booking locks the user row, then pauses at the キャンセル待ち lookup (waitlist_entries), before its insert.
    const release = await lockTable('waitlist_entries');
    let booked: Promise<{ status: number }>;
    let left: Promise<{ status: number; body: { message?: string } }>;
    let leaveAnswered = false;
    try {
      booked = send(booking(`race-book-first-${user.id}`));
      await until(async () => (await lockWaiters()) === 1, 'the booking to wait on the table');
      left = send(agent.post('/api/v1/account/leave').send({ password: TEST_PASSWORD }));
      void left.then(() => (leaveAnswered = true));
      await until(async () => leaveAnswered || (await lockWaiters()) === 2, 'the leaving to wait on the user row or finish');
    } finally {
      await release();
    }
    expect((await booked).status).toBe(201);
    const answer = await left;
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('これから参加する予約があります。予約をキャンセルするか、体験の終了後に退会してください。');
    const after = await em().findOneOrFail(User, { id: user.id });
    expect(after.leftAt).toBeNull();
    expect(await em().count(Reservation, { user: user.id, status: 'confirmed' })).toBe(1);
  });

  it('refuses a booking of an account that has already left with the same message', async () => {
    const { user, booking } = await guestAndSlot();
    // The session is still open here (as for a request already past the sign-in check when the account left).
    await em().execute('UPDATE users SET left_at = now() WHERE id = ?', [user.id]);
    const answer = await send(booking(`race-already-left-${user.id}`));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('退会したアカウントでは予約できません');
    expect(await em().count(Reservation, { user: user.id })).toBe(0);
  });
});

describe('キャンセル待ち of an account that has left', () => {
  it("offers the freed seat to the next in line, and ends the left account's place without a hold or a mail", async () => {
    const experience = await createExperience(t.orm, { price: 3000 });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 10, recruitmentNumber: 1 });
    const booker = await createSignedInUser(t);
    const booked = await booker.agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [slot.id], number_of_people: 1, payment_token: 'tok_visa', idempotency_key: `waitlist-left-${slot.id}` });
    expect(booked.status).toBe(201);
    const leaver = await createSignedInUser(t);
    const next = await createSignedInUser(t);
    for (const g of [leaver, next]) {
      expect((await g.agent.post('/api/v1/waitlist').send({ calendar_id: slot.id, number_of_people: 1 })).status).toBe(201);
    }
    expect((await leaver.agent.post('/api/v1/account/leave').send({ password: TEST_PASSWORD })).status).toBe(200);
    expect((await booker.agent.post(`/api/v1/reservations/${booked.body.id}/cancellation`).send({})).status).toBe(200);

    const line = await em().find(WaitlistEntry, { calendar: slot.id }, { orderBy: { id: 'asc' } });
    expect(line.map((e) => e.status)).toEqual(['left', 'offered']);
    expect(await em().count(Reservation, { user: leaver.user.id })).toBe(0);
    expect(await em().count(Reservation, { user: next.user.id, status: 'pending' })).toBe(1);
    expect(await em().count(MailOutbox, { toAddress: `left:${leaver.user.id}` })).toBe(0);
  });
});
