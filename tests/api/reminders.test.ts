// The day-before reminders. 9:00 Japan time the day before a booked slot, with the server in UTC; sent once
// even when two workers (two processes: two roots, two connection pools) run the job at the same moment.
import { timeZoneForThisFile } from '#tests/setup/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser } from '#tests/factories/users';
import { createAmbassadorExperience, createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { addDays, japanInstant, todayInJapan } from '#src/lib/isomorphic/dates';
import { createRoot, type Root } from '#src/root';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';

// The server runs in UTC: 9:00 in Japan is midnight UTC, and a job that read the local clock would be 9 hours late.
timeZoneForThisFile('UTC');

let t: TestApp;
let second: Root;

async function reminderMails(prefix = 'reminder:') {
  return t.orm.em.fork().find(MailOutbox, { dedupeKey: { $like: `${prefix}%` } }, { orderBy: { dedupeKey: 'asc' } });
}

async function setConfirmedAt(id: number, at: Date) {
  const em = t.orm.em.fork();
  const r = await em.findOneOrFail(Reservation, { id });
  r.confirmedAt = at;
  await em.flush();
}

beforeAll(async () => {
  t = await setupTestApp();
  // A second process on the same database: its own ORM and pool.
  second = await createRoot({ env: t.env, databaseUrl: t.databaseUrl, pool: 3 });
});

afterAll(async () => {
  await second?.close();
});

describe('day-before reminders', () => {
  it('go out from 9:00 Japan time the day before, once, with two workers running at the same moment', async () => {
    expect(new Date().getTimezoneOffset()).toBe(0);
    const host = await createUser(t.orm, { role: 'HOST', name: '陶芸 太郎' });
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '手びねりの器' });
    const date = addDays(todayInJapan(), 3);
    const morning = await createCalendar(t.orm, experience.id, { date, startTime: '10:00', endTime: '12:00' });
    const afternoon = await createCalendar(t.orm, experience.id, { date, startTime: '14:00', endTime: '16:00' });
    const nextDay = await createCalendar(t.orm, experience.id, { date: addDays(date, 1), startTime: '10:00', endTime: '12:00' });
    const guests = await Promise.all([1, 2, 3, 4].map((n) => createUser(t.orm, { name: `ゲスト${n}` })));
    const a = await createReservation(t.orm, { userId: guests[0].id, experienceId: experience.id, calendarIds: [morning.id] });
    const b = await createReservation(t.orm, {
      userId: guests[1].id,
      experienceId: experience.id,
      calendarIds: [afternoon.id, nextDay.id],
    });
    // The second guest booked an option; the first none.
    await t.orm.em.fork().nativeUpdate(Reservation, { id: b.id }, { optionName: '絵付け' });
    await createReservation(t.orm, { userId: guests[2].id, experienceId: experience.id, calendarIds: [morning.id], status: 'cancelled' });
    await createReservation(t.orm, { userId: guests[3].id, experienceId: experience.id, calendarIds: [morning.id], status: 'pending' });

    const dayBefore = addDays(date, -1);
    // 8:59 Japan time (23:59 UTC two days before): too early.
    expect(await t.services.reminders.sendDueReminders({ now: japanInstant(dayBefore, '08:59') })).toBe(0);
    expect(await reminderMails()).toEqual([]);

    // 9:00 Japan time = 00:00 UTC: two workers at once claim the two slots of that day between them, exactly once.
    const at = japanInstant(dayBefore, '09:00');
    expect(at.toISOString()).toBe(`${dayBefore}T00:00:00.000Z`);
    const claimed = await Promise.all([
      t.services.reminders.sendDueReminders({ now: at }),
      second.services.reminders.sendDueReminders({ now: at }),
      t.services.reminders.sendDueReminders({ now: at }),
    ]);
    expect(claimed.reduce((x, y) => x + y, 0)).toBe(2);
    // Later runs (either process) find nothing more for that day.
    expect(await second.services.reminders.sendDueReminders({ now: japanInstant(dayBefore, '12:00') })).toBe(0);

    const mails = await reminderMails();
    expect(mails.map((m) => m.dedupeKey)).toEqual(
      [
        `reminder:${a.id}:${morning.id}:guest`,
        `reminder:${b.id}:${afternoon.id}:guest`,
        `reminder:host:${experience.id}:${date}:${morning.id}`,
      ].sort(),
    );
    const guestMail = mails.find((m) => m.dedupeKey.startsWith(`reminder:${a.id}:`));
    expect(guestMail?.toAddress).toBe(guests[0].email);
    expect(guestMail?.subject).toBe('【たびとこ】明日の体験のご案内：手びねりの器');
    expect(guestMail?.textBody.startsWith('ゲスト1 様\n\n')).toBe(true);
    expect(guestMail?.textBody).toContain('10:00〜12:00');
    // No option booked: no option line.
    expect(guestMail?.textBody).not.toContain('オプション');
    expect(guestMail?.textBody.split('\n')).toContain('■ 開催場所: 京都府京都市東山区五条橋東6-583');
    expect(guestMail?.textBody).toContain(`/reservations/${a.id}`);
    // The .ics of the slot, with the same UID as the confirmation's event.
    const ics = guestMail?.attachments?.[0];
    expect(ics?.filename).toBe('reservation.ics');
    expect(ics?.content).toContain('METHOD:PUBLISH');
    expect(ics?.content).toContain(`UID:reservation-${a.id}-slot-${morning.id}@`);
    expect(ics?.content).toContain('TZID=Asia/Tokyo');
    // The host gets one list for the day, both slots, the confirmed participants only.
    const hostMail = mails.find((m) => m.dedupeKey.startsWith('reminder:host:'));
    expect(hostMail?.toAddress).toBe(host.email);
    expect(hostMail?.textBody.startsWith('陶芸 太郎 様\n\n')).toBe(true);
    const list = hostMail?.textBody.split('\n') ?? [];
    const first = list.indexOf('■ 10:00〜12:00（参加 1名）');
    expect(list.slice(first, first + 4)).toEqual([
      '■ 10:00〜12:00（参加 1名）',
      '  ・ゲスト1 様 1名',
      '■ 14:00〜16:00（参加 1名）',
      '  ・ゲスト2 様 1名（オプション: 絵付け）',
    ]);
    expect(hostMail?.textBody).not.toContain('ゲスト3');
    expect(hostMail?.textBody).not.toContain('ゲスト4');

    // The next day's slot of the two-day reservation follows its own day before.
    expect(await t.services.reminders.sendDueReminders({ now: japanInstant(date, '08:59') })).toBe(0);
    expect(await t.services.reminders.sendDueReminders({ now: japanInstant(date, '09:00') })).toBe(1);
    expect((await reminderMails(`reminder:${b.id}:`)).map((m) => m.dedupeKey)).toEqual([
      `reminder:${b.id}:${afternoon.id}:guest`,
      `reminder:${b.id}:${nextDay.id}:guest`,
    ]);
  });

  it('skip reservations confirmed after the reminder time and slots that have started; an online slot gets its URL', async () => {
    const { experience } = await createAmbassadorExperience(t.orm, { online: true, title: 'オンライン茶会' });
    const date = addDays(todayInJapan(), 5);
    const slot = await createCalendar(t.orm, experience.id, { date, startTime: '20:00', endTime: '21:00' });
    const late = await createCalendar(t.orm, experience.id, { date: addDays(date, 1), startTime: '20:00', endTime: '21:00' });
    const early = await createUser(t.orm);
    const latecomer = await createUser(t.orm);
    const r1 = await createReservation(t.orm, { userId: early.id, experienceId: experience.id, calendarIds: [slot.id] });
    const r2 = await createReservation(t.orm, { userId: latecomer.id, experienceId: experience.id, calendarIds: [slot.id] });
    await setConfirmedAt(r2.id, japanInstant(addDays(date, -1), '10:30'));
    // Booked at 10:30 the day before the `late` slot: that slot had nobody at 9:00, so nothing goes out for it.
    const r3 = await createReservation(t.orm, { userId: latecomer.id, experienceId: experience.id, calendarIds: [late.id] });
    await setConfirmedAt(r3.id, japanInstant(date, '10:30'));

    // No process ran at 9:00: the reminder still goes out at 19:59 on the day, but not once the slot has started.
    expect(await t.services.reminders.sendDueReminders({ now: japanInstant(date, '20:00') })).toBe(0);
    expect(await t.services.reminders.sendDueReminders({ now: japanInstant(date, '19:59') })).toBe(1);
    const mails = await reminderMails(`reminder:${r1.id}:`);
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody.split('\n')).toContain('■ 参加URL: https://meet.example.com/abc');
    expect(await reminderMails(`reminder:${r2.id}:`)).toEqual([]);
    // The ambassador has no address and no members: the list goes to the office.
    const hostMails = await reminderMails(`reminder:host:${experience.id}:`);
    expect(hostMails.map((m) => m.toAddress)).toEqual([t.env.OFFICE_EMAIL]);
    expect(hostMails[0].textBody).not.toContain(latecomer.name);

    expect(await t.services.reminders.sendDueReminders({ now: japanInstant(addDays(date, 1), '12:00') })).toBe(0);
    expect(await reminderMails(`reminder:${r3.id}:`)).toEqual([]);
  });
});
