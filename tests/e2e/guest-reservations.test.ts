// In Chromium: the guest books, finds the reservation through the header's 予約一覧 link, opens it,
// sees the refund before confirming the cancellation, cancels, reads the notice of what was cancelled and refunded,
// sees 返金済み with the amount, and the seat is back on the experience's calendar page. Its own built server and
// PostgreSQL (the data comes from the factories).
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, nextLoad, openBrowser, type Session } from '#tests/e2e/browser';
import { startIsolatedServer, type IsolatedServer } from '#tests/setup/server-process';
import type { MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { formatYen } from '#src/lib/isomorphic/money';
import { addDays, formatDateJa, todayInJapan } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';

let s: Session;
let orm: MikroORM;
let world: IsolatedServer;
let base: string;
let guestEmail: string;

beforeAll(async () => {
  s = await openBrowser();
  world = await startIsolatedServer();
  ({ base, orm } = world);
  guestEmail = (await createUser(orm, { name: 'ブラウザ 取消子' })).email;
}, 180_000);

afterAll(async () => {
  await world?.stop();
});

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

describe('the reservation form tells the refund before payment', () => {
  it.each([375, 1280])(
    'warns when the free-cancellation deadline of the dates has passed, with the date it ended (%ipx)',
    async (width) => {
      const experience = await createExperience(orm, { title: `期限後の体験 ${width}`, price: 4000, cancellationPeriod: 7 });
      const late = await createCalendar(orm, experience.id, { daysFromToday: 3 });
      const early = await createCalendar(orm, experience.id, { daysFromToday: 20 });
      const page = await s.signedInPage(guestEmail, { base, width });

      await page.goto(`${base}/reservations/new?cid=${late.id}&tour_id=${experience.id}`);
      await hydrated(page);
      // Policy 7 days, the date 3 days ahead: the last full-refund day was 4 days ago (Japan time).
      const ended = formatDateJa(addDays(todayInJapan(), -4));
      const warning = ja.reservations.refundDeadlinePassed(ja.reservations.deadlineLabel(ended));
      expect(await page.getByTestId('refund-deadline').textContent()).toBe(warning);
      // Beside the submit button as well, before the card is charged.
      expect(await page.getByTestId('refund-lost').textContent()).toBe(warning);
      await page.screenshot({ path: path.join(os.tmpdir(), `refund-lost-${width}.png`), fullPage: true });

      await page.goto(`${base}/reservations/new?cid=${early.id}&tour_id=${experience.id}`);
      await hydrated(page);
      const until = ja.reservations.deadlineLabel(formatDateJa(addDays(todayInJapan(), 13)));
      expect(await page.getByTestId('refund-deadline').textContent()).toBe(ja.reservations.refundUntil(until));
      expect(await page.getByTestId('refund-lost').count()).toBe(0);
    },
  );
});

describe('the guest cancels a reservation', () => {
  it.each([375, 1280])('books, finds it in /reservations, cancels with the refund shown, and the seat comes back (%ipx)', async (width) => {
    const experience = await createExperience(orm, { title: `取消できる体験 ${width}`, price: 4000, cancellationPeriod: 7 });
    const calendar = await createCalendar(orm, experience.id, { daysFromToday: 20, recruitmentNumber: 2 });
    const page = await s.signedInPage(guestEmail, { base, width });

    // Book with the success card.
    await page.goto(`${base}/reservations/new?cid=${calendar.id}&tour_id=${experience.id}`);
    await hydrated(page);
    await page.fill('input[name="cardnumber"]', '4242 4242 4242 4242');
    await page.fill('input[name="cc-exp"]', '1230');
    await page.fill('input[name="cvc"]', '123');
    await page.getByTestId('card-ready').waitFor();
    await page.getByRole('button', { name: ja.reservations.submit }).click();
    await page.getByTestId('reservation-complete').waitFor();
    const reservation = await orm.em.fork().findOneOrFail(Reservation, { experience: experience.id });
    const total = formatYen(reservation.totalAmount);

    // The calendar page shows the slot as booked by this guest.
    await page.goto(`${base}/stories/${experience.id}/calendars`);
    const slot = page.locator(`[data-calendar-id="${calendar.id}"]`);
    await poll(() => slot.getAttribute('data-state')).toBe('reserved');

    // The header's link to the guest's reservations (inside the menu on a narrow screen).
    await hydrated(page);
    const link = page.getByTestId('my-reservations-link');
    if (!(await link.isVisible())) await page.locator('.site-header__toggle').click();
    await link.click();
    await page.waitForURL(`${base}/reservations`);
    const item = page.locator(`[data-reservation-id="${reservation.id}"]`);
    await item.waitFor();
    expect(await item.getByTestId('reservation-status').textContent()).toBe(ja.guestReservations.statuses.confirmed);
    expect(await item.textContent()).toContain(`取消できる体験 ${width}`);
    expect(await item.textContent()).toContain(total);
    await page.screenshot({ path: path.join(os.tmpdir(), `guest-reservations-list-${width}.png`), fullPage: true });

    // The detail: the policy, the deadline and the refund before confirming.
    await item.getByRole('link').click();
    await page.waitForURL(`${base}/reservations/${reservation.id}`);
    await hydrated(page);
    expect(await page.getByTestId('cancellation-policy').textContent()).toContain(ja.guestReservations.policyName(7));
    expect(await page.getByTestId('refund-preview').textContent()).toBe(ja.guestReservations.refundPreviewFull(total));
    await page.screenshot({ path: path.join(os.tmpdir(), `guest-reservations-detail-${width}.png`), fullPage: true });
    await page.getByTestId('cancel-button').click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('cancel-dialog-refund').textContent()).toBe(`${ja.guestReservations.refundAmount}: ${total}`);
    await page.screenshot({ path: path.join(os.tmpdir(), `guest-reservations-dialog-${width}.png`) });
    const afterCancel = nextLoad(page);
    await dialog.getByRole('button', { name: ja.guestReservations.cancelConfirm }).click();
    await afterCancel;

    // The reloaded page says what was cancelled and what was refunded, and the notice has the focus (it is read at
    // once, and the keyboard goes on from it).
    const notice = page.getByTestId('page-notice');
    await poll(() => notice.textContent()).toBe(
      `「取消できる体験 ${width}」のご予約（予約番号 ${reservation.id}）をキャンセルしました。${total} を返金しました。ご返金はお支払いに使われたカードへ行います。カード会社によって反映までに日数がかかる場合があります。`,
    );
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('page-notice');
    await poll(() => page.getByTestId('reservation-status').first().textContent()).toBe(ja.guestReservations.statuses.refunded);
    expect(await page.getByTestId('refund-amount').textContent()).toContain(total);
    expect(await page.getByTestId('cancel-button').count()).toBe(0);
    await page.screenshot({ path: path.join(os.tmpdir(), `guest-reservations-cancelled-${width}.png`), fullPage: true });
    expect((await orm.em.fork().findOneOrFail(Reservation, { id: reservation.id })).status).toBe('cancelled');

    // The seat is back on the experience's calendar: open again with both seats.
    await page.goto(`${base}/stories/${experience.id}/calendars`);
    await poll(() => slot.getAttribute('data-state')).toBe('open');
    expect(await slot.textContent()).toContain(ja.browse.remaining(2));
    await page.close();
  });

  it('reloads the page when the cancellation is refused and shows the refusal on the reloaded page', async () => {
    const experience = await createExperience(orm, { title: '二重取消の体験', price: 0, cancellationPeriod: 7 });
    const calendar = await createCalendar(orm, experience.id, { daysFromToday: 20, recruitmentNumber: 2 });
    const page = await s.signedInPage(guestEmail, { base, width: 1280 });
    await page.goto(`${base}/reservations/new?cid=${calendar.id}&tour_id=${experience.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: ja.reservations.submit }).click();
    await page.getByTestId('reservation-complete').waitFor();
    const reservation = await orm.em.fork().findOneOrFail(Reservation, { experience: experience.id });

    await page.goto(`${base}/reservations/${reservation.id}`);
    await hydrated(page);
    await page.getByTestId('cancel-button').click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.waitFor();
    // Meanwhile the reservation is cancelled elsewhere (another tab): the confirmation is refused.
    const elsewhere = await page.request.post(`${base}/api/v1/reservations/${reservation.id}/cancellation`, {
      data: { expected_refund_amount: 0 },
    });
    expect(elsewhere.status()).toBe(200);
    const reloaded = nextLoad(page);
    await dialog.getByRole('button', { name: ja.guestReservations.cancelConfirm }).click();
    await reloaded;
    // The reloaded page shows the cancelled reservation and the server's message, once.
    await poll(() => page.getByRole('alert').textContent()).toBe(ja.guestReservations.alreadyCancelled);
    expect(await page.getByTestId('cancel-button').count()).toBe(0);
    // A refusal is no confirmation: the page shows no cancelled notice.
    expect(await page.getByTestId('page-notice').count()).toBe(0);
    await page.reload();
    await hydrated(page);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  });

  it('confirms the cancellation of a free reservation, with nothing to refund, and shows the notice once', async () => {
    const experience = await createExperience(orm, { title: '無料で取消す体験', price: 0, cancellationPeriod: 7 });
    const calendar = await createCalendar(orm, experience.id, { daysFromToday: 20, recruitmentNumber: 2 });
    const page = await s.signedInPage(guestEmail, { base, width: 375 });
    await page.goto(`${base}/reservations/new?cid=${calendar.id}&tour_id=${experience.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: ja.reservations.submit }).click();
    await page.getByTestId('reservation-complete').waitFor();
    const reservation = await orm.em.fork().findOneOrFail(Reservation, { experience: experience.id });

    await page.goto(`${base}/reservations/${reservation.id}`);
    await hydrated(page);
    // Sent from the keyboard: キャンセルする, then キャンセルを確定する in the dialog.
    await page.getByTestId('cancel-button').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: ja.guestReservations.cancelConfirm }).focus();
    const reloaded = nextLoad(page);
    await page.keyboard.press('Enter');
    await reloaded;
    await poll(() => page.getByTestId('page-notice').textContent()).toBe(
      `「無料で取消す体験」のご予約（予約番号 ${reservation.id}）をキャンセルしました。無料の予約のため、返金はありません。`,
    );
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('page-notice');
    expect(await page.getByTestId('reservation-status').first().textContent()).toBe(ja.guestReservations.statuses.cancelled);
    // Once: a reload shows the cancelled reservation without it.
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId('page-notice').count()).toBe(0);
    await page.close();
  });

  it('sends signed-out visitors to /logon and shows another guest’s reservation as the 404 page', async () => {
    const experience = await createExperience(orm, { price: 0 });
    const calendar = await createCalendar(orm, experience.id);
    const owner = await createUser(orm);
    const page = await s.newPage({ width: 1280, height: 900 });
    await page.goto(`${base}/reservations`);
    await page.waitForURL(/\/logon\?redirect=/);
    await s.signIn(page, owner.email, { base });
    const booked = await page.request.post(`${base}/api/v1/reservations`, {
      data: { tour_id: experience.id, calendar_ids: [calendar.id], number_of_people: 1 },
      headers: { Origin: base },
    });
    expect(booked.status()).toBe(201);
    const id = (await booked.json()).id as number;
    const other = await s.signedInPage(guestEmail, { base, width: 1280 });
    const response = await other.goto(`${base}/reservations/${id}`);
    expect(response?.status()).toBe(404);
    await page.close();
    await other.close();
  });
});
