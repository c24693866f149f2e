// The guest's reservations, cancellation with the policy's refund, refunds that fail and are
// retried, the host's whole-slot cancellation and the .ics of the mails, against real PostgreSQL and the test
// gateway. Time: bookings happen at the real time; the cancellation instant is set by faking Date only.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, type Agent } from '#tests/factories/users';
import { createCalendar, createExperience, createAmbassadorExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { expectDocumented } from '#tests/api/openapi-contract';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { formatYen } from '#src/lib/isomorphic/money';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { Refund, Reservation } from '#src/modules/reservations/reservations.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { TestRefund } from '#src/modules/payments/payments.entity';
import * as ja from '#src/i18n/ja';

const originalTz = process.env.TZ;
// Back to the machine's zone after each test (the next file of the worker runs in the same process).
function restoreTz() {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
}
let t: TestApp;
let hostUser: { id: number; email: string };
let host: Agent;

beforeAll(async () => {
  t = await setupTestApp();
  const h = await createUser(t.orm, { name: 'ホスト 太郎', role: 'HOST' });
  hostUser = { id: h.id, email: h.email };
  host = await signedInAgent(t.app, h.email);
});

afterEach(() => {
  vi.useRealTimers();
  restoreTz();
});

afterAll(restoreTz);

let counter = 0;
const key = () => `cancel-test-${Date.now()}-${++counter}`;

async function guest(name = '予約 花子') {
  const user = await createUser(t.orm, { name });
  return { user, agent: await signedInAgent(t.app, user.email) };
}

async function book(agent: Agent, tourId: number, calendarIds: number[], people = 1) {
  return agent
    .post('/api/v1/reservations')
    .send({ tour_id: tourId, calendar_ids: calendarIds, number_of_people: people, payment_token: 'tok_visa', idempotency_key: key() });
}

async function bookOk(agent: Agent, tourId: number, calendarIds: number[], people = 1) {
  const res = await book(agent, tourId, calendarIds, people);
  expect(res.status).toBe(201);
  return res.body as { id: number; amounts: { total: number } };
}

const em = () => t.orm.em.fork();
const seats = async (calendarId: number) => (await em().findOneOrFail(Calendar, { id: calendarId })).participantNumber;
const row = (id: number) => em().findOneOrFail(Reservation, { id });
const refundsOf = (reservationId: number) => em().find(Refund, { reservation: reservationId });
async function gatewayRefunds(reservationId: number) {
  const r = await row(reservationId);
  return em().find(TestRefund, { paymentIntentId: r.paymentReference ?? '' });
}
const mail = (dedupeKey: string) => em().findOne(MailOutbox, { dedupeKey });

/** The usual arrangement: the host's experience (a 2-day policy unless given), one slot 10 days ahead unless given, and a guest who booked it. */
async function bookedSlot(options: { cancellationPeriod?: 2 | 7 | 30; daysFromToday?: number } = {}) {
  const experience = await createExperience(t.orm, { hostUserId: hostUser.id, cancellationPeriod: options.cancellationPeriod ?? 2 });
  const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: options.daysFromToday ?? 10 });
  const g = await guest();
  const booked = await bookOk(g.agent, experience.id, [calendar.id]);
  return { experience, calendar, g, booked };
}

/** Runs `action` while the test gateway cannot record refunds (its table renamed away): every refund call fails. */
async function whileRefundsFail(action: () => Promise<void>): Promise<void> {
  await em().execute('ALTER TABLE test_refunds RENAME TO test_refunds_away');
  try {
    await action();
  } finally {
    await em().execute('ALTER TABLE test_refunds_away RENAME TO test_refunds');
  }
}

/** Fakes Date only (the database, timers and sockets run on). */
function at(instant: Date | string | number) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
}

/** 00:00 Japan time of a date, as an instant (written out, not through the code under test). */
const jstMidnight = (ymd: string) => new Date(`${ymd}T00:00:00+09:00`);

describe.each(['UTC', 'Asia/Tokyo'])('the refund at each side of the deadline (server TZ=%s)', (tz) => {
  it.each([2, 7, 30] as const)(
    'policy of %i days: full refund until 23:59:59 JST of the day that many days before, none after',
    async (days) => {
      process.env.TZ = tz;
      const experience = await createExperience(t.orm, { hostUserId: hostUser.id, price: 5000, cancellationPeriod: days });
      const slotDate = addDays(todayInJapan(), days + 3);
      const calendar = await createCalendar(t.orm, experience.id, { date: slotDate, startTime: '10:00', endTime: '12:00' });
      const a = await guest();
      const b = await guest();
      const early = await bookOk(a.agent, experience.id, [calendar.id]);
      const late = await bookOk(b.agent, experience.id, [calendar.id]);
      expect(await seats(calendar.id)).toBe(2);

      const lastDay = addDays(slotDate, -days);
      const deadline = jstMidnight(addDays(lastDay, 1));

      // One millisecond before the deadline: everything back.
      at(deadline.getTime() - 1);
      const preview = await a.agent.get(`/api/v1/reservations/${early.id}/cancellation`);
      expect(preview.status).toBe(200);
      expectDocumented(preview);
      expect(preview.body).toMatchObject({
        reservation_id: early.id,
        cancellable: true,
        reason: null,
        policy: { days, name: ja.guestReservations.policyName(days) },
        last_full_refund_date: lastDay,
        deadline_at: deadline.toISOString(),
        total_amount: early.amounts.total,
        refund_amount: early.amounts.total,
        full_refund: true,
      });
      const cancelled = await a.agent
        .post(`/api/v1/reservations/${early.id}/cancellation`)
        .send({ expected_refund_amount: early.amounts.total });
      expect(cancelled.status).toBe(200);
      expectDocumented(cancelled);
      expect(cancelled.body).toMatchObject({
        id: early.id,
        status: 'cancelled',
        display_status: 'refunded',
        cancellation: { cancelled_by: 'guest', refund_amount: early.amounts.total, refund_status: 'succeeded', reason: null },
      });
      const [refund] = await refundsOf(early.id);
      expect(refund).toMatchObject({ amount: early.amounts.total, status: 'succeeded' });
      const paid = await gatewayRefunds(early.id);
      expect(paid.map((r) => r.amount)).toEqual([early.amounts.total]);

      // At the deadline: nothing back, still cancellable.
      at(deadline);
      const after = await b.agent.get(`/api/v1/reservations/${late.id}/cancellation`);
      expect(after.body).toMatchObject({ cancellable: true, refund_amount: 0, full_refund: false, deadline_at: deadline.toISOString() });
      const lateCancel = await b.agent.post(`/api/v1/reservations/${late.id}/cancellation`).send({});
      expect(lateCancel.status).toBe(200);
      expect(lateCancel.body).toMatchObject({
        status: 'cancelled',
        display_status: 'cancelled',
        cancellation: { refund_amount: 0, refund_status: null },
      });
      expect(await refundsOf(late.id)).toHaveLength(0);
      expect(await gatewayRefunds(late.id)).toHaveLength(0);
      expect(await seats(calendar.id)).toBe(0);
      expect((await row(late.id)).refundAmount).toBe(0);
    },
  );
});

describe('POST /api/v1/reservations/{id}/cancellation', () => {
  it('gives the seats back at once and mails the guest (with the .ics CANCEL of the confirmation UID) and the host', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, title: 'キャンセル検証の器', cancellationPeriod: 2 });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 10, recruitmentNumber: 3 });
    const g = await guest('取消 次郎');
    const booked = await bookOk(g.agent, experience.id, [calendar.id], 2);
    expect(await seats(calendar.id)).toBe(2);
    const confirmation = await mail(`reservation:${booked.id}:guest`);
    const publish = confirmation?.attachments?.[0];
    expect(publish?.filename).toBe('reservation.ics');
    expect(publish?.content_type).toContain('method=PUBLISH');
    expect(publish?.content).toContain('METHOD:PUBLISH');
    const uid = /UID:(.+)\r\n/.exec(publish?.content ?? '')?.[1];
    expect(uid).toBe(`reservation-${booked.id}-slot-${calendar.id}@localhost`);
    expect(publish?.content).toContain(`DTSTART;TZID=Asia/Tokyo:${calendar.date.replace(/-/g, '')}T100000`);

    const res = await g.agent.post(`/api/v1/reservations/${booked.id}/cancellation`).send({});
    expect(res.status).toBe(200);
    expect(await seats(calendar.id)).toBe(0);
    const toGuest = await mail(`reservation:${booked.id}:cancel:guest`);
    expect(toGuest?.subject).toBe(ja.guestReservations.mailGuestCancelSubject('キャンセル検証の器'));
    expect(toGuest?.textBody).toContain(ja.guestReservations.mailRefund(formatYen(booked.amounts.total)));
    const cancelIcs = toGuest?.attachments?.[0]?.content ?? '';
    expect(cancelIcs).toContain('METHOD:CANCEL');
    expect(cancelIcs).toContain(`UID:${uid}\r\n`);
    expect(cancelIcs).toContain('STATUS:CANCELLED');
    expect(cancelIcs).toContain('SEQUENCE:1');
    const toHost = await mail(`reservation:${booked.id}:cancel:host`);
    expect(toHost?.toAddress).toBe(hostUser.email);
    // The development mailbox names the attachments.
    const box = await request(t.app).get('/api/v1/dev/mails');
    const listed = (box.body.mails as { subject: string; attachments: { filename: string; content_type: string }[] }[]).find(
      (m) => m.subject === ja.guestReservations.mailGuestCancelSubject('キャンセル検証の器'),
    );
    expect(listed?.attachments).toEqual([{ filename: 'reservation.ics', content_type: 'text/calendar; charset=utf-8; method=CANCEL' }]);
    expect(toHost?.textBody).toContain('取消 次郎');
  });

  it('refuses a second cancellation (409), sequential or concurrent, with one refund and the seats given back once', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, cancellationPeriod: 2 });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 10 });
    const g = await guest();
    const other = await guest();
    await bookOk(other.agent, experience.id, [calendar.id]);
    const booked = await bookOk(g.agent, experience.id, [calendar.id]);
    const url = `/api/v1/reservations/${booked.id}/cancellation`;
    const [one, two] = await Promise.all([g.agent.post(url).send({}), g.agent.post(url).send({})]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const refused = one.status === 409 ? one : two;
    expectDocumented(refused);
    expect(refused.body.message).toBe(ja.guestReservations.alreadyCancelled);
    const again = await g.agent.post(url).send({});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ja.guestReservations.alreadyCancelled);
    expect(await seats(calendar.id)).toBe(1);
    expect(await refundsOf(booked.id)).toHaveLength(1);
    expect(await gatewayRefunds(booked.id)).toHaveLength(1);
    const preview = await g.agent.get(url);
    expect(preview.body).toMatchObject({ cancellable: false, reason: ja.guestReservations.alreadyCancelled, refund_amount: 0 });
  });

  it('refuses once the first booked slot has started (409), changing nothing', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, cancellationPeriod: 2 });
    const first = await createCalendar(t.orm, experience.id, { daysFromToday: 3, startTime: '10:00', endTime: '12:00' });
    const second = await createCalendar(t.orm, experience.id, { daysFromToday: 4, startTime: '10:00', endTime: '12:00' });
    const g = await guest();
    const booked = await bookOk(g.agent, experience.id, [first.id, second.id]);
    // A second before the first slot: cancellable, without refund (past the 2-day deadline).
    at(new Date(`${first.date}T09:59:59+09:00`));
    const before = await g.agent.get(`/api/v1/reservations/${booked.id}/cancellation`);
    expect(before.body).toMatchObject({ cancellable: true, refund_amount: 0 });
    at(new Date(`${first.date}T10:00:00+09:00`));
    const preview = await g.agent.get(`/api/v1/reservations/${booked.id}/cancellation`);
    expect(preview.body).toMatchObject({ cancellable: false, reason: ja.guestReservations.slotStarted, refund_amount: 0 });
    const res = await g.agent.post(`/api/v1/reservations/${booked.id}/cancellation`).send({});
    expect(res.status).toBe(409);
    expectDocumented(res);
    expect(res.body.message).toBe(ja.guestReservations.slotStarted);
    expect((await row(booked.id)).status).toBe('confirmed');
    expect(await seats(first.id)).toBe(1);
    expect(await seats(second.id)).toBe(1);
    expect(await mail(`reservation:${booked.id}:cancel:guest`)).toBeNull();
  });

  it('refuses when the refund is no longer the one the guest was shown (409), and a bad amount (422)', async () => {
    const { calendar, g, booked } = await bookedSlot({ cancellationPeriod: 7, daysFromToday: 3 });
    const url = `/api/v1/reservations/${booked.id}/cancellation`;
    const changed = await g.agent.post(url).send({ expected_refund_amount: booked.amounts.total });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(ja.guestReservations.refundChanged(formatYen(0)));
    const bad = await g.agent.post(url).send({ expected_refund_amount: 'たくさん' });
    expect(bad.status).toBe(422);
    expectDocumented(bad);
    expect(bad.body.messages.expected_refund_amount).toEqual([ja.guestReservations.expectedRefundInvalid]);
    expect((await row(booked.id)).status).toBe('confirmed');
    expect(await seats(calendar.id)).toBe(1);
  });

  it('a cancellation racing a new booking for the freed seat: never oversold, the seat is bookable once freed', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, cancellationPeriod: 2 });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 10, recruitmentNumber: 1 });
    const a = await guest();
    const b = await guest();
    const booked = await bookOk(a.agent, experience.id, [calendar.id]);
    expect((await book(b.agent, experience.id, [calendar.id])).status).toBe(422);
    const [cancel, race] = await Promise.all([
      a.agent.post(`/api/v1/reservations/${booked.id}/cancellation`).send({}),
      book(b.agent, experience.id, [calendar.id]),
    ]);
    expect(cancel.status).toBe(200);
    expect([201, 422]).toContain(race.status);
    if (race.status === 422) expect(race.body.messages.calendar_ids).toEqual([ja.reservations.noAvailability]);
    const retry = race.status === 201 ? race : await book(b.agent, experience.id, [calendar.id]);
    expect(retry.status).toBe(201);
    expect(await seats(calendar.id)).toBe(1);
    const active = await em().find(Reservation, { calendars: { calendar: calendar.id }, status: 'confirmed' });
    expect(active.map((r) => r.user.id)).toEqual([b.user.id]);
  });

  it('a refund the gateway fails stays pending, the reservation cancelled; the retry refunds exactly once', async () => {
    const { calendar, g, booked } = await bookedSlot();
    await whileRefundsFail(async () => {
      const res = await g.agent.post(`/api/v1/reservations/${booked.id}/cancellation`).send({});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'cancelled', display_status: 'refund_pending' });
      expect(res.body.cancellation).toMatchObject({ refund_amount: booked.amounts.total, refund_status: 'pending' });
      expect(await seats(calendar.id)).toBe(0);
      const [pending] = await refundsOf(booked.id);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending.lastError).toBeTruthy();
      // The worker while the gateway still fails: still pending, one more attempt.
      expect(await t.services.reservations.retryPendingRefunds({ dueBy: new Date(Date.now() + 86_400_000) })).toEqual({
        succeeded: 0,
        failed: 1,
      });
    });
    // Not due yet (backoff): the plain worker run leaves it.
    expect(await t.services.reservations.retryPendingRefunds()).toEqual({ succeeded: 0, failed: 0 });
    expect((await refundsOf(booked.id))[0]).toMatchObject({ status: 'pending', attempts: 2 });
    const retried = await t.services.reservations.retryPendingRefunds({ dueBy: new Date(Date.now() + 86_400_000) });
    expect(retried).toEqual({ succeeded: 1, failed: 0 });
    expect(await t.services.reservations.retryPendingRefunds({ dueBy: new Date(Date.now() + 86_400_000) })).toEqual({
      succeeded: 0,
      failed: 0,
    });
    const [done] = await refundsOf(booked.id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 3, lastError: null });
    const paid = await gatewayRefunds(booked.id);
    expect(paid).toHaveLength(1);
    expect(done.gatewayReference).toBe(paid[0].id);
    const detail = await g.agent.get(`/api/v1/reservations/${booked.id}`);
    expect(detail.body.display_status).toBe('refunded');
  });

  it('a refund made but whose answer was lost is not made twice by the retry (same idempotency key)', async () => {
    const { g, booked } = await bookedSlot();
    await whileRefundsFail(async () => {
      expect((await g.agent.post(`/api/v1/reservations/${booked.id}/cancellation`).send({})).status).toBe(200);
    });
    // The gateway did refund (its answer never arrived): replaying the same key finds that refund.
    const [pending] = await refundsOf(booked.id);
    const r = await row(booked.id);
    await em().execute(
      `INSERT INTO test_refunds (id, idempotency_key, payment_intent_id, amount) VALUES ('re_test_lost_answer', ?, ?, ?)`,
      [pending.idempotencyKey, r.paymentReference, pending.amount],
    );
    expect(await t.services.reservations.retryPendingRefunds({ dueBy: new Date(Date.now() + 86_400_000) })).toEqual({
      succeeded: 1,
      failed: 0,
    });
    expect((await gatewayRefunds(booked.id)).map((x) => x.id)).toEqual(['re_test_lost_answer']);
    expect((await refundsOf(booked.id))[0]).toMatchObject({ status: 'succeeded', gatewayReference: 're_test_lost_answer' });
  });
});

describe('concurrency of cancellations and refunds', () => {
  it('two workers retrying the same pending refund refund it once', async () => {
    const { g, booked } = await bookedSlot();
    await whileRefundsFail(async () => {
      expect((await g.agent.post(`/api/v1/reservations/${booked.id}/cancellation`).send({})).status).toBe(200);
    });
    const dueBy = new Date(Date.now() + 86_400_000);
    const runs = await Promise.all([
      t.services.reservations.retryPendingRefunds({ dueBy }),
      t.services.reservations.retryPendingRefunds({ dueBy }),
    ]);
    expect(runs.reduce((n, r) => n + r.succeeded, 0)).toBe(1);
    expect(await gatewayRefunds(booked.id)).toHaveLength(1);
    expect((await refundsOf(booked.id))[0].status).toBe('succeeded');
  });

  it('the guest and the host cancelling the same reservation at once: one cancellation, one refund, seats back once', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, cancellationPeriod: 2 });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 10 });
    const second = await createCalendar(t.orm, experience.id, { daysFromToday: 11 });
    const g = await guest();
    const other = await guest();
    const booked = await bookOk(g.agent, experience.id, [calendar.id, second.id]);
    await bookOk(other.agent, experience.id, [second.id]);
    const [byGuest, byHost] = await Promise.all([
      g.agent.post(`/api/v1/reservations/${booked.id}/cancellation`).send({}),
      host.post(`/api/v1/host/calendars/${calendar.id}/cancellation`).send({ reason: '講師の体調不良のため' }),
    ]);
    expect(byHost.status).toBe(200);
    expect([200, 409]).toContain(byGuest.status);
    expect(byHost.body.cancelled_reservations).toBe(byGuest.status === 200 ? 0 : 1);
    const r = await row(booked.id);
    expect(r.status).toBe('cancelled');
    expect(r.cancelledBy).toBe(byGuest.status === 200 ? 'guest' : 'host');
    expect(await refundsOf(booked.id)).toHaveLength(1);
    expect(await gatewayRefunds(booked.id)).toHaveLength(1);
    expect(await seats(calendar.id)).toBe(0);
    expect(await seats(second.id)).toBe(1);
  });
});

describe('guest isolation and bad input', () => {
  it("answers 404 for another guest's reservation, unknown and malformed ids, 401 signed out, and changes nothing", async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 20 });
    const owner = await guest();
    const intruder = await guest();
    const booked = await bookOk(owner.agent, experience.id, [calendar.id]);
    for (const id of [String(booked.id), '99999999', 'abc', '1e3', '-1']) {
      for (const res of [
        await intruder.agent.get(`/api/v1/reservations/${id}`),
        await intruder.agent.get(`/api/v1/reservations/${id}/cancellation`),
        await intruder.agent.post(`/api/v1/reservations/${id}/cancellation`).send({}),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(ja.reservations.reservationNotFound);
      }
    }
    const signedOut = await request(t.app).post(`/api/v1/reservations/${booked.id}/cancellation`).send({});
    expect(signedOut.status).toBe(401);
    expect((await request(t.app).get('/api/v1/reservations')).status).toBe(401);
    const list = await intruder.agent.get('/api/v1/reservations');
    expect(list.status).toBe(200);
    expect(list.body.reservations).toEqual([]);
    expect((await row(booked.id)).status).toBe('confirmed');
    expect(await seats(calendar.id)).toBe(1);
  });
});

describe('GET /api/v1/reservations and the detail', () => {
  it('lists upcoming (soonest first) and past (latest first) confirmed and cancelled reservations with their status', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, title: '一覧の体験', cancellationPeriod: 2 });
    const g = await guest();
    const soon = await createCalendar(t.orm, experience.id, { daysFromToday: 5 });
    const later = await createCalendar(t.orm, experience.id, { daysFromToday: 12 });
    const old = await createCalendar(t.orm, experience.id, { date: addDays(todayInJapan(), -10) });
    const older = await createCalendar(t.orm, experience.id, { date: addDays(todayInJapan(), -20) });
    const laterRes = await bookOk(g.agent, experience.id, [later.id]);
    const soonRes = await bookOk(g.agent, experience.id, [soon.id]);
    await g.agent.post(`/api/v1/reservations/${laterRes.id}/cancellation`).send({});
    const past1 = await createReservation(t.orm, { userId: g.user.id, experienceId: experience.id, calendarIds: [old.id] });
    const past2 = await createReservation(t.orm, { userId: g.user.id, experienceId: experience.id, calendarIds: [older.id] });
    // An abandoned payment attempt is not a reservation to list.
    await createReservation(t.orm, { userId: g.user.id, experienceId: experience.id, calendarIds: [soon.id], status: 'pending' });

    const upcoming = await g.agent.get('/api/v1/reservations');
    expect(upcoming.status).toBe(200);
    expectDocumented(upcoming);
    expect(upcoming.body).toMatchObject({ scope: 'upcoming', page: 1, total: 2 });
    expect(upcoming.body.reservations.map((r: { id: number }) => r.id)).toEqual([soonRes.id, laterRes.id]);
    expect(upcoming.body.reservations.map((r: { display_status: string }) => r.display_status)).toEqual(['confirmed', 'refunded']);
    expect(upcoming.body.reservations[0]).toMatchObject({
      title: '一覧の体験',
      number_of_people: 1,
      calendars: [{ id: soon.id, date: soon.date, start_time: '10:00', end_time: '12:00' }],
    });
    const past = await g.agent.get('/api/v1/reservations?scope=past');
    expect(past.body.reservations.map((r: { id: number }) => r.id)).toEqual([past1.id, past2.id]);
    const empty = await g.agent.get('/api/v1/reservations?scope=past&page=2');
    expect(empty.body.reservations).toEqual([]);
    const bad = await g.agent.get('/api/v1/reservations?scope=later&page=0');
    expect(bad.status).toBe(422);
    expectDocumented(bad);
    expect(bad.body.messages).toEqual({ scope: [ja.guestReservations.scopeInvalid], page: [ja.guestReservations.pageInvalid] });
  });

  it('shows the online URL only to the guest of a confirmed reservation, from the day before (Japan time)', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, online: true });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 5, startTime: '10:00' });
    const g = await guest();
    const booked = await bookOk(g.agent, experience.id, [calendar.id]);
    const from = jstMidnight(addDays(calendar.date, -1));
    at(from.getTime() - 1);
    const early = await g.agent.get(`/api/v1/reservations/${booked.id}`);
    expect(early.status).toBe(200);
    expectDocumented(early);
    expect(early.body).toMatchObject({ online: true, online_url: null, online_url_from: from.toISOString(), address: null });
    at(from);
    const dayBefore = await g.agent.get(`/api/v1/reservations/${booked.id}`);
    expect(dayBefore.body.online_url).toBe('https://meet.example.com/abc');
    vi.useRealTimers();
    await g.agent.post(`/api/v1/reservations/${booked.id}/cancellation`).send({});
    at(from);
    expect((await g.agent.get(`/api/v1/reservations/${booked.id}`)).body.online_url).toBeNull();
  });
});

describe('POST /api/v1/host/calendars/{id}/cancellation', () => {
  it('cancels every reservation of the slot with a full refund whatever the policy, mails the reason, closes the slot', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, title: '雨天中止の体験', cancellationPeriod: 30 });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 3 });
    const next = await createCalendar(t.orm, experience.id, { daysFromToday: 4 });
    const a = await guest('参加 一郎');
    const b = await guest('参加 二郎');
    const ra = await bookOk(a.agent, experience.id, [calendar.id], 2);
    // A reservation of two slots is cancelled as a whole.
    const rb = await bookOk(b.agent, experience.id, [calendar.id, next.id]);
    expect((await a.agent.get(`/api/v1/reservations/${ra.id}/cancellation`)).body.refund_amount).toBe(0);

    const url = `/api/v1/host/calendars/${calendar.id}/cancellation`;
    const missing = await host.post(url).send({ reason: '  ' });
    expect(missing.status).toBe(422);
    expectDocumented(missing);
    expect(missing.body.messages.reason).toEqual([ja.guestReservations.reasonRequired]);
    expect((await a.agent.post(url).send({ reason: '台風のため' })).status).toBe(404);
    const otherHost = await signedInAgent(t.app, (await createUser(t.orm, { role: 'HOST' })).email);
    const foreign = await otherHost.post(url).send({ reason: '台風のため' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(ja.guestReservations.calendarNotFound);
    expect((await host.post('/api/v1/host/calendars/abc/cancellation').send({ reason: 'x' })).status).toBe(404);
    expect((await row(ra.id)).status).toBe('confirmed');

    const res = await host.post(url).send({ reason: '台風の接近により安全に開催できないため' });
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({ calendar_id: calendar.id, cancelled_reservations: 2, refunded_amount: ra.amounts.total + rb.amounts.total });
    for (const booked of [ra, rb]) {
      const r = await row(booked.id);
      expect(r).toMatchObject({ status: 'cancelled', cancelledBy: 'host', refundAmount: booked.amounts.total });
      expect((await refundsOf(booked.id))[0]).toMatchObject({ status: 'succeeded', amount: booked.amounts.total });
      expect(await gatewayRefunds(booked.id)).toHaveLength(1);
      const m = await mail(`reservation:${booked.id}:cancel:guest`);
      expect(m?.subject).toBe(ja.guestReservations.mailGuestSlotCancelSubject('雨天中止の体験'));
      expect(m?.textBody).toContain('台風の接近により安全に開催できないため');
      expect(m?.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    }
    expect(await seats(calendar.id)).toBe(0);
    expect(await seats(next.id)).toBe(0);
    const slot = await em().findOneOrFail(Calendar, { id: calendar.id });
    expect(slot.acceptingReservation).toBe(false);
    const detail = await b.agent.get(`/api/v1/reservations/${rb.id}`);
    expect(detail.body.cancellation).toMatchObject({ cancelled_by: 'host', reason: '台風の接近により安全に開催できないため' });
    // The host's list says the slot is cancelled (開催中止); the next slot, which still takes bookings, is not.
    const slots: { calendar_id: number }[] = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const list = await host.get(`/api/v1/host/reservations?page=${page}`);
      expectDocumented(list);
      slots.push(...list.body.slots);
      pages = list.body.meta.total_pages;
    }
    const listed = (id: number) => slots.find((s) => s.calendar_id === id);
    expect(listed(calendar.id)).toMatchObject({ cancelled: true, accepting_reservation: false, confirmed_people: 0 });
    expect(listed(next.id)).toMatchObject({ cancelled: false, accepting_reservation: true });
    // A second time: nothing left to cancel.
    const again = await host.post(url).send({ reason: '再送' });
    expect(again.body.cancelled_reservations).toBe(0);
  });

  it('settles payments still in progress on the slot: an unpaid one is released, a paid one cancelled and refunded', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, title: '決済途中の体験' });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 6 });
    const unpaid = await guest();
    const paid = await guest();
    const attempt = (agent: Agent) =>
      agent.post('/api/v1/reservations').send({
        tour_id: experience.id,
        calendar_ids: [calendar.id],
        number_of_people: 1,
        payment_token: 'tok_threeDSecure2Required',
        idempotency_key: key(),
      });
    const waiting = await attempt(unpaid.agent);
    expect(waiting.status).toBe(202);
    const done = await attempt(paid.agent);
    expect(done.status).toBe(202);
    // The second guest authenticated, then the tab closed before the confirm call: paid, still held.
    await paid.agent.post(done.body.next_action_url).send({ client_secret: done.body.client_secret, result: 'success' });
    expect(await seats(calendar.id)).toBe(2);

    const res = await host.post(`/api/v1/host/calendars/${calendar.id}/cancellation`).send({ reason: '設備の故障のため' });
    expect(res.status).toBe(200);
    expect(res.body.cancelled_reservations).toBe(1);
    expect((await row(waiting.body.reservation_id)).status).toBe('expired');
    const paidRow = await row(done.body.reservation_id);
    expect(paidRow).toMatchObject({ status: 'cancelled', cancelledBy: 'host', refundAmount: paidRow.totalAmount });
    expect(await gatewayRefunds(paidRow.id)).toHaveLength(1);
    expect(await seats(calendar.id)).toBe(0);
    // The first guest finishing 3-D Secure now cannot book the cancelled slot.
    await unpaid.agent.post(waiting.body.next_action_url).send({ client_secret: waiting.body.client_secret, result: 'success' });
    const confirm = await unpaid.agent.post(`/api/v1/reservations/${waiting.body.reservation_id}/confirm`);
    expect(confirm.status).toBe(422);
    expect((await row(waiting.body.reservation_id)).status).toBe('expired');
  });

  it('lets an ambassador member cancel a slot of the ambassador, and refuses a slot that has started', async () => {
    const member = await createUser(t.orm, { role: 'HOST' });
    const { experience } = await createAmbassadorExperience(t.orm, { memberUserId: member.id });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 2, startTime: '10:00' });
    const g = await guest();
    const booked = await bookOk(g.agent, experience.id, [calendar.id]);
    const agent = await signedInAgent(t.app, member.email);
    at(new Date(`${calendar.date}T10:00:00+09:00`));
    const started = await agent.post(`/api/v1/host/calendars/${calendar.id}/cancellation`).send({ reason: '体調不良' });
    expect(started.status).toBe(409);
    expect(started.body.message).toBe(ja.guestReservations.slotAlreadyStarted);
    expect((await row(booked.id)).status).toBe('confirmed');
    vi.useRealTimers();
    const ok = await agent.post(`/api/v1/host/calendars/${calendar.id}/cancellation`).send({ reason: '体調不良' });
    expect(ok.status).toBe(200);
    expect(ok.body.cancelled_reservations).toBe(1);
  });
});
