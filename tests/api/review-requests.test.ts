// The review request: at 10:00 Japan time the day after a reservation's last date, one mail to the guest linking the
// review form; sent once even when two workers (two processes: two roots, two connection pools) run the job at the
// same moment; never for a reservation that is not confirmed, already reviewed, of an unpublished experience, or a
// guest who turned the reminders off or left. Each test's dates are weeks apart from the others', so one test's run
// (whose window is a week) never picks up another's reservations.
import { timeZoneForThisFile } from '#tests/setup/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser, TEST_PASSWORD } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { addDays, japanInstant, todayInJapan } from '#src/lib/isomorphic/dates';
import { createRoot, type Root } from '#src/root';
import { publicBaseUrl } from '#src/lib/env';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import * as ja from '#src/i18n/ja';

// The server runs in UTC: 10:00 in Japan is 01:00 UTC, and a job that read the local clock would be 9 hours late.
timeZoneForThisFile('UTC');

let t: TestApp;
let second: Root;

beforeAll(async () => {
  t = await setupTestApp();
  second = await createRoot({ env: t.env, databaseUrl: t.databaseUrl, pool: 3 });
});

afterAll(async () => {
  await second?.close();
});

const requestMails = (reservationId: number) =>
  t.orm.em.fork().find(MailOutbox, { dedupeKey: `review-request:${reservationId}` }, { orderBy: { id: 'asc' } });

/** A published experience with one slot (10:00–12:00) on each of `dates`. */
async function experienceOn(dates: string[], title = '藍染めのハンカチづくり') {
  const host = await createUser(t.orm, { role: 'HOST' });
  const experience = await createExperience(t.orm, { hostUserId: host.id, title });
  const slots = [];
  for (const date of dates) slots.push(await createCalendar(t.orm, experience.id, { date }));
  return { experience, slots };
}

describe('review requests', () => {
  it('go out at 10:00 Japan time the day after the last date, once, with two workers at the same moment', async () => {
    expect(new Date().getTimezoneOffset()).toBe(0);
    const first = addDays(todayInJapan(), -40);
    const last = addDays(first, 1);
    const { experience, slots } = await experienceOn([first, last]);
    const guest = await createUser(t.orm, { name: '藍 花子' });
    const r = await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: slots.map((s) => s.id) });

    const next = addDays(last, 1);
    // The evening of the last date and 9:59 the next morning: too early.
    expect(await t.services.reviewRequests.mailDue({ now: japanInstant(last, '20:00') })).toBe(0);
    expect(await t.services.reviewRequests.mailDue({ now: japanInstant(next, '09:59') })).toBe(0);
    expect(await requestMails(r.id)).toEqual([]);

    // 10:00 Japan time = 01:00 UTC: three runs in two processes queue one mail between them.
    const at = japanInstant(next, '10:00');
    expect(at.toISOString()).toBe(`${next}T01:00:00.000Z`);
    const queued = await Promise.all([
      t.services.reviewRequests.mailDue({ now: at }),
      second.services.reviewRequests.mailDue({ now: at }),
      t.services.reviewRequests.mailDue({ now: at }),
    ]);
    expect(queued.reduce((x, y) => x + y, 0)).toBe(1);
    // Later runs (either process) find nothing more.
    expect(await second.services.reviewRequests.mailDue({ now: japanInstant(next, '15:00') })).toBe(0);

    const mails = await requestMails(r.id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.toAddress).toBe(guest.email);
    expect(mail.footer).toBe('user');
    expect(mail.subject).toBe('【たびとこ】体験はいかがでしたか？ レビューをお寄せください：藍染めのハンカチづくり');
    const text = mail.textBody;
    expect(text.startsWith('藍 花子 様\n')).toBe(true);
    expect(text).toContain('先日は「藍染めのハンカチづくり」にご参加いただき、ありがとうございました。');
    expect(text).toContain(`■ 予約番号: ${r.id}`);
    // Both dates, in order, with their times.
    const [y1, m1, d1] = first.split('-').map(Number);
    const [y2, m2, d2] = last.split('-').map(Number);
    expect(text.indexOf(`${y1}年${m1}月${d1}日`)).toBeGreaterThan(-1);
    expect(text.indexOf(`${y2}年${m2}月${d2}日`)).toBeGreaterThan(text.indexOf(`${y1}年${m1}月${d1}日`));
    expect(text).toContain('10:00〜12:00');
    expect(text).toContain(`レビューを書く: ${publicBaseUrl(t.env)}/reservations/${r.id}/review`);
    expect(text).toContain('お知らせメールの設定で「体験の前日リマインダーとレビューのお願い」を受け取る方にお送りしています。');
  });

  it('skip what is not confirmed, already reviewed, unpublished, or still to come; the guest can post from the link', async () => {
    const date = addDays(todayInJapan(), -60);
    const { experience, slots } = await experienceOn([date]);
    const { experience: twoDay, slots: later } = await experienceOn([date, addDays(date, 3)]);
    const { experience: hidden, slots: hiddenSlots } = await experienceOn([date]);
    const em = t.orm.em.fork();
    (await em.findOneOrFail(Experience, { id: hidden.id })).approve = false;
    await em.flush();

    const guests = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createSignedInUser(t)));
    const book = (n: number, experienceId: number, calendarIds: number[], status?: 'confirmed' | 'pending' | 'cancelled') =>
      createReservation(t.orm, { userId: guests[n].user.id, experienceId, calendarIds, status });
    const confirmed = await book(0, experience.id, [slots[0].id]);
    const cancelled = await book(1, experience.id, [slots[0].id], 'cancelled');
    const pending = await book(2, experience.id, [slots[0].id], 'pending');
    const reviewed = await book(3, experience.id, [slots[0].id]);
    const unpublished = await book(4, hidden.id, [hiddenSlots[0].id]);
    // Two dates, the second three days later: its request waits for the day after the second.
    const twoDates = await book(
      5,
      twoDay.id,
      later.map((s) => s.id),
    );

    // Posted before the request's time, through the form the request links.
    const posted = await guests[3].agent
      .post(`/api/v1/reservations/${reviewed.id}/review`)
      .send({ rate: 5, content: 'また参加したいです。' });
    expect(posted.status).toBe(201);

    expect(await t.services.reviewRequests.mailDue({ now: japanInstant(addDays(date, 1), '10:00') })).toBe(1);
    expect((await requestMails(confirmed.id)).map((m) => m.toAddress)).toEqual([guests[0].user.email]);
    for (const r of [cancelled, pending, reviewed, unpublished, twoDates])
      expect(await requestMails(r.id), `reservation ${r.id}`).toEqual([]);

    expect(await t.services.reviewRequests.mailDue({ now: japanInstant(addDays(date, 4), '10:00') })).toBe(1);
    expect((await requestMails(twoDates.id)).map((m) => m.toAddress)).toEqual([guests[5].user.email]);

    // The link's form takes the review of the requested reservation.
    const review = await guests[0].agent
      .post(`/api/v1/reservations/${confirmed.id}/review`)
      .send({ rate: 4, content: '丁寧に教えていただきました。' });
    expect(review.status).toBe(201);
  });

  it('follow the reminders setting and leaving; a turned-on setting within the week still gets it', async () => {
    const date = addDays(todayInJapan(), -80);
    const { experience, slots } = await experienceOn([date]);
    const quiet = await createSignedInUser(t);
    const leaver = await createSignedInUser(t);
    const rQuiet = await createReservation(t.orm, { userId: quiet.user.id, experienceId: experience.id, calendarIds: [slots[0].id] });
    const rLeaver = await createReservation(t.orm, { userId: leaver.user.id, experienceId: experience.id, calendarIds: [slots[0].id] });

    const off = await quiet.agent.put('/api/v1/account/notifications').send({ reminders: false });
    expect(off.status).toBe(200);
    const left = await leaver.agent.post('/api/v1/account/leave').send({ password: TEST_PASSWORD });
    expect(left.status).toBe(200);

    const due = addDays(date, 1);
    expect(await t.services.reviewRequests.mailDue({ now: japanInstant(due, '10:00') })).toBe(0);
    expect(await requestMails(rQuiet.id)).toEqual([]);
    expect(await requestMails(rLeaver.id)).toEqual([]);

    // Turned on again three days later: the request goes out on the next run.
    const on = await quiet.agent.put('/api/v1/account/notifications').send({ reminders: true });
    expect(on.status).toBe(200);
    expect(await t.services.reviewRequests.mailDue({ now: japanInstant(addDays(due, 3), '08:00') })).toBe(1);
    expect((await requestMails(rQuiet.id)).map((m) => m.subject)).toEqual([ja.reviewRequestMail.subject('藍染めのハンカチづくり')]);
    expect(await requestMails(rLeaver.id)).toEqual([]);
  });

  it('still go out within seven days of their time (no process running), and not after', async () => {
    const date = addDays(todayInJapan(), -100);
    const { experience, slots } = await experienceOn([date]);
    const late = addDays(date, 10);
    const { experience: lateExperience, slots: lateSlots } = await experienceOn([late]);
    const guest = await createUser(t.orm);
    const missed = await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: [slots[0].id] });
    const caughtUp = await createReservation(t.orm, { userId: guest.id, experienceId: lateExperience.id, calendarIds: [lateSlots[0].id] });

    // Due at 10:00 the day after `date`: a week and a minute later it is no longer sent.
    expect(await t.services.reviewRequests.mailDue({ now: japanInstant(addDays(date, 8), '10:01') })).toBe(0);
    expect(await requestMails(missed.id)).toEqual([]);
    // Due at 10:00 the day after `late`: a minute short of a week later it still is.
    expect(await t.services.reviewRequests.mailDue({ now: japanInstant(addDays(late, 8), '09:59') })).toBe(1);
    expect(await requestMails(caughtUp.id)).toHaveLength(1);
  });
});
