// The reservation mails read as their recipients read them, against real PostgreSQL and the outbox: each says what
// the reservation page says (the address only when the host displays it, the online URL only from the day the page
// shows it), the refund lines say what happened to the money, the host reads their own side (the earning of
// /host/earnings, where the freed seats went) and every URL ends its line.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, type Agent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { addDays } from '#src/lib/isomorphic/dates';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { User } from '#src/modules/users/users.entity';
import { ExperienceOption } from '#src/modules/experiences/experiences.entity';

let t: TestApp;
let host: { id: number; agent: Agent };

beforeAll(async () => {
  t = await setupTestApp();
  const user = await createUser(t.orm, { name: 'ホスト 太郎', role: 'HOST' });
  host = { id: user.id, agent: await signedInAgent(t.app, user.email) };
});

afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const key = () => `reservation-mails-${Date.now()}-${++counter}`;

async function guest(name: string, options: { reminders?: boolean } = {}) {
  const user = await createUser(t.orm, { name });
  if (options.reminders === false) await t.orm.em.fork().nativeUpdate(User, { id: user.id }, { notifyReminders: false });
  return { id: user.id, agent: await signedInAgent(t.app, user.email) };
}

async function book(agent: Agent, calendarId: number, people = 1, extra: Record<string, unknown> = {}) {
  const res = await agent
    .post('/api/v1/reservations')
    .send({ calendar_ids: [calendarId], number_of_people: people, payment_token: 'tok_visa', idempotency_key: key(), ...extra });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function mail(dedupeKey: string) {
  const row = await t.orm.em.fork().findOneOrFail(MailOutbox, { dedupeKey });
  return { lines: row.textBody.split('\n'), text: row.textBody, ics: row.attachments?.[0]?.content ?? '' };
}

/** 'yyyy-MM-dd' as the mails write a day ('2026年12月4日(金)'), written out here rather than through the code under test. */
const jaDate = (ymd: string) =>
  `${Number(ymd.slice(0, 4))}年${Number(ymd.slice(5, 7))}月${Number(ymd.slice(8, 10))}日(${'日月火水木金土'[new Date(`${ymd}T00:00:00Z`).getUTCDay()]})`;

/** 9:00 Japan time of a day: the reminder time of the next day's slots. */
const nineAm = (ymd: string) => new Date(`${ymd}T09:00:00+09:00`);

/** Fakes Date only (the database and sockets run on). */
function at(instant: Date) {
  vi.useFakeTimers({ toFake: ['Date'], now: instant });
}

describe('the venue, as the reservation page shows it', () => {
  it('keeps an address the host does not display out of the confirmation, its .ics, the calendar file and the reminder', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '住所を伏せた工房', addressDisplayable: false });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 3 });
    const g = await guest('住所 花子');
    const id = await book(g.agent, calendar.id);

    expect((await g.agent.get(`/api/v1/reservations/${id}`)).body).toMatchObject({ address: null, state: null });
    const confirmation = await mail(`reservation:${id}:guest`);
    expect(confirmation.lines).toContain('■ 開催場所: ホストから追ってご案内します');
    expect(confirmation.text).not.toContain('五条橋');
    expect(confirmation.ics).not.toContain('LOCATION');
    expect(confirmation.ics).not.toContain('五条橋');
    const file = await g.agent.get(`/api/v1/reservations/${id}/calendar.ics`);
    expect(file.status).toBe(200);
    expect(file.text).not.toContain('五条橋');
    expect(file.text).not.toContain('LOCATION');

    expect(await t.services.reminders.sendDueReminders({ now: nineAm(addDays(calendar.date, -1)) })).toBeGreaterThan(0);
    const reminder = await mail(`reminder:${id}:${calendar.id}:guest`);
    expect(reminder.lines).toContain('■ 開催場所: ホストから追ってご案内します');
    expect(reminder.text).not.toContain('五条橋');
    expect(reminder.ics).not.toContain('LOCATION');
  });

  it('gives a displayed address in the confirmation and its .ics, and the reminder closes with お気をつけて', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '住所を見せる工房' });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 4 });
    const g = await guest('住所 次郎');
    const id = await book(g.agent, calendar.id);
    const confirmation = await mail(`reservation:${id}:guest`);
    expect(confirmation.lines).toContain('■ 開催場所: 京都府京都市東山区五条橋東6-583');
    expect(confirmation.ics).toContain('LOCATION:京都府京都市東山区五条橋東6-583\r\n');
    // Greeted by name; no option booked, so no option line for either side.
    expect(confirmation.lines.slice(0, 3)).toEqual([
      '住所 次郎 様',
      '',
      'このたびは「住所を見せる工房」をご予約いただき、ありがとうございます。',
    ]);
    expect(confirmation.text).not.toContain('オプション');
    expect((await mail(`reservation:${id}:host`)).text).not.toContain('オプション');
    await t.services.reminders.sendDueReminders({ now: nineAm(addDays(calendar.date, -1)) });
    const reminder = await mail(`reminder:${id}:${calendar.id}:guest`);
    expect(reminder.lines).toContain('明日は「住所を見せる工房」の開催日です。お気をつけてお越しください。');
    expect(reminder.lines).toContain('■ 開催場所: 京都府京都市東山区五条橋東6-583');
  });

  it('holds the online URL back until the day the page shows it, says where and when, and the reminder carries it', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: 'オンライン茶会', online: true });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 5, startTime: '20:00', endTime: '21:00' });
    const from = addDays(calendar.date, -1);
    const g = await guest('茶会 一子');
    const id = await book(g.agent, calendar.id);
    expect((await g.agent.get(`/api/v1/reservations/${id}`)).body).toMatchObject({
      online_url: null,
      online_url_from: new Date(`${from}T00:00:00+09:00`).toISOString(),
    });
    const confirmation = await mail(`reservation:${id}:guest`);
    expect(confirmation.lines).toContain('■ 開催場所: オンライン');
    expect(confirmation.lines).toContain(
      `■ 参加URL: ${jaDate(from)}から予約の詳細ページでご確認いただけます。前日のリマインドメールでもお知らせします。`,
    );
    expect(confirmation.text).not.toContain('https://meet.example.com/abc');
    expect(confirmation.ics).toContain('LOCATION:オンライン\r\n');
    expect(confirmation.ics).not.toContain('meet.example.com');

    // A guest who turned reminders off is not promised one.
    const quiet = await guest('茶会 二子', { reminders: false });
    const quietId = await book(quiet.agent, calendar.id);
    expect((await mail(`reservation:${quietId}:guest`)).lines).toContain(
      `■ 参加URL: ${jaDate(from)}から予約の詳細ページでご確認いただけます。`,
    );

    // At the reminder time the page shows the URL, and so does the reminder, with the online closing.
    await t.services.reminders.sendDueReminders({ now: nineAm(from) });
    const reminder = await mail(`reminder:${id}:${calendar.id}:guest`);
    expect(reminder.lines).toContain('明日は「オンライン茶会」の開催日です。開始時刻の少し前に、参加URLからご参加ください。');
    expect(reminder.text).not.toContain('お気をつけて');
    expect(reminder.lines).toContain('■ 開催場所: オンライン');
    expect(reminder.lines).toContain('■ 参加URL: https://meet.example.com/abc');
    at(nineAm(from));
    expect((await g.agent.get(`/api/v1/reservations/${id}`)).body.online_url).toBe('https://meet.example.com/abc');
  });

  it('gives the online URL at once to a booking made when the page already shows it (the day before)', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '前日予約のオンライン講座', online: true });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 1, startTime: '20:00', endTime: '21:00' });
    const g = await guest('直前 三郎');
    const id = await book(g.agent, calendar.id);
    expect((await g.agent.get(`/api/v1/reservations/${id}`)).body.online_url).toBe('https://meet.example.com/abc');
    const confirmation = await mail(`reservation:${id}:guest`);
    expect(confirmation.lines).toContain('■ 参加URL: https://meet.example.com/abc');
  });
});

describe('money in the mails', () => {
  it("shows the host their own side of a booking: the fees they earn and the earning /host/earnings shows, not the guest's bill", async () => {
    const experience = await createExperience(t.orm, {
      hostUserId: host.id,
      title: '絵付けの器',
      price: 4500,
      options: [{ name: '絵付け', price: 1200 }],
    });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 6 });
    const [option] = await t.orm.em.fork().find(ExperienceOption, { experience: experience.id });
    const g = await guest('絵付 花子');
    const id = await book(g.agent, calendar.id, 2, { option_id: option.id });
    const notice = await mail(`reservation:${id}:host`);
    const start = notice.lines.indexOf('■ 売上とお受取額（予定）:');
    expect(notice.lines.slice(start, start + 5)).toEqual([
      '■ 売上とお受取額（予定）:',
      '  体験料金: ¥9,000',
      '  オプション料金: ¥2,400',
      '  手数料: -¥1,710',
      '  お受取額: ¥9,690',
    ]);
    for (const guestSide of ['サービス料', '決済手数料', '合計（税込）', '■ お支払い金額']) expect(notice.text).not.toContain(guestSide);
    const earnings = await host.agent.get(`/api/v1/host/earnings?month=${calendar.date.slice(0, 7)}`);
    expect(earnings.body.rows.find((r: { reservation_id: number }) => r.reservation_id === id)).toMatchObject({
      amount: 11400,
      commission: 1710,
      earning: 9690,
    });
    // The guest still reads their bill.
    const confirmation = await mail(`reservation:${id}:guest`);
    expect(confirmation.lines).toContain('  サービス料: ¥570');
    expect(confirmation.lines).toContain('  合計（税込）: ¥12,380');
    expect(confirmation.lines).toContain('キャンセルポリシー: 開催日の7日前まで全額返金');
  });

  it('leaves the price block and the refund policy out of a free booking, and says a free one earns nothing', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '無料の散歩会', price: 0 });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 8 });
    const g = await guest('散歩 花子');
    const res = await g.agent.post('/api/v1/reservations').send({ calendar_ids: [calendar.id], number_of_people: 1 });
    expect(res.status).toBe(201);
    const confirmation = await mail(`reservation:${res.body.id}:guest`);
    expect(confirmation.lines).toContain('■ 料金: 無料');
    for (const meaningless of ['■ お支払い金額', '¥0', 'キャンセルポリシー', '返金']) expect(confirmation.text).not.toContain(meaningless);
    expect((await mail(`reservation:${res.body.id}:host`)).lines).toContain('■ お受取額: なし（無料の体験）');
  });

  it('gives a free booking no refund line, whoever cancels it, and never blames the policy', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '無料の朝ヨガ', price: 0, cancellationPeriod: 2 });
    const early = await createCalendar(t.orm, experience.id, { daysFromToday: 10 });
    const a = await guest('朝 一郎');
    const own = await a.agent.post('/api/v1/reservations').send({ calendar_ids: [early.id], number_of_people: 1 });
    expect((await a.agent.post(`/api/v1/reservations/${own.body.id}/cancellation`).send({})).status).toBe(200);
    const guestMail = await mail(`reservation:${own.body.id}:cancel:guest`);
    expect(guestMail.text).not.toContain('返金');
    const hostMail = await mail(`reservation:${own.body.id}:cancel:host`);
    expect(hostMail.lines).toContain('■ ゲストへの返金: なし（お支払いのないご予約です）');
    expect(hostMail.text).not.toContain('キャンセルポリシー');
    expect(hostMail.text).not.toContain('お受取額');

    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 1 });
    const b = await guest('朝 二郎');
    const booked = await b.agent.post('/api/v1/reservations').send({ calendar_ids: [slot.id], number_of_people: 1 });
    expect((await host.agent.post(`/api/v1/host/calendars/${slot.id}/cancellation`).send({ reason: '講師の体調不良のため' })).status).toBe(
      200,
    );
    const slotCancelled = await mail(`reservation:${booked.body.id}:cancel:guest`);
    expect(slotCancelled.text).not.toContain('返金');
    expect(slotCancelled.text).not.toContain('キャンセルポリシー');
  });

  it("refunds a host's cancellation of a paid booking in full, with the card note", async () => {
    const experience = await createExperience(t.orm, {
      hostUserId: host.id,
      title: '雨で中止の川下り',
      price: 4500,
      cancellationPeriod: 30,
    });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 2 });
    const g = await guest('川下 花子');
    const id = await book(g.agent, slot.id);
    expect((await host.agent.post(`/api/v1/host/calendars/${slot.id}/cancellation`).send({ reason: '増水のため' })).status).toBe(200);
    const cancelled = await mail(`reservation:${id}:cancel:guest`);
    expect(cancelled.lines).toContain('■ 返金額: ¥4,887');
    expect(cancelled.lines).toContain(
      'ご返金はお支払いに使われたカードへ行います。カード会社によって反映までに日数がかかる場合があります。',
    );
    expect(cancelled.text).not.toContain('キャンセルポリシー');
  });
});

describe("the host's notice of a guest's cancellation", () => {
  it('says the seats went to the キャンセル待ち line, the guest was refunded and the earning was taken back', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '満席の藍染め', price: 4500, cancellationPeriod: 2 });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 10, recruitmentNumber: 2 });
    const a = await guest('藍染 一郎');
    const id = await book(a.agent, calendar.id, 2);
    const waiting = await guest('藍染 待子');
    expect((await waiting.agent.post('/api/v1/waitlist').send({ calendar_id: calendar.id, number_of_people: 2 })).status).toBe(201);
    expect((await a.agent.post(`/api/v1/reservations/${id}/cancellation`).send({})).status).toBe(200);
    const notice = await mail(`reservation:${id}:cancel:host`);
    expect(notice.lines.slice(0, 4)).toEqual([
      'ホスト 太郎 様',
      '',
      '藍染 一郎 様が「満席の藍染め」の予約をキャンセルしました。',
      '空いた席はキャンセル待ちの方にご案内しました。',
    ]);
    expect(notice.lines).toContain('■ ゲストへの返金: ¥9,774');
    expect(notice.lines).toContain('■ お受取額: なし（全額返金期限までのキャンセルのため、取り消されました）');
    expect(notice.text).not.toContain('再び予約を受け付けています');
  });

  it('says the seats are open again when nobody waits', async () => {
    const experience = await createExperience(t.orm, {
      hostUserId: host.id,
      title: '空きの出る染め物',
      price: 4500,
      cancellationPeriod: 2,
    });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 10 });
    const a = await guest('染物 一郎');
    const id = await book(a.agent, calendar.id);
    expect((await a.agent.post(`/api/v1/reservations/${id}/cancellation`).send({})).status).toBe(200);
    expect((await mail(`reservation:${id}:cancel:host`)).lines).toContain('空いた席は再び予約を受け付けています。');
  });

  it('after the deadlines: no refund by the policy, the host keeps the earning, and the closed slot takes no new booking', async () => {
    const experience = await createExperience(t.orm, {
      hostUserId: host.id,
      title: '前日締切の窯焚き',
      price: 4500,
      cancellationPeriod: 2,
      reservationDeadline: 'the_day_before',
    });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 3, startTime: '10:00', endTime: '12:00' });
    const a = await guest('窯焚 一郎');
    const id = await book(a.agent, calendar.id);
    at(new Date(`${calendar.date}T08:00:00+09:00`));
    expect((await a.agent.post(`/api/v1/reservations/${id}/cancellation`).send({})).status).toBe(200);
    vi.useRealTimers();
    const guestMail = await mail(`reservation:${id}:cancel:guest`);
    expect(guestMail.lines).toContain('■ 返金額: なし（キャンセルポリシーの全額返金期限を過ぎたため）');
    const notice = await mail(`reservation:${id}:cancel:host`);
    expect(notice.lines).toContain('この日程は予約の受付を終了しているため、空いた席に新しい予約は入りません。');
    expect(notice.lines).toContain('■ ゲストへの返金: なし（キャンセルポリシーの全額返金期限を過ぎたため）');
    expect(notice.lines).toContain('■ お受取額: ¥3,825（全額返金期限を過ぎたキャンセルのため、そのままお受け取りいただけます）');
    const earnings = await host.agent.get(`/api/v1/host/earnings?month=${calendar.date.slice(0, 7)}`);
    expect(earnings.body.rows.find((r: { reservation_id: number }) => r.reservation_id === id)).toMatchObject({
      earning: 3825,
      cancelled_without_refund: true,
    });
  });
});

describe('links', () => {
  it('ends every URL of every mail written here with its line, and the contact form has its own line', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '問い合わせ先の確認' });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 9 });
    const g = await guest('問合 花子');
    const id = await book(g.agent, calendar.id);
    const confirmation = await mail(`reservation:${id}:guest`);
    const hint = confirmation.lines.indexOf('ご不明な点やメールの内容に心当たりがない場合は、お問い合わせフォームからご連絡ください。');
    expect(confirmation.lines[hint + 1]).toBe('お問い合わせフォーム: http://localhost:3000/inquiry');
    expect((await g.agent.post(`/api/v1/reservations/${id}/cancellation`).send({})).status).toBe(200);
    expect((await mail(`reservation:${id}:cancel:guest`)).lines).toContain('お問い合わせフォーム: http://localhost:3000/inquiry');

    const rows = await t.orm.em.fork().find(MailOutbox, {});
    const withUrls = rows.flatMap((row) => row.textBody.split('\n')).filter((line) => line.includes('http'));
    expect(withUrls.length).toBeGreaterThan(10);
    for (const line of withUrls) expect(line).toMatch(/(^|: )https?:\/\/\S+$/);
  });
});
