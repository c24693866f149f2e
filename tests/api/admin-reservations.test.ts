// The administrators' reservations lookup (docs/decisions/admin-lists.md): every reservation newest first in pages of
// 20; the number (exact, full-width digits too), the keyword over the guest's name and e-mail and the experience's
// title and host name, the status, the slot days and the booking days; one reservation's detail with its slots,
// amounts, payment and refund; read-only and ADMIN only.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { expectDocumented } from '#tests/api/openapi-contract';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createUser } from '#tests/factories/users';
import { Refund, Reservation } from '#src/modules/reservations/reservations.entity';
import { NON_ADMIN, expectedDenial, setupCallers, type Callers } from './admin-helpers';

let t: TestApp;
let c: Callers;
const ids: Record<string, number> = {};

/** Sets the reservation's booking time (the factory books now). */
async function bookedAt(id: number, instant: string) {
  await t.orm.em.fork().getConnection().execute('UPDATE reservations SET created_at = ? WHERE id = ?', [instant, id]);
}

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  const host = await createUser(t.orm, { role: 'HOST', name: '陶芸家 山田' });
  const sato = await createUser(t.orm, { name: '佐藤 ゆうき', email: 'sato-yuki@example.com' });
  const tanaka = await createUser(t.orm, { name: 'タナカ ケンタ', email: 'kenta@example.com' });
  const pottery = await createExperience(t.orm, { hostUserId: host.id, title: '手びねりの器づくり' });
  const indigo = await createExperience(t.orm, { title: '藍染めのハンカチ' });
  ids.host = host.id;
  ids.sato = sato.id;
  ids.tanaka = tanaka.id;
  ids.pottery = pottery.id;
  ids.indigo = indigo.id;
  const march10 = await createCalendar(t.orm, pottery.id, { date: '2027-03-10', startTime: '13:00', endTime: '15:00' });
  const march11 = await createCalendar(t.orm, pottery.id, { date: '2027-03-11', startTime: '10:00', endTime: '12:00' });
  const april1 = await createCalendar(t.orm, indigo.id, { date: '2027-04-01', startTime: '09:30', endTime: '11:00' });
  // Booked oldest first: the list shows them the other way round.
  const first = await createReservation(t.orm, { userId: sato.id, experienceId: pottery.id, calendarIds: [march11.id, march10.id] });
  const second = await createReservation(t.orm, {
    userId: tanaka.id,
    experienceId: indigo.id,
    calendarIds: [april1.id],
    status: 'pending',
  });
  const third = await createReservation(t.orm, {
    userId: tanaka.id,
    experienceId: pottery.id,
    calendarIds: [march11.id],
    status: 'cancelled',
  });
  ids.first = first.id;
  ids.second = second.id;
  ids.third = third.id;
  // Japan time: 2026-12-01 10:00, 2026-12-15 23:30 and 2026-12-16 00:30.
  await bookedAt(first.id, '2026-12-01T01:00:00Z');
  await bookedAt(second.id, '2026-12-15T14:30:00Z');
  await bookedAt(third.id, '2026-12-15T15:30:00Z');
  // The cancelled one: a coupon, an option, the host's reason and a refund the gateway has not confirmed yet.
  const em = t.orm.em.fork();
  const cancelled = await em.findOneOrFail(Reservation, { id: third.id });
  cancelled.optionName = '絵付け';
  cancelled.optionAmount = 500;
  cancelled.couponCode = 'WELCOME';
  cancelled.discountAmount = 300;
  cancelled.totalAmount = 1286;
  cancelled.numberOfPeople = 2;
  cancelled.cancelledBy = 'host';
  cancelled.cancellationReason = '窯の故障のため';
  cancelled.refundAmount = 1286;
  cancelled.paymentReference = 'pi_test_admin_lookup';
  em.create(Refund, {
    reservation: cancelled,
    amount: 1286,
    idempotencyKey: `refund-${third.id}`,
    attempts: 2,
    lastError: 'card_declined',
  });
  await em.flush();
});

const list = (query = '') => c.agents.admin.get(`/api/v1/admin/reservations${query ? `?${query}` : ''}`);
const idsOf = async (query: string) => {
  const res = await list(query);
  expect(res.status, query).toBe(200);
  expectDocumented(res);
  return (res.body.reservations as { id: number }[]).map((row) => row.id);
};

describe('GET /api/v1/admin/reservations', () => {
  it('lists every reservation newest booking first, with the guest, the experience and the first slot', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 3 });
    expect(res.body.reservations).toEqual([
      {
        id: ids.third,
        status: 'cancelled',
        guest_id: ids.tanaka,
        guest_name: 'タナカ ケンタ',
        guest_email: 'kenta@example.com',
        experience_id: ids.pottery,
        experience_title: '手びねりの器づくり',
        first_date: '2027-03-11',
        first_start_time: '10:00',
        number_of_people: 2,
        total_amount: 1286,
        created_at: '2026-12-15T15:30:00.000Z',
      },
      {
        id: ids.second,
        status: 'pending',
        guest_id: ids.tanaka,
        guest_name: 'タナカ ケンタ',
        guest_email: 'kenta@example.com',
        experience_id: ids.indigo,
        experience_title: '藍染めのハンカチ',
        first_date: '2027-04-01',
        first_start_time: '09:30',
        number_of_people: 1,
        total_amount: 1086,
        created_at: '2026-12-15T14:30:00.000Z',
      },
      {
        id: ids.first,
        status: 'confirmed',
        guest_id: ids.sato,
        guest_name: '佐藤 ゆうき',
        guest_email: 'sato-yuki@example.com',
        experience_id: ids.pottery,
        experience_title: '手びねりの器づくり',
        first_date: '2027-03-10',
        first_start_time: '13:00',
        number_of_people: 1,
        total_amount: 1086,
        created_at: '2026-12-01T01:00:00.000Z',
      },
    ]);
  });

  it('finds a reservation by its number, typed in half- or full-width digits', async () => {
    expect(await idsOf(`number=${ids.second}`)).toEqual([ids.second]);
    const fullWidth = String(ids.second).replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    expect(await idsOf(`number=${encodeURIComponent(` ${fullWidth} `)}`)).toEqual([ids.second]);
    expect(await idsOf('number=2147483647')).toEqual([]);
  });

  it("finds the guest's name and e-mail and the experience's title and host name as typed", async () => {
    expect(await idsOf(`q=${encodeURIComponent('佐藤　ゆうき')}`)).toEqual([ids.first]);
    expect(await idsOf(`q=${encodeURIComponent('たなか')}`)).toEqual([ids.third, ids.second]);
    expect(await idsOf('q=KENTA%40EXAMPLE')).toEqual([ids.third, ids.second]);
    expect(await idsOf(`q=${encodeURIComponent('藍染め')}`)).toEqual([ids.second]);
    expect(await idsOf(`q=${encodeURIComponent('陶芸家')}`)).toEqual([ids.third, ids.first]);
    expect(await idsOf('q=%25')).toEqual([]);
  });

  it('filters by status, by the days of a slot and by the day of booking (Japan time, both days included)', async () => {
    expect(await idsOf('status=pending')).toEqual([ids.second]);
    expect(await idsOf('status=expired')).toEqual([]);
    expect(await idsOf('slot_since=2027-03-10&slot_until=2027-03-10')).toEqual([ids.first]);
    expect(await idsOf('slot_since=2027-03-11')).toEqual([ids.third, ids.second, ids.first]);
    expect(await idsOf('slot_until=2027-03-31')).toEqual([ids.third, ids.first]);
    expect(await idsOf('booked_since=2026-12-15&booked_until=2026-12-15')).toEqual([ids.second]);
    expect(await idsOf('booked_since=2026-12-16')).toEqual([ids.third]);
    expect(await idsOf('status=confirmed&q=tanaka')).toEqual([]);
    expect(await idsOf('number=&q=&status=&slot_since=&slot_until=&booked_since=&booked_until=')).toEqual([
      ids.third,
      ids.second,
      ids.first,
    ]);
  });

  it('answers a page past the last with the last page', async () => {
    const res = await list('page=9');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 3 });
    expect(res.body.reservations).toHaveLength(3);
  });

  it('refuses malformed filters with 422 and a Japanese message', async () => {
    const cases: [string, string, string][] = [
      ['number=abc', 'number', '予約番号は数字で入力してください'],
      ['number=0', 'number', '予約番号は数字で入力してください'],
      ['number=99999999999', 'number', '予約番号は数字で入力してください'],
      ['status=done', 'status', '状態は一覧の中から選んでください'],
      ['slot_since=2027-02-30', 'slot_since', '開催日（から）は YYYY-MM-DD の形式の正しい日付で指定してください'],
      ['booked_until=yesterday', 'booked_until', '予約日（まで）は YYYY-MM-DD の形式の正しい日付で指定してください'],
      ['slot_since=2027-03-02&slot_until=2027-03-01', 'slot_until', '終了日は開始日以降の日付を指定してください'],
      ['booked_since=2026-12-02&booked_until=2026-12-01', 'booked_until', '終了日は開始日以降の日付を指定してください'],
      [`q=${'あ'.repeat(101)}`, 'q', 'キーワードは100文字以内で入力してください'],
      ['page=0', 'page', 'ページは1以上の整数で指定してください'],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(encodeURI(query));
      expect(res.status, query).toBe(422);
      expectDocumented(res);
      expect(res.body.messages[field], query).toEqual([message]);
    }
  });
});

describe('GET /api/v1/admin/reservations/{id}', () => {
  it('shows the guest, the experience and host, the slots in time order, the amounts, the payment and the refund', async () => {
    const res = await c.agents.admin.get(`/api/v1/admin/reservations/${ids.third}`);
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({
      id: ids.third,
      status: 'cancelled',
      created_at: '2026-12-15T15:30:00.000Z',
      guest: { id: ids.tanaka, name: 'タナカ ケンタ', email: 'kenta@example.com', left: false },
      experience: { id: ids.pottery, title: '手びねりの器づくり' },
      host: { name: '陶芸家 山田', user_id: ids.host, ambassador_id: null },
      slots: [{ date: '2027-03-11', start_time: '10:00', end_time: '12:00' }],
      option_name: '絵付け',
      number_of_people: 2,
      message_to_host: null,
      tour_amount: 1000,
      option_amount: 500,
      coupon_code: 'WELCOME',
      discount_amount: 300,
      service_fee: 50,
      processing_fee: 36,
      total_amount: 1286,
      payment_reference: 'pi_test_admin_lookup',
      confirmed_at: null,
      hold_expires_at: null,
      failure_message: null,
      cancelled_at: expect.any(String),
      cancelled_by: 'host',
      cancellation_reason: '窯の故障のため',
      refund_amount: 1286,
      refund: {
        id: expect.any(Number),
        amount: 1286,
        status: 'pending',
        attempts: 2,
        last_error: 'card_declined',
        succeeded_at: null,
        created_at: expect.any(String),
      },
    });
    const two = await c.agents.admin.get(`/api/v1/admin/reservations/${ids.first}`);
    expect(two.body.slots).toEqual([
      { date: '2027-03-10', start_time: '13:00', end_time: '15:00' },
      { date: '2027-03-11', start_time: '10:00', end_time: '12:00' },
    ]);
    expect(two.body.refund).toBeNull();
  });

  it('answers an unknown or malformed number with the reservation 404', async () => {
    for (const id of ['2147483647', 'abc', '0']) {
      const res = await c.agents.admin.get(`/api/v1/admin/reservations/${id}`);
      expect(res.status, id).toBe(404);
      expectDocumented(res);
      expect(res.body.messages.reservation, id).toEqual(['予約が見つかりませんでした']);
    }
  });
});

describe('who may look', () => {
  it('refuses everyone but an administrator, without a word of the reservations', async () => {
    for (const caller of NON_ADMIN) {
      for (const url of ['/api/v1/admin/reservations', `/api/v1/admin/reservations/${ids.first}`]) {
        const res = await c.agents[caller].get(url);
        expect(res.status, `${caller} ${url}`).toBe(expectedDenial(caller));
        expectDocumented(res);
        expect(res.body.messages.base, `${caller} ${url}`).toEqual([expect.any(String)]);
        expect(res.text).not.toContain('佐藤');
      }
    }
  });
});
