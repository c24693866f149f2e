// The ledger of the hosts' earnings, written by the real booking and cancellation flows (the test gateway, real
// PostgreSQL): who is paid, the commission on the undiscounted fee (a fully discounted booking too, none for a free
// experience), 予定 until the last slot ends, a refunding cancellation reversing it, a late one keeping it, the host's
// cancellation reversing it, the contract rate, and the database refusing to change a row or to write one twice.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, type Agent } from '#tests/factories/users';
import { createAmbassadorExperience, createCalendar, createExperience } from '#tests/factories/experiences';
import { createCoupon } from '#tests/factories/coupons';
import { operator } from '#src/lib/context';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';

let t: TestApp;
let hostUser: { id: number; email: string };
let host: Agent;

beforeAll(async () => {
  t = await setupTestApp();
  const h = await createUser(t.orm, { name: 'ホスト 一郎', role: 'HOST' });
  hostUser = { id: h.id, email: h.email };
  host = await signedInAgent(t.app, h.email);
});

afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
async function book(tourId: number, calendarIds: number[], extra: Record<string, unknown> = {}) {
  const user = await createUser(t.orm, { name: `予約 花子${++counter}` });
  const agent = await signedInAgent(t.app, user.email);
  const res = await agent.post('/api/v1/reservations').send({
    tour_id: tourId,
    calendar_ids: calendarIds,
    number_of_people: 1,
    payment_token: 'tok_visa',
    idempotency_key: `ledger-${counter}`,
    ...extra,
  });
  expect(res.status).toBe(201);
  return { agent, id: res.body.id as number, total: res.body.amounts.total as number };
}

interface LedgerRow {
  payee_id: number;
  kind: string;
  amount: number;
  gross: number | null;
  commission: number | null;
  commission_tax: number | null;
  commission_rate_bp: number | null;
  available_at: Date;
}

const ledgerOf = (reservationId: number) =>
  t.orm.em
    .fork()
    .execute<LedgerRow[]>(
      'SELECT payee_id, kind, amount, gross, commission, commission_tax, commission_rate_bp, available_at FROM ledger_entries WHERE reservation_id = ? ORDER BY id',
      [reservationId],
    );

const payeeOf = async (column: 'user_id' | 'ambassador_id', id: number) =>
  (await t.orm.em.fork().execute<{ id: number }[]>(`SELECT id FROM payees WHERE ${column} = ?`, [id]))[0]?.id;

describe('the earning at confirmation', () => {
  it('goes to the host user, 15% off experience + option fee, 予定 until the last slot ends (Japan time)', async () => {
    const experience = await createExperience(t.orm, {
      hostUserId: hostUser.id,
      price: 4500,
      options: [{ name: '絵付け', price: 1200 }],
    });
    const date1 = addDays(todayInJapan(), 10);
    const date2 = addDays(todayInJapan(), 11);
    const s1 = await createCalendar(t.orm, experience.id, { date: date1, startTime: '10:00', endTime: '12:00' });
    const s2 = await createCalendar(t.orm, experience.id, { date: date2, startTime: '13:00', endTime: '15:30' });
    const [option] = await t.orm.em
      .fork()
      .execute<{ id: number }[]>('SELECT id FROM experience_options WHERE experience_id = ?', [experience.id]);
    const { id } = await book(experience.id, [s1.id, s2.id], { option_id: option.id });
    const rows = await ledgerOf(id);
    // Two dates: tour 9,000 + option 2,400 = 11,400; commission floor(11,400 × 15%) = 1,710; tax floor(1,710 × 10/110) = 155.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      payee_id: await payeeOf('user_id', hostUser.id),
      kind: 'earning',
      amount: 9690,
      gross: 11400,
      commission: 1710,
      commission_tax: 155,
      commission_rate_bp: 1500,
    });
    expect(new Date(rows[0].available_at).toISOString()).toBe(new Date(`${date2}T15:30:00+09:00`).toISOString());
  });

  it('goes to the ambassador when an ambassador hosts the experience', async () => {
    const { experience, ambassador } = await createAmbassadorExperience(t.orm, { price: 3000 });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 9 });
    const { id } = await book(experience.id, [slot.id]);
    const rows = await ledgerOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0].payee_id).toBe(await payeeOf('ambassador_id', ambassador.id));
    expect(rows[0].amount).toBe(2550);
  });

  it('is paid on the undiscounted amount: the platform funds the coupon', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, price: 5000 });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 12 });
    const coupon = await createCoupon(t.orm, { discountType: 'amount', discountValue: 2000 });
    const { id, total } = await book(experience.id, [slot.id], { coupon_code: coupon.code });
    // The guest pays 3,000 + fees; the host earns on 5,000: 5,000 − 750.
    expect(total).toBe(3000 + 150 + 108);
    expect((await ledgerOf(id))[0]).toMatchObject({ gross: 5000, commission: 750, amount: 4250 });
  });

  it('is recorded when a coupon covers the whole total, a booking confirmed without a charge', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, price: 5000 });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 12 });
    const coupon = await createCoupon(t.orm, { discountType: 'percent', discountValue: 100 });
    const { id, total } = await book(experience.id, [slot.id], { coupon_code: coupon.code });
    expect(total).toBe(0);
    expect(await ledgerOf(id)).toMatchObject([{ kind: 'earning', gross: 5000, commission: 750, amount: 4250 }]);
  });

  it('is not recorded for a free experience: nothing earned, no ¥0 row', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, price: 0 });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 12 });
    const { id, total } = await book(experience.id, [slot.id]);
    expect(total).toBe(0);
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('uses the contract rate an admin set for the payee (audited)', async () => {
    const payee = await payeeOf('user_id', hostUser.id);
    const ctx = t.services.context(operator('test'));
    expect(await t.services.payouts.setContractRate(ctx, { id: payee, rate_percent: 10.5 })).toEqual({
      payee_id: payee,
      commission_rate_percent: 10.5,
    });
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, price: 4000 });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 12 });
    const { id } = await book(experience.id, [slot.id]);
    // floor(4,000 × 10.5%) = 420.
    expect((await ledgerOf(id))[0]).toMatchObject({ commission: 420, amount: 3580, commission_rate_bp: 1050 });
    const audit = await t.orm.em
      .fork()
      .execute<{ action: string; after: unknown }[]>("SELECT action, after FROM audit_log WHERE entity_type = 'payee' AND entity_id = ?", [
        payee,
      ]);
    expect(audit).toEqual([{ action: 'set_rate', after: { commission_rate_bp: 1050 } }]);
    await t.services.payouts.setContractRate(ctx, { id: payee, rate_percent: null });
  });
});

describe('cancellations', () => {
  it('a guest cancelling within the policy reverses the whole earning, once', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, price: 4500, cancellationPeriod: 2 });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 10 });
    const { agent, id } = await book(experience.id, [slot.id]);
    expect((await agent.post(`/api/v1/reservations/${id}/cancellation`).send({})).status).toBe(200);
    expect((await agent.post(`/api/v1/reservations/${id}/cancellation`).send({})).status).toBe(409);
    const rows = await ledgerOf(id);
    expect(rows.map((r) => [r.kind, r.amount, r.commission])).toEqual([
      ['earning', 3825, 675],
      ['reversal', -3825, -675],
    ]);
    // It nets out in the same close as the earning.
    expect(new Date(rows[1].available_at).toISOString()).toBe(new Date(rows[0].available_at).toISOString());
  });

  it('a guest cancelling after the deadline (no refund) keeps the earning for the host', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, price: 4500, cancellationPeriod: 7 });
    const date = addDays(todayInJapan(), 10);
    const slot = await createCalendar(t.orm, experience.id, { date });
    const { agent, id } = await book(experience.id, [slot.id]);
    // Two days before the slot: past the 7-day deadline, before the start.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${addDays(date, -2)}T12:00:00+09:00`) });
    const res = await agent.post(`/api/v1/reservations/${id}/cancellation`).send({});
    expect(res.status).toBe(200);
    const [r] = await t.orm.em.fork().execute<{ refund_amount: number }[]>('SELECT refund_amount FROM reservations WHERE id = ?', [id]);
    expect(r.refund_amount).toBe(0);
    expect((await ledgerOf(id)).map((r) => [r.kind, r.amount])).toEqual([['earning', 3825]]);
  });

  it("the host's cancellation of a slot reverses every earning on it", async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id, price: 2000, cancellationPeriod: 30 });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 5 });
    const a = await book(experience.id, [slot.id]);
    const b = await book(experience.id, [slot.id]);
    const res = await host.post(`/api/v1/host/calendars/${slot.id}/cancellation`).send({ reason: '講師の体調不良のため' });
    expect(res.status).toBe(200);
    for (const id of [a.id, b.id]) {
      expect((await ledgerOf(id)).map((r) => [r.kind, r.amount])).toEqual([
        ['earning', 1700],
        ['reversal', -1700],
      ]);
    }
  });
});

describe('the database keeps the ledger honest', () => {
  it('refuses to update, delete or truncate a ledger row', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 8 });
    const { id } = await book(experience.id, [slot.id]);
    const em = t.orm.em.fork();
    await expect(em.execute('UPDATE ledger_entries SET amount = amount + 1 WHERE reservation_id = ?', [id])).rejects.toThrow(/append-only/);
    await expect(em.execute('DELETE FROM ledger_entries WHERE reservation_id = ?', [id])).rejects.toThrow(/append-only/);
    await expect(em.execute('TRUNCATE ledger_entries CASCADE')).rejects.toThrow(/append-only/);
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('refuses a second earning or reversal of the same reservation', async () => {
    const experience = await createExperience(t.orm, { hostUserId: hostUser.id });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 8 });
    const { id } = await book(experience.id, [slot.id]);
    const [row] = await ledgerOf(id);
    const insert = (kind: string, amount: number) =>
      t.orm.em
        .fork()
        .execute(
          `INSERT INTO ledger_entries (payee_id, kind, reservation_id, amount, gross, commission, available_at) VALUES (?, ?, ?, ?, 0, 0, now())`,
          [row.payee_id, kind, id, amount],
        );
    await expect(insert('earning', 1)).rejects.toThrow(/ledger_entries_reservation_id_kind_unique/);
    await insert('reversal', -1);
    await expect(insert('reversal', -1)).rejects.toThrow(/ledger_entries_reservation_id_kind_unique/);
  });
});
