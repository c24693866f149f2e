// The optional mail when a hearted experience adds dates, on real PostgreSQL and a real SMTP server: a host's save
// that adds slots notes them; the worker's job mails each guest who hearted the experience and turned the mail on,
// one mail per experience for the additions of the window (an hour after the first), at most one a day, listing only
// dates still open and not booked by the guest already, never to the host or a guest who has left, with the settings
// link at the end.

import { timeZoneForThisFile } from '#tests/setup/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { startSmtpInbox, type SmtpInbox } from '#tests/setup/smtp-inbox';
import { createSignedInUser, type Agent } from '#tests/factories/users';
import { inDays, storeTestImages, validPayload } from '#tests/factories/experience-payloads';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import { createReservation } from '#tests/factories/reservations';

timeZoneForThisFile('UTC');

let t: TestApp;
let smtp: SmtpInbox;
let host: { id: number; agent: Agent };

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await setupTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://tabitoko.example' });
  await storeTestImages(t.orm);
  const { user, agent } = await createSignedInUser(t, { name: 'ホスト 太郎', role: 'HOST' });
  host = { id: user.id, agent };
});

afterAll(async () => {
  await smtp?.close();
});

const HOUR = 3600_000;
const inFuture = (ms: number) => new Date(Date.now() + ms);

interface Slot {
  id?: number;
  date: string;
  start_time: string;
  end_time: string;
}

/** A published experience of the host with one slot ten days ahead; answers its id and slots. */
async function publishedExperience(title: string): Promise<{ id: number; calendars: Slot[] }> {
  const created = await host.agent.post('/api/v1/experiences').send(validPayload({ title }));
  expect(created.status).toBe(201);
  const admin = await createSignedInUser(t, { role: 'ADMIN' });
  expect((await admin.agent.post(`/api/v1/admin/experiences/${created.body.id}/approval`)).status).toBe(200);
  // The host's mail of the approval goes out now, so that the inbox holds only the mails under test.
  await deliver();
  smtp.inbox.length = 0;
  return { id: created.body.id, calendars: created.body.calendars };
}

/** The host's save with these slots (the kept ones carry their ids); answers the slots after it. */
async function saveSlots(id: number, title: string, calendars: Slot[]): Promise<Slot[]> {
  const res = await host.agent.put(`/api/v1/experiences/${id}`).send(validPayload({ title, calendars }));
  expect(res.status).toBe(200);
  return res.body.calendars;
}

async function guest(name: string, options: { optIn: boolean; heart: number }) {
  const { user, agent } = await createSignedInUser(t, { name });
  if (options.optIn) expect((await agent.put('/api/v1/account/notifications').send({ favorite_dates: true })).status).toBe(200);
  expect((await agent.put(`/api/v1/experiences/${options.heart}/favorite`)).status).toBe(200);
  return { id: user.id, email: user.email, agent };
}

async function deliver(): Promise<void> {
  await t.services.mail.deliverDue({ limit: 100 });
}

describe('new dates of a hearted experience', () => {
  it('mails the opted-in guests once for the additions of the window, with the open dates only', async () => {
    const title = '金継ぎの入門';
    const experience = await publishedExperience(title);
    const optedIn = await guest('お知らせ 希望子', { optIn: true, heart: experience.id });
    await guest('お知らせ 不要男', { optIn: false, heart: experience.id });
    const left = await guest('退会 済子', { optIn: true, heart: experience.id });
    const notHearted = await createSignedInUser(t, { name: '無関係 三郎' });
    await notHearted.agent.put('/api/v1/account/notifications').send({ favorite_dates: true });
    // The host hearts their own experience and asks for the mail: they are still not told of their own dates.
    await host.agent.put('/api/v1/account/notifications').send({ favorite_dates: true });
    await host.agent.put(`/api/v1/experiences/${experience.id}/favorite`);
    await t.orm.em.fork().execute('UPDATE users SET left_at = now() WHERE id = ?', [left.id]);
    smtp.inbox.length = 0;

    // Two saves within the window: 20 and 21 days ahead, then 30 days ahead and one that is closed before the mail.
    let slots = await saveSlots(experience.id, title, [
      ...experience.calendars,
      { date: inDays(20), start_time: '10:00', end_time: '12:00' },
      { date: inDays(21), start_time: '13:00', end_time: '15:00' },
    ]);
    slots = await saveSlots(experience.id, title, [
      ...slots,
      { date: inDays(30), start_time: '09:30', end_time: '11:00' },
      { date: inDays(31), start_time: '09:30', end_time: '11:00' },
    ]);
    const closed = slots.find((s) => s.date === inDays(31));
    await t.orm.em.fork().execute('UPDATE calendars SET accepting_reservation = false WHERE id = ?', [closed?.id]);

    // Within the hour nothing goes; after it, two workers at once queue one mail between them.
    expect(await t.services.favoriteDates.mailDue({ now: inFuture(30 * 60_000) })).toBe(0);
    const runs = await Promise.all([
      t.services.favoriteDates.mailDue({ now: inFuture(HOUR + 60_000) }),
      t.services.favoriteDates.mailDue({ now: inFuture(HOUR + 60_000) }),
    ]);
    expect(runs[0] + runs[1]).toBe(1);
    await deliver();

    expect(smtp.inbox.map((m) => m.to)).toEqual([[optedIn.email]]);
    const [mail] = smtp.inbox;
    expect(mail.subject).toBe('【たびとこ】お気に入りの体験に新しい日程が追加されました：金継ぎの入門');
    expect(mail.text).toContain('お知らせ 希望子 様');
    expect(mail.text).toContain('お気に入りに登録している「金継ぎの入門」に、新しい日程が追加されました。');
    const listed = mail.text.split('\n').filter((line) => line.startsWith('  ・'));
    expect(listed).toEqual([
      `  ・${formatDateJa(inDays(20))} 10:00〜12:00`,
      `  ・${formatDateJa(inDays(21))} 13:00〜15:00`,
      `  ・${formatDateJa(inDays(30))} 09:30〜11:00`,
    ]);
    expect(mail.text).toContain(`日程の確認・ご予約: https://tabitoko.example/stories/${experience.id}`);
    expect(mail.text).toContain('https://tabitoko.example/account');
  });

  it('waits a day after a mail before the next, and never lists a date that has passed', async () => {
    const title = '藍染めの小物';
    const experience = await publishedExperience(title);
    const fan = await guest('常連 花子', { optIn: true, heart: experience.id });
    let slots = await saveSlots(experience.id, title, [
      ...experience.calendars,
      { date: inDays(15), start_time: '10:00', end_time: '12:00' },
    ]);
    smtp.inbox.length = 0;
    expect(await t.services.favoriteDates.mailDue({ now: inFuture(HOUR + 60_000) })).toBe(1);

    // The next save, an hour later, waits for the day to pass; one of its dates has passed by then.
    slots = await saveSlots(experience.id, title, [
      ...slots,
      { date: inDays(16), start_time: '10:00', end_time: '12:00' },
      { date: inDays(17), start_time: '10:00', end_time: '12:00' },
    ]);
    const passed = slots.find((s) => s.date === inDays(17));
    await t.orm.em.fork().execute(`UPDATE calendars SET date = date - 30 WHERE id = ?`, [passed?.id]);
    expect(await t.services.favoriteDates.mailDue({ now: inFuture(3 * HOUR) })).toBe(0);
    expect(await t.services.favoriteDates.mailDue({ now: inFuture(26 * HOUR) })).toBe(1);
    // Announced dates are not announced again.
    expect(await t.services.favoriteDates.mailDue({ now: inFuture(60 * HOUR) })).toBe(0);
    await deliver();

    expect(smtp.inbox.map((m) => m.to)).toEqual([[fan.email], [fan.email]]);
    const dates = smtp.inbox.map((m) => m.text.split('\n').filter((line) => line.startsWith('  ・')));
    expect(dates).toEqual([[`  ・${formatDateJa(inDays(15))} 10:00〜12:00`], [`  ・${formatDateJa(inDays(16))} 10:00〜12:00`]]);
  });

  it("leaves out of each guest's mail the new dates they have booked already, and mails nobody who booked them all", async () => {
    const title = '竹細工の教室';
    const experience = await publishedExperience(title);
    const one = await guest('一つ 予約子', { optIn: true, heart: experience.id });
    const none = await guest('未予約 次郎', { optIn: true, heart: experience.id });
    const both = await guest('全部 予約男', { optIn: true, heart: experience.id });
    const slots = await saveSlots(experience.id, title, [
      ...experience.calendars,
      { date: inDays(22), start_time: '10:00', end_time: '12:00' },
      { date: inDays(23), start_time: '10:00', end_time: '12:00' },
    ]);
    const first = slots.find((s) => s.date === inDays(22))?.id ?? 0;
    const second = slots.find((s) => s.date === inDays(23))?.id ?? 0;
    // Booked within the hour before the mail goes.
    await createReservation(t.orm, { userId: one.id, experienceId: experience.id, calendarIds: [first] });
    await createReservation(t.orm, { userId: both.id, experienceId: experience.id, calendarIds: [first, second] });
    smtp.inbox.length = 0;
    expect(await t.services.favoriteDates.mailDue({ now: inFuture(HOUR + 60_000) })).toBe(2);
    await deliver();

    const listed = (email: string) =>
      smtp.inbox
        .find((m) => m.to.includes(email))
        ?.text.split('\n')
        .filter((line) => line.startsWith('  ・'));
    expect(smtp.inbox.map((m) => m.to).sort()).toEqual([[one.email], [none.email]].sort());
    expect(listed(one.email)).toEqual([`  ・${formatDateJa(inDays(23))} 10:00〜12:00`]);
    expect(listed(none.email)).toEqual([`  ・${formatDateJa(inDays(22))} 10:00〜12:00`, `  ・${formatDateJa(inDays(23))} 10:00〜12:00`]);
  });

  it('sends nothing for an experience no guest asked to hear about', async () => {
    const title = '草木染めの講座';
    const experience = await publishedExperience(title);
    await guest('ハート 只男', { optIn: false, heart: experience.id });
    await saveSlots(experience.id, title, [...experience.calendars, { date: inDays(18), start_time: '10:00', end_time: '12:00' }]);
    smtp.inbox.length = 0;
    expect(await t.services.favoriteDates.mailDue({ now: inFuture(HOUR + 60_000) })).toBe(0);
    await deliver();
    expect(smtp.inbox).toEqual([]);
    // The notes were used up: nothing is left to send later either.
    const [left] = await t.orm.em
      .fork()
      .execute<{ n: string }[]>('SELECT count(*) AS n FROM favorite_new_dates WHERE experience_id = ?', [experience.id]);
    expect(Number(left.n)).toBe(0);
  });
});
