// An operator cancels a reservation for its guest (POST /api/v1/admin/reservations/{id}/cancellation): the refund
// (everything, or what the policy gives), the seats, the host's earning, the mails to both sides, the audit log and
// the refusals, against real PostgreSQL and the test gateway. Bookings happen at the real time; a later instant is set
// by faking Date only.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, type Agent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { expectDocumented } from '#tests/api/openapi-contract';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { Refund, Reservation } from '#src/modules/reservations/reservations.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';

let t: TestApp;
let hostUser: { id: number; email: string };
let admin: Agent;
let adminId: number;

beforeAll(async () => {
  t = await setupTestApp();
  const h = await createUser(t.orm, { name: 'ホスト 次郎', role: 'HOST' });
  hostUser = { id: h.id, email: h.email };
  const a = await createUser(t.orm, { name: '運営 三郎', role: 'ADMIN' });
  adminId = a.id;
  admin = await signedInAgent(t.app, a.email);
});

afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const em = () => t.orm.em.fork();
const row = (id: number) => em().findOneOrFail(Reservation, { id });
const seats = async (calendarId: number) => (await em().findOneOrFail(Calendar, { id: calendarId })).participantNumber;
const mail = (dedupeKey: string) => em().findOne(MailOutbox, { dedupeKey });
const ledgerOf = (reservationId: number) =>
  em().execute<{ kind: string; amount: number }[]>('SELECT kind, amount FROM ledger_entries WHERE reservation_id = ? ORDER BY id', [
    reservationId,
  ]);
const cancel = (id: number | string, body: Record<string, unknown>, agent: Agent = admin) =>
  agent.post(`/api/v1/admin/reservations/${id}/cancellation`).send(body);

/** The host's experience (¥4,500 a person, 7-day policy), a slot on `date` at 10:00, booked by a new guest. */
async function booked(date = addDays(todayInJapan(), 20)) {
  const experience = await createExperience(t.orm, {
    hostUserId: hostUser.id,
    title: '運営取り消しの器',
    price: 4500,
    cancellationPeriod: 7,
  });
  const calendar = await createCalendar(t.orm, experience.id, { date, startTime: '10:00', endTime: '12:00' });
  const user = await createUser(t.orm, { name: '予約 四郎' });
  const agent = await signedInAgent(t.app, user.email);
  const res = await agent.post('/api/v1/reservations').send({
    tour_id: experience.id,
    calendar_ids: [calendar.id],
    number_of_people: 1,
    payment_token: 'tok_visa',
    idempotency_key: `operator-cancel-${Date.now()}-${++counter}`,
  });
  expect(res.status).toBe(201);
  return { calendar, agent, id: res.body.id as number, total: res.body.amounts.total as number };
}

describe('an operator cancels a reservation for its guest', () => {
  it('with a full refund: seats back, the money refunded, the earning reversed, both sides mailed the reason, audited', async () => {
    const b = await booked();
    expect(await seats(b.calendar.id)).toBe(1);
    const res = await cancel(b.id, { reason: 'ホストと連絡が取れないため', refund: 'full' });
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({ reservation_id: b.id, refund_amount: b.total });

    const r = await row(b.id);
    expect([r.status, r.cancelledBy, r.cancellationReason, r.refundAmount]).toEqual([
      'cancelled',
      'operator',
      'ホストと連絡が取れないため',
      b.total,
    ]);
    expect(await seats(b.calendar.id)).toBe(0);
    const refunds = await em().find(Refund, { reservation: b.id });
    expect(refunds.map((f) => [f.amount, f.status])).toEqual([[b.total, 'succeeded']]);
    // ¥4,500 less the 15% commission (675) was the host's; all of it is taken back.
    expect((await ledgerOf(b.id)).map((e) => [e.kind, e.amount])).toEqual([
      ['earning', 3825],
      ['reversal', -3825],
    ]);

    const toGuest = await mail(`reservation:${b.id}:cancel:guest`);
    expect(toGuest?.subject).toBe('【たびとこ】運営事務局がご予約を取り消しました：運営取り消しの器');
    expect(toGuest?.textBody).toContain('運営事務局にて「運営取り消しの器」のご予約を取り消しました。');
    expect(toGuest?.textBody).toContain('■ 取り消しの理由:\nホストと連絡が取れないため');
    expect(toGuest?.textBody).toContain(`■ 返金額: ¥${b.total.toLocaleString('en-US')}`);
    const toHost = await mail(`reservation:${b.id}:cancel:host`);
    expect(toHost?.toAddress).toBe(hostUser.email);
    expect(toHost?.textBody).toContain('運営事務局が 予約 四郎 様の「運営取り消しの器」の予約を取り消しました。');
    expect(toHost?.textBody).toContain('■ 取り消しの理由:\nホストと連絡が取れないため');

    const audit = await em().find(AuditLog, { entityType: 'reservation', entityId: b.id });
    expect(audit.map((a) => [a.actor, a.action, a.after])).toEqual([
      [`user:${adminId}`, 'cancel', { status: 'cancelled', refund: 'full', refund_amount: b.total, reason: 'ホストと連絡が取れないため' }],
    ]);

    // The guest's page says who cancelled and why.
    const mine = await b.agent.get(`/api/v1/reservations/${b.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.cancellation).toMatchObject({
      cancelled_by: 'operator',
      reason: 'ホストと連絡が取れないため',
      refund_amount: b.total,
    });
  });

  it("following the policy: past the policy's deadline nothing is refunded and the host keeps the earning", async () => {
    const date = addDays(todayInJapan(), 20);
    const b = await booked(date);
    // Three days before the slot: past the 7-day deadline, before the start.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${addDays(date, -3)}T12:00:00+09:00`) });
    const res = await cancel(b.id, { reason: 'ゲストから電話で取り消しの依頼', refund: 'policy' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reservation_id: b.id, refund_amount: 0 });
    expect(await em().find(Refund, { reservation: b.id })).toEqual([]);
    expect((await ledgerOf(b.id)).map((e) => [e.kind, e.amount])).toEqual([['earning', 3825]]);
    expect((await mail(`reservation:${b.id}:cancel:guest`))?.textBody).toContain(
      '■ 返金額: なし（キャンセルポリシーの全額返金期限を過ぎたため）',
    );
    expect(await seats(b.calendar.id)).toBe(0);
  });

  it('following the policy before its deadline refunds everything, as the guest would have got', async () => {
    const b = await booked();
    const res = await cancel(b.id, { reason: 'ゲストの代理で取り消し', refund: 'policy' });
    expect(res.status).toBe(200);
    expect(res.body.refund_amount).toBe(b.total);
    expect((await ledgerOf(b.id)).map((e) => [e.kind, e.amount])).toEqual([
      ['earning', 3825],
      ['reversal', -3825],
    ]);
  });

  it('after the slot has started too (a host who did not come), with a full refund', async () => {
    const date = addDays(todayInJapan(), 20);
    const b = await booked(date);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${date}T10:30:00+09:00`) });
    // The guest can no longer cancel it themselves.
    expect((await b.agent.post(`/api/v1/reservations/${b.id}/cancellation`).send({})).status).toBe(409);
    const res = await cancel(b.id, { reason: 'ホストが来なかったため', refund: 'full' });
    expect(res.status).toBe(200);
    expect(res.body.refund_amount).toBe(b.total);
    expect((await row(b.id)).status).toBe('cancelled');
  });

  it('refuses what it cannot do, and changes nothing', async () => {
    const b = await booked();
    const guest = await createUser(t.orm, { name: '一般 五郎' });
    const guestAgent = await signedInAgent(t.app, guest.email);

    expect((await cancel(b.id, { reason: '理由', refund: 'full' }, guestAgent)).status).toBe(403);
    expect(
      (await request(t.app).post(`/api/v1/admin/reservations/${b.id}/cancellation`).send({ reason: '理由', refund: 'full' })).status,
    ).toBe(401);
    const unknown = await cancel(999_999, { reason: '理由', refund: 'full' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('予約が見つかりませんでした');

    const noReason = await cancel(b.id, { reason: '  ', refund: 'full' });
    expect(noReason.status).toBe(422);
    expectDocumented(noReason);
    expect(noReason.body.messages.reason).toEqual(['取り消しの理由を入力してください']);
    // Only characters that show nothing (a zero-width space around a line break).
    expect((await cancel(b.id, { reason: '\u200b\n\u200b', refund: 'full' })).body.messages.reason).toEqual([
      '取り消しの理由を入力してください',
    ]);
    expect((await cancel(b.id, { reason: 'あ'.repeat(1001), refund: 'full' })).body.messages.reason).toEqual([
      '取り消しの理由は1000文字以内で入力してください',
    ]);
    const badRefund = await cancel(b.id, { reason: '理由', refund: 'half' });
    expect(badRefund.status).toBe(422);
    expect(badRefund.body.messages.refund).toEqual(['返金の方法は「全額返金」か「キャンセルポリシーどおり」から選んでください']);
    expect((await row(b.id)).status).toBe('confirmed');
    expect(await seats(b.calendar.id)).toBe(1);

    expect((await cancel(b.id, { reason: '理由', refund: 'full' })).status).toBe(200);
    const again = await cancel(b.id, { reason: '理由', refund: 'full' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('この予約はすでにキャンセルされています');
    expect((await em().find(Refund, { reservation: b.id })).length).toBe(1);
  });
});
