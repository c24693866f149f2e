// キャンセル待ち (waitlist) through the API, on real PostgreSQL and the test gateway: who may join which slot, the
// place in line, offers made where seats free up (cancellation, expired payment hold, raised recruitment number),
// the first fitting party first, offers held like any booking's seats, paid, declined or expired, and the host's
// counts. Offers last WAITLIST_OFFER_HOURS=48 here, so a slot two days ahead shows the booking deadline capping them.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser, signedInAgent, type Agent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { storeTestImages, validPayload } from '#tests/factories/experience-payloads';
import { addDays, japanInstant, todayInJapan } from '#src/lib/isomorphic/dates';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { WaitlistEntry } from '#src/modules/reservations/waitlist.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { parseEnv } from '#src/lib/env';

let t: TestApp;
let host: { id: number; agent: Agent };

beforeAll(async () => {
  t = await setupTestApp({ WAITLIST_OFFER_HOURS: '48' });
  await storeTestImages(t.orm);
  const { user, agent } = await createSignedInUser(t, { name: 'ホスト 太郎', role: 'HOST' });
  host = { id: user.id, agent };
});

let counter = 0;
const key = () => `waitlist-test-${++counter}`;
const em = () => t.orm.em.fork();
const seats = async (id: number) => (await em().findOneOrFail(Calendar, { id })).participantNumber;
const entries = (calendarId: number) => em().find(WaitlistEntry, { calendar: calendarId }, { orderBy: { id: 'asc' } });

async function guest(name: string) {
  const { user, agent } = await createSignedInUser(t, { name });
  return { id: user.id, email: user.email, agent };
}

const book = (agent: Agent, tourId: number, calendarId: number, people = 1, extra: Record<string, unknown> = {}) =>
  agent.post('/api/v1/reservations').send({
    tour_id: tourId,
    calendar_ids: [calendarId],
    number_of_people: people,
    payment_token: 'tok_visa',
    idempotency_key: key(),
    ...extra,
  });

const join = (agent: Agent, calendarId: number, people = 1) =>
  agent.post('/api/v1/waitlist').send({ calendar_id: calendarId, number_of_people: people });

const cancel = (agent: Agent, reservationId: number) => agent.post(`/api/v1/reservations/${reservationId}/cancellation`).send({});

/** An experience with one slot of `seats` seats, `daysAhead` days ahead, filled by one guest's booking. */
async function fullSlot(options: { seats?: number; daysAhead?: number; price?: number } = {}) {
  const experience = await createExperience(t.orm, {
    hostUserId: host.id,
    price: options.price ?? 4000,
    options: [{ name: '写真撮影', price: 1000 }],
  });
  const size = options.seats ?? 2;
  const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: options.daysAhead ?? 10, recruitmentNumber: size });
  const booker = await guest('先約 一郎');
  const res = await book(booker.agent, experience.id, calendar.id, options.price === 0 ? 1 : size);
  expect(res.status).toBe(201);
  return { experience, calendar, booker, booking: res.body as { id: number } };
}

describe('joining the line', () => {
  it('puts guests of a full slot in line in the order they joined, and lists their entries', async () => {
    const { calendar, experience } = await fullSlot();
    const a = await guest('待ち 一');
    const b = await guest('待ち 二');
    const first = await join(a.agent, calendar.id, 2);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      calendar_id: calendar.id,
      tour_id: experience.id,
      number_of_people: 2,
      status: 'waiting',
      position: 1,
      offer: null,
    });
    expect((await join(b.agent, calendar.id, 1)).body).toMatchObject({ status: 'waiting', position: 2 });
    const mine = await b.agent.get(`/api/v1/waitlist?tour_id=${experience.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.entries.map((e: { position: number }) => e.position)).toEqual([2]);
    expect((await b.agent.get('/api/v1/waitlist?tour_id=999999')).body.entries).toEqual([]);
  });

  it('refuses what is not a full, open slot, a party that cannot fit, and a guest already booked or waiting', async () => {
    const { calendar, experience, booker } = await fullSlot({ seats: 3 });
    const g = await guest('断られ 三郎');
    const refused = async (res: request.Response, status: number, message: string) => {
      expect(res.status).toBe(status);
      expect(Object.values(res.body.messages ?? { base: [res.body.message] }).flat()).toContain(message);
    };
    await refused(await join(g.agent, calendar.id, 4), 422, '人数は3名以内で選択してください');
    await refused(
      await join(booker.agent, calendar.id, 1),
      422,
      'この日程はすでに予約済み（またはお手続き中）のため、キャンセル待ちに登録できません',
    );
    await refused(await join(g.agent, 999999, 1), 404, '日程が見つかりません');
    const open = await createCalendar(t.orm, experience.id, { daysFromToday: 11, recruitmentNumber: 3 });
    await refused(await join(g.agent, open.id, 1), 422, 'この日程にはまだ空席があります。キャンセル待ちではなく、そのままご予約ください');
    const closedByHost = await createCalendar(t.orm, experience.id, {
      daysFromToday: 12,
      participantNumber: 10,
      acceptingReservation: false,
    });
    await refused(await join(g.agent, closedByHost.id, 1), 422, 'この日程は受付を終了しているため、キャンセル待ちに登録できません');
    // the_day_before: a slot dated today closed to bookings at 00:00 today.
    const dayBefore = await createExperience(t.orm, { hostUserId: host.id, reservationDeadline: 'the_day_before' });
    const closedByDeadline = await createCalendar(t.orm, dayBefore.id, {
      date: todayInJapan(),
      startTime: '23:00',
      endTime: '23:30',
      participantNumber: 10,
    });
    await refused(await join(g.agent, closedByDeadline.id, 1), 422, 'この日程は受付を終了しているため、キャンセル待ちに登録できません');
    const free = await fullSlot({ price: 0, seats: 1 });
    await refused(await join(g.agent, free.calendar.id, 2), 422, '無料の体験のキャンセル待ちは1名でご登録ください');
    expect((await join(g.agent, calendar.id, 2)).status).toBe(201);
    await refused(await join(g.agent, calendar.id, 1), 422, 'この日程のキャンセル待ちに登録済みです');
    expect((await request(t.app).post('/api/v1/waitlist').send({ calendar_id: calendar.id, number_of_people: 1 })).status).toBe(401);
    expect((await entries(calendar.id)).map((e) => [e.user.id, e.numberOfPeople])).toEqual([[g.id, 2]]);
    expect(await em().count(WaitlistEntry, { calendar: [open.id, closedByHost.id, closedByDeadline.id, free.calendar.id] })).toBe(0);
  });

  it("refuses the host a place in the line of their own experience's full slot", async () => {
    const { calendar } = await fullSlot();
    const res = await join(host.agent, calendar.id, 1);
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual({ base: ['ご自身の体験はキャンセル待ちに登録できません'] });
    expect(await entries(calendar.id)).toEqual([]);
  });

  it('refuses a booking of the slot while its guest waits in line, and lets them leave', async () => {
    const { calendar, experience, booker, booking } = await fullSlot({ seats: 2 });
    const g = await guest('待ち 四郎');
    const entry = (await join(g.agent, calendar.id, 2)).body;
    const whileWaiting = await book(g.agent, experience.id, calendar.id, 1);
    expect(whileWaiting.status).toBe(422);
    expect(whileWaiting.body.messages.calendar_ids).toEqual([
      'この日程のキャンセル待ちに登録中です。ご予約はキャンセル待ちのご案内をお待ちいただくか、キャンセル待ちを取り消してからお手続きください',
    ]);
    // Another guest's entry cannot be left by this one.
    expect((await booker.agent.delete(`/api/v1/waitlist/${entry.id}`)).status).toBe(404);
    const left = await g.agent.delete(`/api/v1/waitlist/${entry.id}`);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ status: 'left', position: null });
    expect((await g.agent.delete(`/api/v1/waitlist/${entry.id}`)).status).toBe(409);
    await join(g.agent, calendar.id, 1);
    expect((await cancel(booker.agent, booking.id)).status).toBe(200);
    // 2 seats freed, 1 offered to the line: the other is free, but this guest waits (offered) on the slot already.
    const refused = await book(g.agent, experience.id, calendar.id, 2);
    expect(refused.status).toBe(422);
    expect(refused.body.messages.number_of_people).toEqual(['キャンセル待ちのご案内は1名分です。人数を1名にしてお手続きください']);
  });
});

describe('offers', () => {
  it('offers freed seats to the first party that fits, holds them from everyone else, mails a link, and the guest pays', async () => {
    const { calendar, experience, booker, booking } = await fullSlot({ seats: 2 });
    const big = await guest('大人数 五郎');
    const small = await guest('少人数 六子');
    await join(big.agent, calendar.id, 2);
    await join(small.agent, calendar.id, 1);
    const other = await guest('単独 七海');
    await join(other.agent, calendar.id, 1);
    expect((await cancel(booker.agent, booking.id)).status).toBe(200);
    // 2 seats free: the head (2 people) takes both; the parties of 1 behind keep waiting.
    let line = await entries(calendar.id);
    expect(line.map((e) => e.status)).toEqual(['offered', 'waiting', 'waiting']);
    expect(await seats(calendar.id)).toBe(2);
    const hold = await em().findOneOrFail(Reservation, { id: line[0].reservation!.id });
    expect(hold).toMatchObject({
      status: 'pending',
      numberOfPeople: 2,
      totalAmount: hold.tourAmount + hold.serviceFee + hold.processingFee,
    });
    const offeredAt = line[0].offeredAt!.getTime();
    expect(new Date(hold.holdExpiresAt!).getTime() - offeredAt).toBe(48 * 3600_000);
    const mail = await em().findOneOrFail(MailOutbox, { dedupeKey: `waitlist-offer:${hold.id}` });
    expect(mail.toAddress).toBe(big.email);
    expect(mail.subject).toBe('【たびとこ】キャンセル待ちのお席をご用意しました：手びねりで作る、自分だけの器');
    expect(mail.textBody).toContain(`/reservations/new?cid=${calendar.id}&tour_id=${experience.id}`);
    // Nobody else can take the offered seats.
    const walkIn = await guest('飛び込み 八郎');
    const taken = await book(walkIn.agent, experience.id, calendar.id, 1);
    expect(taken.status).toBe(422);
    expect(taken.body.messages.calendar_ids).toEqual(['満席のため予約できませんでした。別の日程をお選びください']);
    // The offered guest's own list and form: the party is fixed, the seats theirs.
    const mine = (await big.agent.get('/api/v1/waitlist')).body.entries;
    expect(mine).toEqual([
      expect.objectContaining({
        status: 'offered',
        position: null,
        offer: {
          expires_at: new Date(hold.holdExpiresAt!).toISOString(),
          reserve_url: `/reservations/new?cid=${calendar.id}&tour_id=${experience.id}`,
        },
      }),
    ]);
    expect((await small.agent.get('/api/v1/waitlist')).body.entries[0].position).toBe(1);
    const price = await big.agent.get(`/api/v1/experiences/${experience.id}/price?calendar_ids[]=${calendar.id}&number_of_people=2`);
    expect(price.status).toBe(200);
    expect((await book(big.agent, experience.id, calendar.id, 1)).status).toBe(422);
    const optionId = (
      await em().findOneOrFail(Reservation, { id: hold.id }, { populate: ['experience.options'] })
    ).experience.options.getItems()[0].id;
    const paid = await book(big.agent, experience.id, calendar.id, 2, { option_id: optionId, message_to_host: 'よろしくお願いします' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ id: hold.id, status: 'confirmed', number_of_people: 2, option: { id: optionId, name: '写真撮影' } });
    expect(paid.body.amounts.option).toBe(2000);
    expect(await seats(calendar.id)).toBe(2);
    line = await entries(calendar.id);
    expect(line.map((e) => e.status)).toEqual(['booked', 'waiting', 'waiting']);
  });

  it('offers a smaller party further back seats the head cannot use, keeping the head first', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id });
    const calendar = await createCalendar(t.orm, experience.id, { recruitmentNumber: 3 });
    const one = await guest('一人目');
    const two = await guest('二人目');
    const first = (await book(one.agent, experience.id, calendar.id, 1)).body;
    await book(two.agent, experience.id, calendar.id, 2);
    const head = await guest('先頭 三人');
    const back = await guest('後ろ 一人');
    await join(head.agent, calendar.id, 3);
    await join(back.agent, calendar.id, 1);
    await cancel(one.agent, first.id);
    expect((await entries(calendar.id)).map((e) => [e.user.id, e.status])).toEqual([
      [head.id, 'waiting'],
      [back.id, 'offered'],
    ]);
    expect((await head.agent.get('/api/v1/waitlist')).body.entries[0].position).toBe(1);
  });

  it('passes an offer not paid in time, or declined, to the next in line', async () => {
    const { calendar, experience, booker, booking } = await fullSlot({ seats: 1 });
    const [a, b, c] = [await guest('期限 切子'), await guest('辞退 次郎'), await guest('三番 三子')];
    for (const g of [a, b, c]) await join(g.agent, calendar.id, 1);
    await cancel(booker.agent, booking.id);
    let line = await entries(calendar.id);
    expect(line.map((e) => e.status)).toEqual(['offered', 'waiting', 'waiting']);
    // The offer's time runs out: the sweeper releases the hold and the next guest is offered the seat.
    await em().execute(`UPDATE reservations SET hold_expires_at = now() - interval '1 second' WHERE id = ?`, [line[0].reservation!.id]);
    expect(await t.services.reservations.sweepExpiredHolds({ calendarIds: [calendar.id] })).toBe(1);
    line = await entries(calendar.id);
    expect(line.map((e) => e.status)).toEqual(['lapsed', 'offered', 'waiting']);
    expect((await em().findOneOrFail(Reservation, { id: line[0].reservation!.id })).status).toBe('expired');
    expect((await book(a.agent, experience.id, calendar.id, 1)).status).toBe(422);
    // The second declines: the third is offered at once.
    const declined = await b.agent.delete(`/api/v1/waitlist/${line[1].id}`);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('left');
    line = await entries(calendar.id);
    expect(line.map((e) => e.status)).toEqual(['lapsed', 'left', 'offered']);
    expect(await seats(calendar.id)).toBe(1);
    expect((await book(c.agent, experience.id, calendar.id, 1)).status).toBe(201);
  });

  it('never holds an offer past the booking deadline', async () => {
    // on_the_day: booking closes when the slot starts (10:00 Japan time tomorrow), less than 48 hours after now.
    const { calendar, booker, booking } = await fullSlot({ seats: 1, daysAhead: 1 });
    const g = await guest('締切 近子');
    await join(g.agent, calendar.id, 1);
    await cancel(booker.agent, booking.id);
    const [entry] = await entries(calendar.id);
    const hold = await em().findOneOrFail(Reservation, { id: entry.reservation!.id });
    expect(new Date(hold.holdExpiresAt!).toISOString()).toBe(japanInstant(addDays(todayInJapan(), 1), '10:00').toISOString());
  });

  it('offers the seats a host adds by raising the recruitment number, and shows the host the line', async () => {
    const admin = await createSignedInUser(t, { role: 'ADMIN' });
    const created = await host.agent
      .post('/api/v1/experiences')
      .send(validPayload({ recruitment_number: 1, minimum_number_of_participant_count: 1 }));
    expect(created.status).toBe(201);
    await admin.agent.post(`/api/v1/admin/experiences/${created.body.id}/approval`);
    const calendarId: number = created.body.calendars[0].id;
    const booker = await guest('先約 二郎');
    expect((await book(booker.agent, created.body.id, calendarId, 1)).status).toBe(201);
    const [a, b] = [await guest('待ち 甲'), await guest('待ち 乙')];
    await join(a.agent, calendarId, 1);
    await join(b.agent, calendarId, 1);
    const before = (await host.agent.get('/api/v1/host/reservations')).body.slots.find(
      (s: { calendar_id: number }) => s.calendar_id === calendarId,
    );
    expect(before).toMatchObject({ waitlist_count: 2, waitlist_people: 2 });
    const raised = await host.agent
      .put(`/api/v1/experiences/${created.body.id}`)
      .send(validPayload({ recruitment_number: 2, minimum_number_of_participant_count: 1, calendars: created.body.calendars }));
    expect(raised.status).toBe(200);
    expect((await entries(calendarId)).map((e) => e.status)).toEqual(['offered', 'waiting']);
    expect(await seats(calendarId)).toBe(2);
    const after = (await host.agent.get('/api/v1/host/reservations')).body.slots.find(
      (s: { calendar_id: number }) => s.calendar_id === calendarId,
    );
    expect(after).toMatchObject({ waitlist_count: 1, waitlist_people: 1 });
  });

  it('closes the line of a slot the host cancels, offering its seats to nobody and telling everyone in it', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '雨天中止の川下り' });
    const calendar = await createCalendar(t.orm, experience.id, { recruitmentNumber: 2, date: '2031-04-07' });
    const [x, y] = [await guest('先約 甲'), await guest('先約 乙')];
    const bx = (await book(x.agent, experience.id, calendar.id, 1)).body;
    expect((await book(y.agent, experience.id, calendar.id, 1)).status).toBe(201);
    const offered = await guest('中止 案内子');
    const waiting = await guest('中止 待子');
    await join(offered.agent, calendar.id, 1);
    await join(waiting.agent, calendar.id, 1);
    await cancel(x.agent, bx.id);
    expect((await entries(calendar.id)).map((e) => e.status)).toEqual(['offered', 'waiting']);

    const res = await host.agent.post(`/api/v1/host/calendars/${calendar.id}/cancellation`).send({ reason: '悪天候のため' });
    expect(res.status).toBe(200);
    const closed = await entries(calendar.id);
    expect(closed.map((e) => e.status)).toEqual(['closed', 'closed']);
    expect(await em().count(Reservation, { experience: experience.id, status: 'pending' })).toBe(0);
    expect(await seats(calendar.id)).toBe(0);

    // Each is mailed once; the guest who was offered seats is told the offer is gone too.
    const mails = await em().find(MailOutbox, {
      dedupeKey: { $like: 'waitlist-closed:%' },
      toAddress: { $in: [offered.email, waiting.email] },
    });
    expect(mails.map((m) => [m.toAddress, m.subject]).sort()).toEqual(
      [
        [offered.email, '【たびとこ】キャンセル待ちの日程が開催中止になりました：雨天中止の川下り'],
        [waiting.email, '【たびとこ】キャンセル待ちの日程が開催中止になりました：雨天中止の川下り'],
      ].sort(),
    );
    const textOf = (to: string) => mails.find((m) => m.toAddress === to)?.textBody ?? '';
    expect(textOf(waiting.email)).toContain(
      'キャンセル待ちにご登録いただいていた「雨天中止の川下り」の 2031年4月7日(月) 10:00〜12:00 は、開催中止となりました。',
    );
    expect(textOf(waiting.email)).toContain('1名でのキャンセル待ちは終了しました。');
    expect(textOf(waiting.email)).toContain('■ 中止の理由:\n悪天候のため');
    expect(textOf(offered.email)).toContain('ご案内していた1名分のお席も取り消しとなりました。お支払いは発生していません。');
    expect(mails.every((m) => m.footer === 'user')).toBe(true);

    // /reservations keeps showing the entry, as 開催中止, with nothing left to do.
    const listed = (await waiting.agent.get('/api/v1/waitlist')).body.entries;
    expect(listed).toMatchObject([{ calendar_id: calendar.id, status: 'cancelled', position: null, offer: null }]);
    expect((await offered.agent.get('/api/v1/waitlist')).body.entries).toMatchObject([{ status: 'cancelled', offer: null }]);
  });

  it('makes one offer per freed seat when two cancellations of one slot run at once', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id });
    const calendar = await createCalendar(t.orm, experience.id, { recruitmentNumber: 2 });
    const [x, y] = [await guest('同時 一'), await guest('同時 二')];
    const bx = (await book(x.agent, experience.id, calendar.id, 1)).body;
    const by = (await book(y.agent, experience.id, calendar.id, 1)).body;
    const waiting = [await guest('並び 一'), await guest('並び 二'), await guest('並び 三')];
    for (const g of waiting) await join(g.agent, calendar.id, 1);
    const answers = await Promise.all([cancel(x.agent, bx.id), cancel(y.agent, by.id)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await entries(calendar.id)).map((e) => e.status)).toEqual(['offered', 'offered', 'waiting']);
    expect(await seats(calendar.id)).toBe(2);
    expect(await em().count(Reservation, { experience: experience.id, status: 'pending' })).toBe(2);
  });
});

describe('an offer is an ordinary booking once taken', () => {
  it('confirms a free experience at once, without a payment', async () => {
    const { calendar, experience, booker, booking } = await fullSlot({ price: 0, seats: 1 });
    const g = await guest('無料 待子');
    await join(g.agent, calendar.id, 1);
    await cancel(booker.agent, booking.id);
    const res = await g.agent
      .post('/api/v1/reservations')
      .send({ tour_id: experience.id, calendar_ids: [calendar.id], number_of_people: 1, idempotency_key: key() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'confirmed', amounts: { total: 0 } });
    expect((await entries(calendar.id)).map((e) => e.status)).toEqual(['booked']);
    expect(await seats(calendar.id)).toBe(1);
  });

  it("applies the experience's cancellation policy, and its cancellation passes the seats on", async () => {
    const { calendar, experience, booker, booking } = await fullSlot({ seats: 1, daysAhead: 20 });
    const [first, second] = [await guest('規定 一'), await guest('規定 二')];
    await join(first.agent, calendar.id, 1);
    await join(second.agent, calendar.id, 1);
    await cancel(booker.agent, booking.id);
    const paid = await book(first.agent, experience.id, calendar.id, 1);
    expect(paid.status).toBe(201);
    const preview = await first.agent.get(`/api/v1/reservations/${paid.body.id}/cancellation`);
    expect(preview.body).toMatchObject({ cancellable: true, full_refund: true, refund_amount: paid.body.amounts.total });
    expect((await cancel(first.agent, paid.body.id)).status).toBe(200);
    expect((await entries(calendar.id)).map((e) => e.status)).toEqual(['booked', 'offered']);
  });
});

describe('the offer length', () => {
  it('is 12 hours unless WAITLIST_OFFER_HOURS says otherwise, and refuses a length that is not a positive number', () => {
    expect(parseEnv({}).WAITLIST_OFFER_HOURS).toBe(12);
    expect(parseEnv({ WAITLIST_OFFER_HOURS: '2' }).WAITLIST_OFFER_HOURS).toBe(2);
    expect(() => parseEnv({ WAITLIST_OFFER_HOURS: '0' })).toThrow(/WAITLIST_OFFER_HOURS/);
    expect(() => parseEnv({ WAITLIST_OFFER_HOURS: 'abc' })).toThrow(/WAITLIST_OFFER_HOURS/);
  });
});

describe('the sign-in rule', () => {
  it('answers 401 to a signed-out visitor for every waitlist route', async () => {
    const anon = request(t.app);
    expect((await anon.get('/api/v1/waitlist')).status).toBe(401);
    expect((await anon.delete('/api/v1/waitlist/1')).status).toBe(401);
    const someone = await createUser(t.orm);
    const agent = await signedInAgent(t.app, someone.email);
    expect((await agent.delete('/api/v1/waitlist/abc')).status).toBe(404);
  });
});
