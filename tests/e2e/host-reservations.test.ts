// In Chromium, the host side: a host opens /host/reservations, sees who is coming to a slot, reads the
// guest's message (shown as text, never as HTML), answers it in the thread, and downloads the slot's CSV.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, openServerOrm, type Session } from '#tests/e2e/browser';
import type { MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { addDays, formatDateJa, todayInJapan } from '#src/lib/isomorphic/dates';

let s: Session;
let orm: MikroORM;

beforeAll(async () => {
  s = await openBrowser();
  orm = await openServerOrm();
});

describe('the host’s bookings page', () => {
  it('shows who is coming, keeps the message thread as text, sends an answer and downloads the CSV', async () => {
    const stamp = Date.now();
    const host = await createUser(orm, { role: 'HOST', name: 'ブラウザ ホスト' });
    const guest = await createUser(orm, { name: `ブラウザ ゲスト${stamp}` });
    const title = `ブラウザの器づくり ${stamp}`;
    const experience = await createExperience(orm, { hostUserId: host.id, title });
    const slot = await createCalendar(orm, experience.id, { daysFromToday: 4, startTime: '13:00', endTime: '15:00' });
    const reservation = await createReservation(orm, { userId: guest.id, experienceId: experience.id, calendarIds: [slot.id] });
    const em = orm.em.fork();
    const row = await em.findOneOrFail(Reservation, { id: reservation.id });
    row.numberOfPeople = 2;
    row.messageToHost = '子どもと参加します';
    await em.flush();

    // The guest writes first (through the API: the guest's page is tested elsewhere).
    const guestPage = await s.newPage();
    await s.signIn(guestPage, guest.email);
    const sent = await guestPage.request.post(`${s.baseUrl}/api/v1/reservations/${reservation.id}/messages`, {
      data: { body: '駐車場は<b>ありますか</b>？' },
    });
    expect(sent.status()).toBe(201);

    const page = await s.newPage();
    await s.signIn(page, host.email);
    await page.goto('/host/reservations');
    await hydrated(page);
    const card = page.getByTestId('host-slot').filter({ hasText: title });
    await card.waitFor();
    expect(await card.textContent()).toContain('参加 2名 / 定員 10名');
    const booking = card.getByTestId('host-booking');
    expect(await booking.textContent()).toContain(guest.name);
    expect(await booking.textContent()).toContain('子どもと参加します');

    await booking.getByRole('button', { name: 'メッセージ（1件）' }).click();
    const thread = booking.getByTestId('message-thread');
    await thread.getByTestId('message').first().waitFor();
    expect(await thread.getByTestId('message').first().textContent()).toContain('駐車場は<b>ありますか</b>？');
    expect(await thread.locator('.message__body b').count()).toBe(0);

    await thread.getByLabel('メッセージ').fill('はい、2台分あります。');
    const answered = page.waitForResponse(
      (res) => res.url().endsWith(`/reservations/${reservation.id}/messages`) && res.request().method() === 'POST',
    );
    await thread.getByRole('button', { name: '送信する' }).click();
    expect((await answered).status()).toBe(201);
    await expect.poll(() => thread.getByTestId('message').count()).toBe(2);
    expect(await booking.getByRole('button', { name: 'メッセージを閉じる' }).count()).toBe(1);
    const seen = await (await guestPage.request.get(`${s.baseUrl}/api/v1/reservations/${reservation.id}/messages`)).json();
    expect(seen.messages.map((m: { body: string }) => m.body)).toEqual(['駐車場は<b>ありますか</b>？', 'はい、2台分あります。']);

    // A message of blanks only (half- and full-width spaces, line breaks) is refused under the field, and nothing is sent.
    let posted = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith(`/reservations/${reservation.id}/messages`)) posted += 1;
    });
    await thread.getByLabel('メッセージ').fill(' \u3000\n ');
    await thread.getByRole('button', { name: '送信する' }).click();
    await expect.poll(() => thread.locator('.field__error').textContent()).toBe('メッセージを入力してください');
    expect(await thread.getByLabel('メッセージ').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(0);
    expect(await thread.getByTestId('message').count()).toBe(2);

    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: '参加者リスト（CSV）' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.startsWith('\uFEFF予約番号,予約者名,人数')).toBe(true);
    expect(csv).toContain(`${reservation.id},${guest.name},2,,子どもと参加します,`);
  });

  it("names every slot's and booking's repeated buttons with the slot or the guest, and keeps them reachable by keyboard", async () => {
    const stamp = Date.now();
    const host = await createUser(orm, { role: 'HOST', name: '名前 ホスト' });
    const first = await createUser(orm, { name: `名前 一郎${stamp}` });
    const second = await createUser(orm, { name: `名前 二郎${stamp}` });
    const title = `二回ある体験 ${stamp}`;
    const experience = await createExperience(orm, { hostUserId: host.id, title });
    const date = addDays(todayInJapan(), 5);
    const morning = await createCalendar(orm, experience.id, { date, startTime: '10:00', endTime: '12:00' });
    const afternoon = await createCalendar(orm, experience.id, { date, startTime: '14:00', endTime: '16:00' });
    for (const [user, slot] of [
      [first, morning],
      [second, morning],
      [second, afternoon],
    ] as const) {
      await createReservation(orm, { userId: user.id, experienceId: experience.id, calendarIds: [slot.id] });
    }

    const page = await s.newPage();
    await s.signIn(page, host.email);
    await page.goto('/host/reservations');
    await hydrated(page);
    await page.getByTestId('host-slot').filter({ hasText: title }).first().waitFor();
    const when = (time: string) => `${title} ${formatDateJa(date)} ${time}`;
    const named = (role: 'button' | 'link', name: string) => page.getByRole(role, { name, exact: true });

    // One name per slot: the same visible label, told apart by the slot's experience, date and time.
    for (const time of ['10:00〜12:00', '14:00〜16:00']) {
      expect(await named('button', `この回を中止する（${when(time)}）`).count(), time).toBe(1);
      expect(await named('link', `${when(time)}の参加者リスト（CSV）`).count(), time).toBe(1);
    }
    // One name per booking: the guest's name (the second guest has a booking in each slot, each in its own card).
    const morningCard = page.locator(`#slot-${morning.id}`);
    expect(await morningCard.getByRole('button', { name: `${first.name}さんとのメッセージ`, exact: true }).count()).toBe(1);
    const messages = morningCard.getByRole('button', { name: `${second.name}さんとのメッセージ`, exact: true });
    expect(await messages.count()).toBe(1);

    // By keyboard: the thread opens and the button's name says it closes that guest's messages.
    await messages.focus();
    await page.keyboard.press('Enter');
    await morningCard.getByTestId('message-thread').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`${second.name}さんとのメッセージを閉じる`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('true');
  });

  it('labels a slot the host cancelled 開催中止 and shows no seats left for it', async () => {
    const stamp = Date.now();
    const host = await createUser(orm, { role: 'HOST', name: '中止 ホスト' });
    const guest = await createUser(orm, { name: `中止 ゲスト${stamp}` });
    const title = `中止する回の体験 ${stamp}`;
    const experience = await createExperience(orm, { hostUserId: host.id, title });
    const slot = await createCalendar(orm, experience.id, { daysFromToday: 6, startTime: '10:00', endTime: '12:00' });
    // A paid booking through the API, as cancelling the date refunds it at the gateway.
    const guestPage = await s.newPage();
    await s.signIn(guestPage, guest.email);
    await s.bookPaid(guestPage, { experienceId: experience.id, calendarIds: [slot.id], key: `e2e-host-cancel-${stamp}` });

    const page = await s.newPage({ width: 375, height: 900 });
    page.on('dialog', (dialog) => void dialog.accept());
    await s.signIn(page, host.email);
    await page.goto('/host/reservations');
    await hydrated(page);
    const card = page.getByTestId('host-slot').filter({ hasText: title });
    await card.waitFor();
    expect(await card.getByTestId('host-slot-cancelled').count()).toBe(0);
    await card.getByRole('button', { name: 'この回を中止する' }).click();
    const modal = page.getByTestId('cancel-slot-modal');
    await modal.locator('textarea[name="reason"]').fill('講師の体調不良のため');
    const reloaded = page.waitForEvent('load');
    await modal.getByRole('button', { name: '中止して全額返金する' }).click();
    await reloaded;
    await hydrated(page);
    const after = page.getByTestId('host-slot').filter({ hasText: title });
    await after.waitFor();
    expect(await after.getByTestId('host-slot-cancelled').textContent()).toBe('開催中止');
    const seats = (await after.locator('.host-slot__seats').textContent()) ?? '';
    expect(seats).not.toMatch(/残り\d+席/);
    expect(seats).not.toContain('受付停止中');
    expect(await after.getByRole('button', { name: 'この回を中止する' }).count()).toBe(0);
  });

  it('shows one experience’s slots from the link of the cancellation mail (?experience_id=), its tabs keeping it', async () => {
    const stamp = Date.now();
    const host = await createUser(orm, { role: 'HOST', name: '絞り込み ホスト' });
    const guest = await createUser(orm, { name: `絞り込み ゲスト${stamp}` });
    const shown = await createExperience(orm, { hostUserId: host.id, title: `表示する体験 ${stamp}` });
    const other = await createExperience(orm, { hostUserId: host.id, title: `ほかの体験 ${stamp}` });
    for (const experience of [shown, other]) {
      const slot = await createCalendar(orm, experience.id, { daysFromToday: 5 });
      await createReservation(orm, { userId: guest.id, experienceId: experience.id, calendarIds: [slot.id] });
    }

    const page = await s.newPage();
    await s.signIn(page, host.email);
    await page.goto(`/host/reservations?experience_id=${shown.id}`);
    await hydrated(page);
    expect(await page.getByTestId('host-reservations-only').textContent()).toContain(`「表示する体験 ${stamp}」の予約のみ表示しています。`);
    const titles = await page.getByTestId('host-slot').locator('.host-slot__title').allTextContents();
    expect(titles).toEqual([`表示する体験 ${stamp}`]);
    expect(await page.getByRole('link', { name: '終了した開催' }).getAttribute('href')).toBe(
      `/host/reservations?scope=past&experience_id=${shown.id}`,
    );

    await page.getByRole('link', { name: 'すべての体験の予約を見る' }).click();
    await page.waitForURL('**/host/reservations');
    await hydrated(page);
    expect(await page.getByTestId('host-reservations-only').count()).toBe(0);
    const all = await page.getByTestId('host-slot').locator('.host-slot__title').allTextContents();
    expect(all.sort()).toEqual([`ほかの体験 ${stamp}`, `表示する体験 ${stamp}`].sort());

    // Another host's experience is the 404 page.
    const foreign = await page.goto(`/host/reservations?experience_id=${(await createExperience(orm)).id}`);
    expect(foreign?.status()).toBe(404);
  });
});
