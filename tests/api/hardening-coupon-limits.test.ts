// Optional coupon limits (total uses, uses per guest, first booking only, valid from/to, minimum
// amount), explained in Japanese by the quote and held by the reservation, also when two bookings race.
import { beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createCoupon } from '#tests/factories/coupons';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { Coupon } from '#src/modules/coupons/coupons.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import * as ja from '#src/i18n/ja';

type Agent = InstanceType<typeof TestAgent>;

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

async function guest(): Promise<{ id: number; agent: Agent }> {
  const user = await createUser(t.orm);
  return { id: user.id, agent: await signedInAgent(t.app, user.email) };
}

async function slot(price = 3000) {
  const experience = await createExperience(t.orm, { price });
  const calendar = await createCalendar(t.orm, experience.id, { recruitmentNumber: 20 });
  return { experience, calendar };
}

const book = (agent: Agent, calendarId: number, code: string) =>
  agent
    .post('/api/v1/reservations')
    .send({ calendar_ids: [calendarId], number_of_people: 1, payment_token: 'tok_visa', coupon_code: code });

const quote = (agent: Agent, tourId: number, calendarId: number, code: string, people = 1) =>
  agent.get(`/api/v1/experiences/${tourId}/price?calendar_ids=${calendarId}&number_of_people=${people}&coupon_code=${code}`);

const usedCount = async (id: number) => (await t.orm.em.fork().findOneOrFail(Coupon, { id })).usedCount;
const seats = async (id: number) => (await t.orm.em.fork().findOneOrFail(Calendar, { id })).participantNumber;

describe('coupon limits', () => {
  it('uses per guest: the second use by the same guest is refused (quote and booking), another guest may use it', async () => {
    const coupon = await createCoupon(t.orm, { maxUsesPerUser: 1 });
    const me = await guest();
    const a = await slot();
    expect((await book(me.agent, a.calendar.id, coupon.code)).status).toBe(201);
    const b = await slot();
    const q = await quote(me.agent, b.experience.id, b.calendar.id, coupon.code);
    expect(q.status).toBe(422);
    expect(q.body.messages).toEqual({ coupon_code: [ja.bookingRules.couponPerUserUsedUp(1)] });
    expect(ja.bookingRules.couponPerUserUsedUp(1)).toBe('このクーポンはすでにご利用済みです（お一人様1回まで）');
    const again = await book(me.agent, b.calendar.id, coupon.code);
    expect(again.status).toBe(422);
    expect(again.body.messages).toEqual({ coupon_code: [ja.bookingRules.couponPerUserUsedUp(1)] });
    expect(await seats(b.calendar.id)).toBe(0);
    expect(await usedCount(coupon.id)).toBe(1);
    const other = await guest();
    expect((await book(other.agent, b.calendar.id, coupon.code)).status).toBe(201);
    expect(await usedCount(coupon.id)).toBe(2);
  });

  it('first booking only: refused once the guest has a reservation', async () => {
    const coupon = await createCoupon(t.orm, { firstBookingOnly: true });
    const me = await guest();
    const a = await slot();
    expect((await quote(me.agent, a.experience.id, a.calendar.id, coupon.code)).status).toBe(200);
    expect((await book(me.agent, a.calendar.id, '')).status).toBe(201);
    const b = await slot();
    const q = await quote(me.agent, b.experience.id, b.calendar.id, coupon.code);
    expect(q.status).toBe(422);
    expect(q.body.messages).toEqual({ coupon_code: ['このクーポンは初めてのご予約でのみご利用いただけます'] });
    expect((await book(me.agent, b.calendar.id, coupon.code)).status).toBe(422);
    expect(await usedCount(coupon.id)).toBe(0);
    const newcomer = await guest();
    expect((await book(newcomer.agent, b.calendar.id, coupon.code)).status).toBe(201);
  });

  it('minimum amount: tour + option before the discount', async () => {
    const coupon = await createCoupon(t.orm, { minAmount: 5000 });
    const me = await guest();
    const { experience, calendar } = await slot(3000);
    const one = await quote(me.agent, experience.id, calendar.id, coupon.code, 1);
    expect(one.status).toBe(422);
    expect(one.body.messages).toEqual({ coupon_code: ['このクーポンは5,000円以上のご予約でご利用いただけます'] });
    const two = await quote(me.agent, experience.id, calendar.id, coupon.code, 2);
    expect(two.status).toBe(200);
    expect(two.body.discount).toBe(500);
    expect((await book(me.agent, calendar.id, coupon.code)).status).toBe(422);
    expect(await seats(calendar.id)).toBe(0);
  });

  it('valid from / until and total uses answer Japanese reasons', async () => {
    const me = await guest();
    const { experience, calendar } = await slot();
    const future = await createCoupon(t.orm, { validFrom: new Date(Date.now() + 86_400_000) });
    const past = await createCoupon(t.orm, { validUntil: new Date(Date.now() - 1000), validFrom: new Date(Date.now() - 86_400_000) });
    const usedUp = await createCoupon(t.orm, { maxUses: 1, usedCount: 1 });
    for (const [code, message] of [
      [future.code, ja.reservations.couponNotYetValid],
      [past.code, ja.reservations.couponExpired],
      [usedUp.code, ja.reservations.couponUsedUp],
    ]) {
      const res = await quote(me.agent, experience.id, calendar.id, code);
      expect(res.status).toBe(422);
      expect(res.body.messages).toEqual({ coupon_code: [message] });
    }
  });

  it('two bookings racing for the last use: exactly one wins', async () => {
    const coupon = await createCoupon(t.orm, { maxUses: 3, usedCount: 2 });
    const guests = await Promise.all(Array.from({ length: 6 }, () => guest()));
    const { calendar } = await slot();
    const results = await Promise.all(guests.map((g) => book(g.agent, calendar.id, coupon.code)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(422);
      expect(r.body.messages).toEqual({ coupon_code: [ja.reservations.couponUsedUp] });
    }
    expect(await usedCount(coupon.id)).toBe(3);
    expect(await seats(calendar.id)).toBe(1);
  });

  it('one guest racing for a per-guest coupon with two attempts: one wins', async () => {
    const coupon = await createCoupon(t.orm, { maxUsesPerUser: 1 });
    const me = await guest();
    const a = await slot();
    const b = await slot();
    const results = await Promise.all([book(me.agent, a.calendar.id, coupon.code), book(me.agent, b.calendar.id, coupon.code)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await usedCount(coupon.id)).toBe(1);
    expect(await t.orm.em.fork().count(Reservation, { user: me.id, coupon: coupon.id })).toBe(1);
  });
});

describe('creating a coupon with limits (the service behind CLI create-coupon)', () => {
  it('stores uses per guest, first booking only and the minimum amount; refuses bad values in Japanese', async () => {
    const ctx = t.services.context({ kind: 'operator', name: 'test' });
    const created = await t.services.coupons.create(ctx, {
      code: 'LIMITS1',
      amount: '500',
      max_uses_per_guest: '1',
      first_booking_only: true,
      min_amount: '3000',
    });
    const row = await t.orm.em.fork().findOneOrFail(Coupon, { id: created.id });
    expect([row.maxUsesPerUser, row.firstBookingOnly, row.minAmount]).toEqual([1, true, 3000]);
    await expect(t.services.coupons.create(ctx, { code: 'LIMITS2', amount: '500', min_amount: '0' })).rejects.toMatchObject({
      status: 422,
      details: { min_amount: [ja.bookingRules.minAmountInvalid] },
    });
  });
});
