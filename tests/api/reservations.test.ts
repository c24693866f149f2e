// Price quote and reservation with the test gateway, against real PostgreSQL. Every rule: status, body
// and the database change.
import { GUEST } from '#src/lib/context';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createCalendar, createExperience, createAmbassadorExperience } from '#tests/factories/experiences';
import { createCoupon } from '#tests/factories/coupons';
import { addDays, nowTimeInJapan, todayInJapan } from '#src/lib/isomorphic/dates';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { Coupon } from '#src/modules/coupons/coupons.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { ExperienceOption } from '#src/modules/experiences/experiences.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { TestPaymentIntent } from '#src/modules/payments/payments.entity';
import { TestGateway } from '#src/modules/payments/test-gateway';
import * as ja from '#src/i18n/ja';

type Agent = InstanceType<typeof TestAgent>;

let t: TestApp;
let guest: { id: number; email: string; name: string };
let agent: Agent;
let other: Agent;

beforeAll(async () => {
  t = await setupTestApp();
  const user = await createUser(t.orm, { name: '予約 花子' });
  guest = { id: user.id, email: user.email, name: user.name };
  agent = await signedInAgent(t.app, user.email);
  other = await signedInAgent(t.app, (await createUser(t.orm)).email);
});

let keyCounter = 0;
const newKey = () => `test-attempt-${Date.now()}-${++keyCounter}`;

async function seats(calendarId: number): Promise<number> {
  return (await t.orm.em.fork().findOneOrFail(Calendar, { id: calendarId })).participantNumber;
}

async function reservationRow(id: number) {
  return t.orm.em.fork().findOneOrFail(Reservation, { id });
}

async function intents(reservationId: number) {
  return t.orm.em.fork().find(TestPaymentIntent, { reservationId });
}

async function mailsOf(reservationId: number) {
  return t.orm.em.fork().find(MailOutbox, { dedupeKey: { $like: `reservation:${reservationId}:%` } }, { orderBy: { dedupeKey: 'asc' } });
}

async function paidSlot(overrides: Parameters<typeof createExperience>[1] = {}, slot: Parameters<typeof createCalendar>[2] = {}) {
  const experience = await createExperience(t.orm, { price: 4500, options: [{ name: '絵付け', price: 1200 }], ...overrides });
  const calendar = await createCalendar(t.orm, experience.id, slot);
  const em = t.orm.em.fork();
  const options = await em.find(ExperienceOption, { experience: experience.id });
  return { experience, calendar, optionId: options[0]?.id };
}

const priceUrl = (tourId: number | string, query: string) => `/api/v1/experiences/${tourId}/price?${query}`;

describe('GET /api/v1/experiences/{tour_id}/price', () => {
  it('quotes tour, option, coupon and fees, from repeated calendar_ids[]', async () => {
    const { experience, calendar, optionId } = await paidSlot();
    const second = await createCalendar(t.orm, experience.id, { daysFromToday: 8 });
    const coupon = await createCoupon(t.orm, { code: 'SPRING10', discountType: 'percent', discountValue: 10 });
    const res = await request(t.app).get(
      priceUrl(
        experience.id,
        `calendar_ids[]=${calendar.id}&calendar_ids[]=${second.id}&number_of_people=1&option_id=${optionId}&coupon_code=spring10`,
      ),
    );
    expect(res.status).toBe(200);
    const { cancellation, ...price } = res.body;
    // 4,500 × 1 × 2 = 9,000 and 1,200 × 1 × 2 = 2,400; 10% of 11,400 = 1,140 off; the fees on 10,260:
    // 5% = 513 and 3.6% = 369.36, rounded down; 10,260 + 513 + 369 = 11,142.
    expect(price).toEqual({ tour: 9000, option: 2400, discount: 1140, service_fee: 513, processing_fee: 369, total: 11142 });
    // The first date is 7 days ahead and the policy 7 days: a full refund until the end of today (Japan time).
    expect(cancellation).toEqual({
      policy_days: 7,
      last_full_refund_date: todayInJapan(),
      deadline_at: new Date(`${addDays(todayInJapan(), 1)}T00:00:00+09:00`).toISOString(),
      full_refund: true,
    });
    expect(coupon.code).toBe('SPRING10');
    // Typed in full-width letters and digits, as a Japanese keyboard may give it: the same coupon.
    const wide = await request(t.app).get(
      priceUrl(experience.id, `calendar_ids[]=${calendar.id}&number_of_people=1&coupon_code=${encodeURIComponent('ＳＰＲＩＮＧ１０')}`),
    );
    expect(wide.status).toBe(200);
    expect(wide.body.discount).toBe(450);
  });

  it('accepts a single calendar_ids value and several people', async () => {
    const { experience, calendar } = await paidSlot();
    const res = await request(t.app).get(priceUrl(experience.id, `calendar_ids=${calendar.id}&number_of_people=3`));
    expect(res.status).toBe(200);
    const { cancellation: _, ...price } = res.body;
    // 4,500 × 3 = 13,500; fees 5% = 675 and 3.6% = 486; total 14,661.
    expect(price).toEqual({ tour: 13500, option: 0, discount: 0, service_fee: 675, processing_fee: 486, total: 14661 });
  });

  it('says when the free-cancellation deadline of the dates has already passed (the policy counts from the first date)', async () => {
    // Policy 7 days, first date 3 days ahead: the last full-refund day was 4 days ago.
    const { experience, calendar } = await paidSlot({ cancellationPeriod: 7 }, { daysFromToday: 3 });
    const later = await createCalendar(t.orm, experience.id, { daysFromToday: 20 });
    const res = await request(t.app).get(
      priceUrl(experience.id, `calendar_ids[]=${later.id}&calendar_ids[]=${calendar.id}&number_of_people=1`),
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.cancellation).toEqual({
      policy_days: 7,
      last_full_refund_date: addDays(todayInJapan(), -4),
      deadline_at: new Date(`${addDays(todayInJapan(), -3)}T00:00:00+09:00`).toISOString(),
      full_refund: false,
    });
    // The reservation form's first quote (the page) carries the same answer.
    const page = await t.services.reservations.form(t.services.context(GUEST), {
      tour_id: experience.id,
      cid: `${calendar.id},${later.id}`,
    });
    expect(page.quote.cancellation).toEqual(res.body.cancellation);
  });

  it('lists the chosen dates of the form by date, then start time (not by slot id or the order of the URL)', async () => {
    const { experience, calendar: latest } = await paidSlot({}, { daysFromToday: 20, startTime: '10:00' });
    const afternoon = await createCalendar(t.orm, experience.id, { daysFromToday: 10, startTime: '14:00', endTime: '16:00' });
    const morning = await createCalendar(t.orm, experience.id, { daysFromToday: 10, startTime: '09:00', endTime: '11:00' });
    const page = await t.services.reservations.form(t.services.context(GUEST), {
      tour_id: experience.id,
      cid: `${latest.id},${afternoon.id},${morning.id}`,
    });
    const day10 = addDays(todayInJapan(), 10);
    expect(page.calendars.map((c) => [c.id, c.date, c.start_time])).toEqual([
      [morning.id, day10, '09:00'],
      [afternoon.id, day10, '14:00'],
      [latest.id, addDays(todayInJapan(), 20), '10:00'],
    ]);
  });

  it('answers 404 with a message for an unknown, unpublished or malformed experience', async () => {
    const { calendar } = await paidSlot();
    const hidden = await createExperience(t.orm, { approve: false });
    for (const id of ['999999', String(hidden.id), 'abc']) {
      const res = await request(t.app).get(priceUrl(id, `calendar_ids[]=${calendar.id}&number_of_people=1`));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ja.reservations.experienceNotFound);
    }
  });

  it('answers 422 for unknown, expired, not yet valid, inactive and used-up coupons', async () => {
    const { experience, calendar } = await paidSlot();
    const expired = await createCoupon(t.orm, {
      validFrom: new Date(Date.now() - 86_400_000 * 2),
      validUntil: new Date(Date.now() - 1000),
    });
    const future = await createCoupon(t.orm, { validFrom: new Date(Date.now() + 86_400_000) });
    const inactive = await createCoupon(t.orm, { active: false });
    const usedUp = await createCoupon(t.orm, { maxUses: 2, usedCount: 2 });
    const cases: [string, string][] = [
      ['NOSUCHCODE', ja.reservations.couponNotFound],
      [expired.code, ja.reservations.couponExpired],
      [future.code, ja.reservations.couponNotYetValid],
      [inactive.code, ja.reservations.couponDeactivated],
      [usedUp.code, ja.reservations.couponUsedUp],
    ];
    for (const [code, message] of cases) {
      const res = await request(t.app).get(priceUrl(experience.id, `calendar_ids[]=${calendar.id}&number_of_people=1&coupon_code=${code}`));
      expect(res.status).toBe(422);
      expect(res.body.messages).toEqual({ coupon_code: [message] });
    }
  });

  it('answers 422 when more people than remaining seats, and the no-availability message when full', async () => {
    const { experience, calendar } = await paidSlot({}, { recruitmentNumber: 5, participantNumber: 3 });
    const tooMany = await request(t.app).get(priceUrl(experience.id, `calendar_ids[]=${calendar.id}&number_of_people=3`));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.messages).toEqual({ number_of_people: [ja.reservations.tooManyPeople(2)] });
    const full = await createCalendar(t.orm, experience.id, { recruitmentNumber: 2, participantNumber: 2 });
    const res = await request(t.app).get(priceUrl(experience.id, `calendar_ids[]=${full.id}&number_of_people=1`));
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual({ calendar_ids: [ja.reservations.noAvailability] });
  });

  it('answers 422 for a closed slot and a past slot', async () => {
    const { experience } = await paidSlot();
    const closed = await createCalendar(t.orm, experience.id, { acceptingReservation: false });
    const past = await createCalendar(t.orm, experience.id, { date: addDays(todayInJapan(), -1) });
    const a = await request(t.app).get(priceUrl(experience.id, `calendar_ids[]=${closed.id}&number_of_people=1`));
    expect(a.status).toBe(422);
    expect(a.body.messages).toEqual({ calendar_ids: [ja.reservations.slotClosed] });
    const b = await request(t.app).get(priceUrl(experience.id, `calendar_ids[]=${past.id}&number_of_people=1`));
    expect(b.status).toBe(422);
    expect(b.body.messages).toEqual({ calendar_ids: [ja.reservations.slotPast] });
  });

  it('closes the_day_before experiences at the end of the previous day (Japan time), on_the_day ones at the start', async () => {
    const dayBefore = await createExperience(t.orm, { reservationDeadline: 'the_day_before' });
    const today = await createCalendar(t.orm, dayBefore.id, { date: todayInJapan(), startTime: '23:58', endTime: '23:59' });
    const tomorrow = await createCalendar(t.orm, dayBefore.id, { date: addDays(todayInJapan(), 1), startTime: '00:00', endTime: '01:00' });
    const res = await request(t.app).get(priceUrl(dayBefore.id, `calendar_ids[]=${today.id}&number_of_people=1`));
    expect(res.status).toBe(422);
    // Only in the last two minutes of a Japanese day has the slot itself already started.
    const expected = nowTimeInJapan() < '23:58' ? ja.reservations.deadlinePassed : ja.reservations.slotPast;
    expect(res.body.messages).toEqual({ calendar_ids: [expected] });
    expect((await request(t.app).get(priceUrl(dayBefore.id, `calendar_ids[]=${tomorrow.id}&number_of_people=1`))).status).toBe(200);

    const onTheDay = await createExperience(t.orm, { reservationDeadline: 'on_the_day' });
    const later = await createCalendar(t.orm, onTheDay.id, { date: addDays(todayInJapan(), 1), startTime: '00:00', endTime: '01:00' });
    expect((await request(t.app).get(priceUrl(onTheDay.id, `calendar_ids[]=${later.id}&number_of_people=1`))).status).toBe(200);
  });

  it('answers 422 for a slot of another experience, unknown slots and more than 30 slots', async () => {
    const { experience } = await paidSlot();
    const { calendar: foreign } = await paidSlot();
    const a = await request(t.app).get(priceUrl(experience.id, `calendar_ids[]=${foreign.id}&number_of_people=1`));
    expect(a.status).toBe(422);
    expect(a.body.messages).toEqual({ calendar_ids: [ja.reservations.slotOfOtherExperience] });
    const b = await request(t.app).get(priceUrl(experience.id, `calendar_ids[]=99999999&number_of_people=1`));
    expect(b.body.messages).toEqual({ calendar_ids: [ja.reservations.slotNotFound] });
    const ids = Array.from({ length: 31 }, (_, i) => `calendar_ids[]=${i + 1}`).join('&');
    const c = await request(t.app).get(priceUrl(experience.id, `${ids}&number_of_people=1`));
    expect(c.status).toBe(422);
    expect(c.body.messages).toEqual({ calendar_ids: [ja.reservations.tooManySlots(30)] });
    const d = await request(t.app).get(priceUrl(experience.id, 'number_of_people=1'));
    expect(d.body.messages).toEqual({ calendar_ids: [ja.reservations.selectDates] });
  });

  it('answers 422 for an option of another experience and for bad numbers of people', async () => {
    const { experience, calendar } = await paidSlot();
    const { optionId: foreignOption } = await paidSlot();
    const a = await request(t.app).get(
      priceUrl(experience.id, `calendar_ids[]=${calendar.id}&number_of_people=1&option_id=${foreignOption}`),
    );
    expect(a.status).toBe(422);
    expect(a.body.messages).toEqual({ option_id: [ja.reservations.optionNotFound] });
    for (const n of ['0', 'abc', '1.5', '']) {
      const res = await request(t.app).get(priceUrl(experience.id, `calendar_ids[]=${calendar.id}&number_of_people=${n}`));
      expect(res.status).toBe(422);
      expect(res.body.messages.number_of_people).toEqual([ja.reservations.peopleInvalid]);
    }
  });

  it('allows only one person for a free experience or several dates', async () => {
    const free = await createExperience(t.orm, { price: 0 });
    const slot = await createCalendar(t.orm, free.id);
    const a = await request(t.app).get(priceUrl(free.id, `calendar_ids[]=${slot.id}&number_of_people=2`));
    expect(a.status).toBe(422);
    expect(a.body.messages).toEqual({ number_of_people: [ja.reservations.onlyOnePerson] });
    const { experience, calendar } = await paidSlot();
    const second = await createCalendar(t.orm, experience.id, { daysFromToday: 9 });
    const b = await request(t.app).get(
      priceUrl(experience.id, `calendar_ids[]=${calendar.id}&calendar_ids[]=${second.id}&number_of_people=2`),
    );
    expect(b.body.messages).toEqual({ number_of_people: [ja.reservations.onlyOnePerson] });
    const ok = await request(t.app).get(priceUrl(free.id, `calendar_ids[]=${slot.id}&number_of_people=1`));
    expect(ok.body).toMatchObject({ tour: 0, discount: 0, option: 0, service_fee: 0, processing_fee: 0, total: 0 });
  });

  it('reports every problem at once, per field', async () => {
    const { experience, calendar } = await paidSlot({}, { recruitmentNumber: 2 });
    const res = await request(t.app).get(
      priceUrl(experience.id, `calendar_ids[]=${calendar.id}&number_of_people=3&option_id=999999&coupon_code=NOPE`),
    );
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual({
      number_of_people: [ja.reservations.tooManyPeople(2)],
      option_id: [ja.reservations.optionNotFound],
      coupon_code: [ja.reservations.couponNotFound],
    });
  });
});

describe('POST /api/v1/reservations', () => {
  it('answers 401 when signed out', async () => {
    const { calendar } = await paidSlot();
    const res = await request(t.app)
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa' });
    expect(res.status).toBe(401);
    expect(await seats(calendar.id)).toBe(0);
  });

  it('answers 404 with a message, and takes no seat, for a slot of an experience that cannot be booked', async () => {
    const hidden = await createExperience(t.orm, { approve: false });
    const calendar = await createCalendar(t.orm, hidden.id);
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa', idempotency_key: newKey() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ja.reservations.experienceNotFound);
    expect(await seats(calendar.id)).toBe(0);
  });

  it('charges the quoted total, confirms, takes the seats, uses the coupon and queues both mails', async () => {
    const { experience, calendar, optionId } = await paidSlot({ title: '陶芸の器づくり' }, { recruitmentNumber: 6 });
    const coupon = await createCoupon(t.orm, { discountType: 'amount', discountValue: 1000, maxUses: 5 });
    const quote = await request(t.app).get(
      priceUrl(experience.id, `calendar_ids[]=${calendar.id}&number_of_people=2&option_id=${optionId}&coupon_code=${coupon.code}`),
    );
    const res = await agent.post('/api/v1/reservations').send({
      calendar_ids: [calendar.id],
      number_of_people: 2,
      option_id: optionId,
      coupon_code: coupon.code.toLowerCase(),
      message_to_host: '初めてです。よろしくお願いします。',
      payment_token: 'tok_visa',
      idempotency_key: newKey(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'confirmed',
      tour_id: experience.id,
      title: '陶芸の器づくり',
      number_of_people: 2,
      option: { id: optionId, name: '絵付け' },
      coupon_code: coupon.code,
      message_to_host: '初めてです。よろしくお願いします。',
      amounts: (({ cancellation: _, ...price }) => price)(quote.body),
      calendars: [{ id: calendar.id, date: calendar.date, start_time: '10:00', end_time: '12:00' }],
    });
    expect(res.body.amounts.total).toBe(9000 + 2400 - 1000 + Math.floor(10400 * 0.05) + Math.floor((10400 * 360) / 10000));

    const row = await reservationRow(res.body.id);
    expect(row.status).toBe('confirmed');
    expect(row.confirmedAt).toBeTruthy();
    expect(row.holdExpiresAt).toBeNull();
    expect(row.user.id).toBe(guest.id);
    expect(await seats(calendar.id)).toBe(2);
    expect((await t.orm.em.fork().findOneOrFail(Coupon, { id: coupon.id })).usedCount).toBe(1);
    const charges = await intents(row.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'succeeded', amount: res.body.amounts.total, id: row.paymentReference });

    const mails = await mailsOf(row.id);
    expect(mails.map((m) => m.dedupeKey)).toEqual([`reservation:${row.id}:guest`, `reservation:${row.id}:host`]);
    const [toGuest, toHost] = mails;
    expect(toGuest.toAddress).toBe(guest.email);
    expect(toGuest.subject).toBe(ja.reservations.mailGuestSubject('陶芸の器づくり'));
    expect(toGuest.textBody).toContain('予約 花子 様');
    expect(toGuest.textBody).toContain('■ 人数: 2名');
    expect(toGuest.textBody).toContain('■ オプション: 絵付け');
    expect(toGuest.textBody).toContain('■ 開催場所: 京都府京都市東山区五条橋東6-583');
    expect(toGuest.textBody).toContain(`合計（税込）: ¥${res.body.amounts.total.toLocaleString('ja-JP')}`);
    expect(toGuest.textBody).toContain('10:00〜12:00');
    expect(toHost.subject).toBe(ja.reservations.mailHostSubject('陶芸の器づくり'));
    expect(toHost.textBody).toContain('予約者: 予約 花子 様');
    expect(toHost.textBody).toContain('初めてです。よろしくお願いします。');
    expect(toHost.status).toBe('pending');

    // The completion flag for /reservations/complete?cid=..&tour_id=.. is in the session.
    const sessions = await t.orm.em.fork().execute<{ sess: { flags?: Record<string, boolean> } }[]>('SELECT sess FROM session');
    expect(sessions.some((s) => s.sess.flags?.[`reservation:${experience.id}:${calendar.id}`] === true)).toBe(true);
    const viewRes = await agent.get(`/api/v1/reservations/${row.id}`);
    expect(viewRes.status).toBe(200);
    expect(viewRes.body.id).toBe(row.id);
    expect((await other.get(`/api/v1/reservations/${row.id}`)).status).toBe(404);
  });

  it('notifies the ambassador of an ambassador-hosted experience (its member when it has no e-mail)', async () => {
    const member = await createUser(t.orm, { name: '工房 メンバー' });
    const { experience } = await createAmbassadorExperience(t.orm, { memberUserId: member.id, price: 3000 });
    const calendar = await createCalendar(t.orm, experience.id);
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa' });
    expect(res.status).toBe(201);
    const [, toHost] = await mailsOf(res.body.id);
    expect(toHost.toAddress).toBe(member.email);
    expect(toHost.textBody).toMatch(/^鈴木工房\d+ 様/);
  });

  it('tells the guest of an online experience when the reservation page will show the URL, not the URL a week early', async () => {
    const { calendar } = await paidSlot({ online: true });
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa' });
    expect(res.status).toBe(201);
    const [toGuest] = await mailsOf(res.body.id);
    const from = addDays(calendar.date, -1);
    const weekday = '日月火水木金土'[new Date(`${from}T00:00:00Z`).getUTCDay()];
    const day = `${Number(from.slice(0, 4))}年${Number(from.slice(5, 7))}月${Number(from.slice(8, 10))}日(${weekday})`;
    expect(toGuest.textBody.split('\n')).toContain(
      `■ 参加URL: ${day}から予約の詳細ページでご確認いただけます。前日のリマインドメールでもお知らせします。`,
    );
    expect(toGuest.textBody).not.toContain('https://meet.example.com/abc');
  });

  it('books a free experience without a payment token and without a charge', async () => {
    const free = await createExperience(t.orm, { price: 0 });
    const slot = await createCalendar(t.orm, free.id, { recruitmentNumber: 3 });
    const res = await agent.post('/api/v1/reservations').send({ calendar_ids: [slot.id], number_of_people: 1 });
    expect(res.status).toBe(201);
    expect(res.body.amounts.total).toBe(0);
    expect(await seats(slot.id)).toBe(1);
    expect(await intents(res.body.id)).toHaveLength(0);
    expect((await reservationRow(res.body.id)).paymentReference).toBeNull();
    expect(await mailsOf(res.body.id)).toHaveLength(2);
  });

  it('requires a card token for a paid experience (422, nothing held)', async () => {
    const { calendar } = await paidSlot();
    const res = await agent.post('/api/v1/reservations').send({ calendar_ids: [calendar.id], number_of_people: 1 });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual({ payment_token: [ja.reservations.paymentTokenRequired] });
    expect(await seats(calendar.id)).toBe(0);
  });

  it('answers 422 with each rule of the quote, and for a too long message', async () => {
    const { calendar } = await paidSlot({}, { recruitmentNumber: 1, participantNumber: 1 });
    const full = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa' });
    expect(full.status).toBe(422);
    expect(full.body.messages).toEqual({ calendar_ids: [ja.reservations.noAvailability] });
    const { calendar: open } = await paidSlot();
    const long = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [open.id], number_of_people: 1, payment_token: 'tok_visa', message_to_host: 'あ'.repeat(1001) });
    expect(long.status).toBe(422);
    expect(long.body.messages).toEqual({ message_to_host: [ja.reservations.messageTooLong(1000)] });
    const empty = await agent.post('/api/v1/reservations').send({});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.messages).sort()).toEqual(['calendar_ids', 'number_of_people']);
    const badKey = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [open.id], number_of_people: 1, payment_token: 'tok_visa', idempotency_key: 'short' });
    expect(badKey.status).toBe(422);
    expect(await seats(open.id)).toBe(0);
  });

  it('answers 402 on a declined card and gives the seats and the coupon back', async () => {
    const { calendar } = await paidSlot({}, { recruitmentNumber: 4 });
    const coupon = await createCoupon(t.orm, { maxUses: 1 });
    const res = await agent.post('/api/v1/reservations').send({
      calendar_ids: [calendar.id],
      number_of_people: 3,
      coupon_code: coupon.code,
      payment_token: 'tok_chargeDeclined',
      idempotency_key: newKey(),
    });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ status: 402, message: ja.payments.declined });
    expect(await seats(calendar.id)).toBe(0);
    expect((await t.orm.em.fork().findOneOrFail(Coupon, { id: coupon.id })).usedCount).toBe(0);
    const rows = await t.orm.em
      .fork()
      .find(Reservation, { experience: (await t.orm.em.fork().findOneOrFail(Calendar, { id: calendar.id })).experience.id });
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('failed');
    expect(rows[0].failureMessage).toBe('card_declined');
    expect(await mailsOf(rows[0].id)).toHaveLength(0);
    expect((await intents(rows[0].id))[0].status).toBe('declined');
  });

  it('takes all slots or none', async () => {
    const { experience, calendar } = await paidSlot({ price: 0 });
    const full = await createCalendar(t.orm, experience.id, { daysFromToday: 10, recruitmentNumber: 1, participantNumber: 1 });
    const res = await agent.post('/api/v1/reservations').send({ calendar_ids: [calendar.id, full.id], number_of_people: 1 });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual({ calendar_ids: [ja.reservations.noAvailability] });
    expect(await seats(calendar.id)).toBe(0);
    const ok = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id, (await createCalendar(t.orm, experience.id, { daysFromToday: 11 })).id], number_of_people: 1 });
    expect(ok.status).toBe(201);
    expect(ok.body.calendars).toHaveLength(2);
    expect(await seats(calendar.id)).toBe(1);
  });
});

describe("the host's own experience", () => {
  const ownMessage = { base: ['ご自身の体験は予約できません'] };

  it('refuses the host user the price, the form and the booking, and charges nothing', async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const hostAgent = await signedInAgent(t.app, host.email);
    const { experience, calendar } = await paidSlot({ hostUserId: host.id });
    const quote = await hostAgent.get(priceUrl(experience.id, `calendar_ids[]=${calendar.id}&number_of_people=1`));
    expect(quote.status).toBe(422);
    expect(quote.body.messages).toEqual(ownMessage);
    await expect(
      t.services.reservations.form(t.services.context({ kind: 'user', id: host.id, role: 'HOST', name: host.name, email: host.email }), {
        tour_id: experience.id,
        cid: String(calendar.id),
      }),
    ).rejects.toMatchObject({ status: 422, details: ownMessage });
    const res = await hostAgent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa', idempotency_key: newKey() });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual(ownMessage);
    expect(await seats(calendar.id)).toBe(0);
    expect(await t.orm.em.fork().count(Reservation, { experience: experience.id })).toBe(0);
    // Anyone else still gets the price and books.
    expect((await other.get(priceUrl(experience.id, `calendar_ids[]=${calendar.id}&number_of_people=1`))).status).toBe(200);
    const booked = await other
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa', idempotency_key: newKey() });
    expect(booked.status).toBe(201);
  });

  it("refuses a member of the hosting ambassador, a free experience's booking included", async () => {
    const member = await createUser(t.orm, { role: 'HOST' });
    const memberAgent = await signedInAgent(t.app, member.email);
    const { experience } = await createAmbassadorExperience(t.orm, { memberUserId: member.id, price: 0 });
    const calendar = await createCalendar(t.orm, experience.id);
    const res = await memberAgent.post('/api/v1/reservations').send({ calendar_ids: [calendar.id], number_of_people: 1 });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual(ownMessage);
    expect(await seats(calendar.id)).toBe(0);
    expect(await t.orm.em.fork().count(Reservation, { experience: experience.id })).toBe(0);
  });
});

describe('idempotency', () => {
  it('returns the same reservation for a repeated attempt key and charges once', async () => {
    const { calendar } = await paidSlot();
    const key = newKey();
    const body = { calendar_ids: [calendar.id], number_of_people: 2, payment_token: 'tok_visa', idempotency_key: key };
    const first = await agent.post('/api/v1/reservations').send(body);
    const second = await agent.post('/api/v1/reservations').send(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(await seats(calendar.id)).toBe(2);
    expect(await intents(first.body.id)).toHaveLength(1);
    expect(await mailsOf(first.body.id)).toHaveLength(2);
  });

  it('survives a burst of double clicks with one reservation and one charge (header key)', async () => {
    const { calendar } = await paidSlot();
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        agent
          .post('/api/v1/reservations')
          .set('Idempotency-Key', key)
          .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await seats(calendar.id)).toBe(1);
    const succeeded = await t.orm.em.fork().count(TestPaymentIntent, { reservationId: results[0].body.id, status: 'succeeded' });
    expect(succeeded).toBe(1);
  });

  it('keeps the same key of two users apart, and replays a decline as 402 without charging again', async () => {
    const { calendar } = await paidSlot();
    const key = newKey();
    const mine = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa', idempotency_key: key });
    const theirs = await other
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa', idempotency_key: key });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await seats(calendar.id)).toBe(2);

    // Another slot: this guest already booked the first one (no double booking).
    const { calendar: another } = await paidSlot();
    const declineKey = newKey();
    const body = { calendar_ids: [another.id], number_of_people: 1, payment_token: 'tok_chargeDeclined', idempotency_key: declineKey };
    expect((await agent.post('/api/v1/reservations').send(body)).status).toBe(402);
    expect((await agent.post('/api/v1/reservations').send({ ...body, payment_token: 'tok_visa' })).status).toBe(402);
    const declined = await t.orm.em.fork().findOneOrFail(Reservation, { idempotencyKey: `u${guest.id}:${declineKey}` });
    expect(await intents(declined.id)).toHaveLength(1);
    expect(await seats(calendar.id)).toBe(2);
    expect(await seats(another.id)).toBe(0);
  });
});

describe('3-D Secure (test gateway)', () => {
  async function startAuthentication(people = 1) {
    const { calendar } = await paidSlot({}, { recruitmentNumber: 5 });
    const res = await agent.post('/api/v1/reservations').send({
      calendar_ids: [calendar.id],
      number_of_people: people,
      payment_token: 'tok_threeDSecure2Required',
      idempotency_key: newKey(),
    });
    return { calendar, res };
  }

  it('answers 202 with the client secret and holds the seats until the intent succeeded', async () => {
    const { calendar, res } = await startAuthentication(2);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 'requires_action',
      gateway: 'test',
      reservation_id: expect.any(Number),
      client_secret: expect.stringMatching(/^pi_test_/),
    });
    expect(res.body.next_action_url).toMatch(/^\/api\/v1\/payments\/test\/intents\/pi_test_\w+\/authenticate$/);
    const id = res.body.reservation_id;
    expect((await reservationRow(id)).status).toBe('requires_action');
    expect(await seats(calendar.id)).toBe(2);
    expect(await mailsOf(id)).toHaveLength(0);

    // Not authenticated yet: still 202, not confirmed.
    const early = await agent.post(`/api/v1/reservations/${id}/confirm`);
    expect(early.status).toBe(202);
    expect((await reservationRow(id)).status).toBe('requires_action');

    // Someone else can neither authenticate with a wrong secret nor confirm another's reservation.
    const wrong = await agent.post(res.body.next_action_url).send({ client_secret: 'nope', result: 'success' });
    expect(wrong.status).toBe(404);
    expect((await other.post(`/api/v1/reservations/${id}/confirm`)).status).toBe(404);

    const auth = await agent.post(res.body.next_action_url).send({ client_secret: res.body.client_secret, result: 'success' });
    expect(auth.status).toBe(200);
    const confirmed = await agent.post(`/api/v1/reservations/${id}/confirm`);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).toMatchObject({ id, status: 'confirmed' });
    expect(await seats(calendar.id)).toBe(2);
    expect(await mailsOf(id)).toHaveLength(2);
    // Confirming again changes nothing.
    expect((await agent.post(`/api/v1/reservations/${id}/confirm`)).status).toBe(201);
    expect(await mailsOf(id)).toHaveLength(2);
  });

  it('answers 402 and frees the seats when authentication fails', async () => {
    const { calendar, res } = await startAuthentication();
    const id = res.body.reservation_id;
    await agent.post(res.body.next_action_url).send({ client_secret: res.body.client_secret, result: 'failure' });
    const confirmed = await agent.post(`/api/v1/reservations/${id}/confirm`);
    expect(confirmed.status).toBe(402);
    expect(confirmed.body.message).toBe(ja.payments.authenticationFailed);
    expect(await seats(calendar.id)).toBe(0);
    expect((await reservationRow(id)).status).toBe('failed');
  });
});

describe('seat holds', () => {
  async function expire(id: number) {
    await t.orm.em.fork().execute(`UPDATE reservations SET hold_expires_at = now() - interval '1 second' WHERE id = ?`, [id]);
  }

  it('releases an abandoned hold lazily before the next availability check and cancels its intent', async () => {
    const { experience, calendar } = await paidSlot({}, { recruitmentNumber: 2 });
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 2, payment_token: 'tok_threeDSecure2Required', idempotency_key: newKey() });
    const id = res.body.reservation_id;
    expect(await seats(calendar.id)).toBe(2);
    const full = await request(t.app).get(priceUrl(experience.id, `calendar_ids[]=${calendar.id}&number_of_people=1`));
    expect(full.body.messages).toEqual({ calendar_ids: [ja.reservations.noAvailability] });

    await expire(id);
    const open = await request(t.app).get(priceUrl(experience.id, `calendar_ids[]=${calendar.id}&number_of_people=1`));
    expect(open.status).toBe(200);
    expect(await seats(calendar.id)).toBe(0);
    expect((await reservationRow(id)).status).toBe('expired');
    expect((await intents(id))[0].status).toBe('canceled');

    // Authenticating now is too late: the intent is cancelled and the reservation stays expired.
    const auth = await agent.post(res.body.next_action_url).send({ client_secret: res.body.client_secret, result: 'success' });
    expect(auth.body.status).toBe('canceled');
    const late = await agent.post(`/api/v1/reservations/${id}/confirm`);
    expect(late.status).toBe(422);
    expect(late.body.messages).toEqual({ base: [ja.reservations.holdExpired] });
    expect(await seats(calendar.id)).toBe(0);
  });

  it('confirms instead of releasing when the abandoned attempt had in fact been paid', async () => {
    const { calendar } = await paidSlot();
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_threeDSecure2Required', idempotency_key: newKey() });
    const id = res.body.reservation_id;
    // The guest authenticated, then the tab closed before the confirm call.
    await agent.post(res.body.next_action_url).send({ client_secret: res.body.client_secret, result: 'success' });
    await expire(id);
    expect(await t.services.reservations.sweepExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect((await reservationRow(id)).status).toBe('confirmed');
    expect(await seats(calendar.id)).toBe(1);
    expect(await mailsOf(id)).toHaveLength(2);
  });

  it('finds the intent of a process that died before storing its id, and releases the hold', async () => {
    const { calendar } = await paidSlot();
    // A hold written by a process that died right after the hold transaction (no intent, no reference).
    const em = t.orm.em.fork();
    const r = em.create(Reservation, {
      user: guest.id,
      experience: (await em.findOneOrFail(Calendar, { id: calendar.id })).experience.id,
      numberOfPeople: 1,
      tourAmount: 4500,
      serviceFee: 225,
      processingFee: 162,
      totalAmount: 4887,
      idempotencyKey: `u${guest.id}:${newKey()}`,
      status: 'pending',
      holdExpiresAt: new Date(Date.now() - 1000),
    });
    await em.flush();
    await em.execute('INSERT INTO reservation_calendars (reservation_id, calendar_id) VALUES (?, ?)', [r.id, calendar.id]);
    await em.execute('UPDATE calendars SET participant_number = 1 WHERE id = ?', [calendar.id]);
    await t.services.reservations.sweepExpiredHolds();
    expect((await reservationRow(r.id)).status).toBe('expired');
    expect(await seats(calendar.id)).toBe(0);
    const created = await intents(r.id);
    expect(created.map((i) => i.status)).toEqual(['canceled']);
  });
});

describe('retries after an abandoned attempt', () => {
  it('settles an attempt whose hold has expired instead of answering "in progress"', async () => {
    const { calendar } = await paidSlot();
    const key = newKey();
    const first = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_threeDSecure2Required', idempotency_key: key });
    expect(first.status).toBe(202);
    await t.orm.em
      .fork()
      .execute(`UPDATE reservations SET hold_expires_at = now() - interval '1 second' WHERE id = ?`, [first.body.reservation_id]);
    const retry = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_threeDSecure2Required', idempotency_key: key });
    expect(retry.status).toBe(422);
    expect(retry.body.messages).toEqual({ base: [ja.reservations.holdExpired] });
    expect((await reservationRow(first.body.reservation_id)).status).toBe('expired');
    expect(await seats(calendar.id)).toBe(0);
  });
});

describe('test gateway endpoints', () => {
  it('turns a test card into its token, and refuses other numbers, past expiry and signed-out callers', async () => {
    const year = Number(todayInJapan().slice(0, 4));
    const ok = await agent
      .post('/api/v1/payments/test/tokens')
      .send({ number: '4242 4242 4242 4242', exp_month: 12, exp_year: year + 1, cvc: '123' });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ id: 'tok_visa', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: year + 1 } });
    const decline = await agent
      .post('/api/v1/payments/test/tokens')
      .send({ number: '4000000000000002', exp_month: 1, exp_year: year + 2, cvc: '123' });
    expect(decline.body.id).toBe('tok_chargeDeclined');
    const auth = await agent
      .post('/api/v1/payments/test/tokens')
      .send({ number: '4000 0027 6000 3184', exp_month: 1, exp_year: year + 2, cvc: '1234' });
    expect(auth.body.id).toBe('tok_threeDSecure2Required');

    const unknown = await agent
      .post('/api/v1/payments/test/tokens')
      .send({ number: '5555555555554444', exp_month: 1, exp_year: year + 2, cvc: '123' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.messages).toEqual({ number: [ja.payments.testCardUnknown] });
    const past = await agent
      .post('/api/v1/payments/test/tokens')
      .send({ number: '4242424242424242', exp_month: 1, exp_year: year - 1, cvc: '123' });
    expect(past.status).toBe(422);
    expect(past.body.messages).toEqual({ exp_month: [ja.payments.expiryPast] });
    const bad = await agent.post('/api/v1/payments/test/tokens').send({ number: '42', exp_month: 13, exp_year: year, cvc: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.messages).sort()).toEqual(['cvc', 'exp_month', 'number']);
    expect((await request(t.app).post('/api/v1/payments/test/tokens').send({})).status).toBe(401);
  });

  it('refuses unknown tokens like Stripe does (402), and the slow token outside the test environment', async () => {
    const { calendar } = await paidSlot();
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_nonsense' });
    expect(res.status).toBe(402);
    expect(await seats(calendar.id)).toBe(0);

    const production = new TestGateway(t.orm, { allowSlowTokens: false });
    const { intentId } = await production.createIntent({
      amount: 1000,
      idempotencyKey: `slow-${newKey()}`,
      description: 'x',
      reservationId: 0,
    });
    expect(
      await production.confirmIntent({ intentId, paymentToken: 'tok_visa_slow', idempotencyKey: newKey(), returnUrl: 'http://x' }),
    ).toEqual({
      status: 'declined',
      intentId,
      code: 'invalid_token',
    });
  });
});

describe('development mailbox', () => {
  it('does not exist in production', async () => {
    const prod = await setupTestApp({ NODE_ENV: 'production', SESSION_SECRET: 'production-secret-for-tests' });
    const res = await request(prod.app).get('/api/v1/dev/mails');
    expect(res.status).toBe(404);
    await expect(prod.services.mail.mailbox(prod.services.context(GUEST))).rejects.toMatchObject({ status: 404 });
  });

  it('lists the queued mails, newest first', async () => {
    const { calendar } = await paidSlot({ title: 'メールボックス確認' });
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa' });
    const box = await request(t.app).get('/api/v1/dev/mails');
    expect(box.status).toBe(200);
    const subjects = box.body.mails.map((m: { subject: string }) => m.subject);
    expect(subjects).toContain(ja.reservations.mailGuestSubject('メールボックス確認'));
    expect(box.body.mails[0].id).toBeGreaterThan(box.body.mails[box.body.mails.length - 1].id);
    expect(res.status).toBe(201);
  });
});
