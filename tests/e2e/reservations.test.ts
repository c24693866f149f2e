// In Chromium: booking a paid experience with the success card, a declined card and the
// authentication-required card (test gateway), and a free experience without card fields.
// The test runs its own built server on its own PostgreSQL so it can create exactly the data it needs.
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, type Session } from '#tests/e2e/browser';
import { startIsolatedServer, type IsolatedServer } from '#tests/setup/server-process';
import type { MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createCoupon } from '#tests/factories/coupons';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import * as ja from '#src/i18n/ja';
import { formatInstantDateTimeJa, formatYmdJa } from '#src/lib/isomorphic/dates';
import { CHROMIUM } from '#tests/setup/chromium';

let s: Session;
let orm: MikroORM;
let world: IsolatedServer;
let base: string;
let guestEmail: string;

beforeAll(async () => {
  s = await openBrowser();
  world = await startIsolatedServer();
  ({ base, orm } = world);
  guestEmail = (await createUser(orm, { name: 'ブラウザ 予約子' })).email;
}, 180_000);

afterAll(async () => {
  await world?.stop();
});

async function openForm(page: Page, tourId: number, cid: number[]) {
  await page.goto(`${base}/reservations/new?cid=${cid.join(',')}&tour_id=${tourId}`);
  await hydrated(page);
}

async function enterCard(page: Page, number: string) {
  await page.fill('input[name="cardnumber"]', number);
  await page.fill('input[name="cc-exp"]', '1230');
  await page.fill('input[name="cvc"]', '123');
  await page.getByTestId('card-ready').waitFor();
}

async function paidExperience(title: string) {
  const experience = await createExperience(orm, {
    title,
    price: 4000,
    options: [{ name: '絵付けセット', description: '絵の具と筆のセットです。'.repeat(12), price: 1000 }],
  });
  const calendar = await createCalendar(orm, experience.id, { recruitmentNumber: 4 });
  return { experience, calendar };
}

/** The machine is shared: give re-quotes and navigations time (expect.poll waits 1s by default). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const statusOf = async (experienceId: number) =>
  (await orm.em.fork().find(Reservation, { experience: experienceId }, { orderBy: { id: 'asc' } })).map((r) => r.status);

describe('reservation form', () => {
  it('sends signed-out visitors to /logon and back', async () => {
    const { experience, calendar } = await paidExperience('ログイン確認の体験');
    const page = await s.newPage();
    await page.goto(`${base}/reservations/new?cid=${calendar.id}&tour_id=${experience.id}`);
    await page.waitForURL(/\/logon\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(
      `/reservations/new?cid=${calendar.id}&tour_id=${experience.id}`,
    );
  });

  it('books a paid experience with the success card, re-quoting when the option and people change', async () => {
    const { experience, calendar } = await paidExperience('成功カードの体験');
    const page = await s.signedInPage(guestEmail, { base, width: 375 });
    await openForm(page, experience.id, [calendar.id]);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('成功カードの体験');
    expect(await page.getByTestId('test-mode').textContent()).toContain('テストモード');
    const submit = page.getByRole('button', { name: ja.reservations.submit });
    // Unavailable, yet focusable: aria-disabled, not disabled.
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    // Playwright's isDisabled() counts aria-disabled too: the DOM property says the button is not disabled.
    expect(await submit.evaluate((button: HTMLButtonElement) => button.disabled)).toBe(false);
    expect(await page.getByText(ja.reservations.enterCard).count()).toBe(1);
    expect(await page.getByTestId('price-total').textContent()).toBe('¥4,344');

    // A coupon that applies shows its discount; a refused one shows the price without any discount (never the last
    // code's) and its message at the coupon field, not only under the button.
    const valid = await createCoupon(orm, { discountValue: 500 });
    const expired = await createCoupon(orm, { discountValue: 300, validUntil: new Date(Date.now() - 86_400_000) });
    const coupon = page.locator('input[name="coupon_code"]');
    await coupon.fill(valid.code);
    await coupon.press('Tab');
    await poll(() => page.getByTestId('price-total').textContent()).toBe('¥3,801');
    expect(await page.getByTestId('price-discount').textContent()).toBe('-¥500');
    await coupon.fill(expired.code);
    await coupon.press('Tab');
    await poll(() => coupon.getAttribute('aria-invalid')).toBe('true');
    await poll(() => page.getByTestId('price-total').textContent()).toBe('¥4,344');
    expect(await page.getByTestId('price-discount').count()).toBe(0);
    const description = await coupon.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(description).toBe(ja.reservations.couponExpired);
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    await coupon.fill('');
    await coupon.press('Tab');
    await poll(() => page.getByText(ja.reservations.couponExpired).count()).toBe(0);
    expect(await coupon.getAttribute('aria-invalid')).toBeNull();

    await page.getByText('絵付けセット').click();
    await page.selectOption('select[name="number_of_people"]', '2');
    await poll(() => page.getByTestId('price-option').textContent()).toBe('¥2,000');
    await poll(() => page.getByTestId('price-tour').textContent()).toBe('¥8,000');
    // A long option description is clamped with a show-more toggle.
    await page.getByRole('button', { name: ja.common.seeMore }).click();
    await page.getByRole('button', { name: ja.common.close }).waitFor();

    await enterCard(page, '4242 4242 4242 4242');
    expect(await submit.getAttribute('aria-disabled')).toBeNull();
    await submit.click();
    await page.waitForURL(`**/reservations/complete?cid=${calendar.id}&tour_id=${experience.id}`);
    await page.getByTestId('reservation-complete').waitFor();
    expect(await page.locator('h1').textContent()).toBe(ja.reservations.completeTitle);
    expect(await page.getByRole('link', { name: ja.reservations.completeInquiryLink }).getAttribute('href')).toBe('/inquiry');
    expect(await page.getByRole('link', { name: ja.reservations.shareFacebook }).getAttribute('href')).toContain('facebook.com/sharer');
    expect(await statusOf(experience.id)).toEqual(['confirmed']);
    const saved = await orm.em.fork().findOneOrFail(Reservation, { experience: experience.id });
    expect(saved.numberOfPeople).toBe(2);
    expect(saved.optionName).toBe('絵付けセット');

    // The flag is used once: a reload shows the session-expired screen.
    await page.reload();
    await page.getByTestId('reservation-expired').waitFor();
    expect(await page.locator('h1').textContent()).toBe(ja.reservations.expiredTitle);
  });

  it('keeps the guest on the form after a declined card, then books with another card', async () => {
    const { experience, calendar } = await paidExperience('カード拒否の体験');
    const page = await s.signedInPage(guestEmail, { base });
    await openForm(page, experience.id, [calendar.id]);
    await enterCard(page, '4000 0000 0000 0002');
    // Sent from the keyboard: the button keeps the focus while the card is charged and after it is declined (it is
    // aria-disabled then, never disabled, which would drop the focus to <body>).
    const submit = page.locator('.reservation__submit');
    await submit.focus();
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('form-error').first().textContent()).toBe(ja.payments.declined);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('reservation__submit'))).toBe(true);
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    expect(page.url()).toContain('/reservations/new');
    expect(await page.inputValue('input[name="cardnumber"]')).toBe('');
    expect(await statusOf(experience.id)).toEqual(['failed']);
    // The failure was about the card before: it goes once the guest types another.
    await page.fill('input[name="cardnumber"]', '4');
    await poll(() => page.getByText(ja.payments.declined).count()).toBe(0);

    await enterCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: ja.reservations.submit }).click();
    await page.getByTestId('reservation-complete').waitFor();
    expect(await statusOf(experience.id)).toEqual(['failed', 'confirmed']);
  });

  it('completes 3-D Secure in the stand-in dialog before the reservation is confirmed', async () => {
    const { experience, calendar } = await paidExperience('3Dセキュアの体験');
    const page = await s.signedInPage(guestEmail, { base });
    await openForm(page, experience.id, [calendar.id]);
    await enterCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: ja.reservations.submit }).click();
    const dialog = page.getByTestId('test-authentication');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(ja.payments.authTitle);
    expect(await statusOf(experience.id)).toEqual(['requires_action']);
    await dialog.getByRole('button', { name: ja.payments.authApprove }).click();
    await page.getByTestId('reservation-complete').waitFor();
    expect(await statusOf(experience.id)).toEqual(['confirmed']);
  });

  /**
   * Books a new paid experience's date on `page` (signed in as the guest), presses Back, and checks that the page shows
   * the booking as made (the form read afresh) instead of the old form, and that one booking exists.
   */
  async function bookThenGoBack(page: Page, title: string) {
    const { experience, calendar } = await paidExperience(title);
    await openForm(page, experience.id, [calendar.id]);
    await enterCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: ja.reservations.submit }).click();
    await page.getByTestId('reservation-complete').waitFor();
    // A page restored from the cache fires no load event: wait for the navigation only.
    await page.goBack({ waitUntil: 'commit' });
    // The fresh form: this guest has booked the date, so the page says so instead of offering the old form.
    const screen = page.getByTestId('reservation-error');
    await screen.waitFor();
    expect(await screen.textContent()).toContain(ja.bookingRules.alreadyBooked(formatYmdJa(calendar.date)));
    expect(await page.getByRole('button', { name: ja.reservations.submit }).count()).toBe(0);
    expect(await statusOf(experience.id)).toEqual(['confirmed']);
  }

  it('Back after a booking loads the form afresh instead of the kept page (seats, enabled button)', async () => {
    // Playwright turns the back/forward cache off by default; this browser keeps it on, as guests' browsers do. The
    // full browser: the headless shell the other tests run keeps no page in that cache (tests/setup/chromium.ts).
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const page = await (await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })).newPage();
      await s.signIn(page, guestEmail, { base });
      await bookThenGoBack(page, '戻るボタンの体験');
    } finally {
      await browser.close();
    }
  });

  /** The party size and the message as the form shows them, once a history navigation has settled: the page
   * reloads itself when the browser brought it from its cache (+Page.tsx), and restores what was typed after that. */
  async function typedValues(page: Page) {
    await poll(() =>
      page.evaluate(() => {
        const [n] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return document.documentElement.dataset.hydrated === 'true' && !(n.type === 'back_forward' && n.transferSize === 0);
      }),
    ).toBe(true);
    return {
      people: await page.inputValue('select[name="number_of_people"]'),
      message: await page.inputValue('textarea[name="message_to_host"]'),
    };
  }

  it('keeps what the guest typed through Back, Forward and a reload, never the card, and nothing once booked', async () => {
    const { experience, calendar } = await paidExperience('下書きの体験');
    const page = await s.signedInPage(guestEmail, { base, width: 375 });
    await page.goto(`${base}/stories/${experience.id}`);
    await hydrated(page);
    await openForm(page, experience.id, [calendar.id]);
    await page.selectOption('select[name="number_of_people"]', '3');
    await page.fill('textarea[name="message_to_host"]', '子ども連れで伺います。');
    await enterCard(page, '4242 4242 4242 4242');

    await page.goBack({ waitUntil: 'commit' });
    await page.waitForURL(`**/stories/${experience.id}`);
    await hydrated(page);
    await page.goForward({ waitUntil: 'commit' });
    await page.waitForURL('**/reservations/new?**');
    const restored = { people: '3', message: '子ども連れで伺います。' };
    await poll(() => typedValues(page)).toEqual(restored);
    // The price follows the restored party size through the same quote as a choice.
    await poll(() => page.getByTestId('price-tour').textContent()).toBe('¥12,000');
    // The card is never kept: its fields are empty and nothing the guest typed into them is stored.
    expect(await page.inputValue('input[name="cardnumber"]')).toBe('');
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain('4242');

    await page.reload();
    await poll(() => typedValues(page)).toEqual(restored);

    // Fewer seats left than the party kept: the form shows that size refused, as it shows a choice that became too large.
    await orm.em.fork().nativeUpdate(Calendar, { id: calendar.id }, { participantNumber: 2 });
    await page.reload();
    await poll(() => typedValues(page)).toEqual(restored);
    const people = page.locator('select[name="number_of_people"]');
    await poll(() => people.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(ja.reservations.tooManyPeople(2)).count()).toBeGreaterThan(0);
    await people.selectOption('2');
    await poll(() => people.getAttribute('aria-invalid')).toBeNull();

    await enterCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: ja.reservations.submit }).click();
    await page.getByTestId('reservation-complete').waitFor();
    const booked = await orm.em.fork().findOneOrFail(Reservation, { experience: experience.id });
    expect([booked.numberOfPeople, booked.messageToHost]).toEqual([2, restored.message]);
    // Back after the booking still loads the form afresh (the date is booked), and no draft is left to restore.
    await page.goBack({ waitUntil: 'commit' });
    await page.getByTestId('reservation-error').waitFor();
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('booking-draft:')))).toEqual([]);
    // Once the booking is cancelled the same dates can be booked again: the form starts empty, not with the old draft.
    const cancelled = await page.request.post(`${base}/api/v1/reservations/${booked.id}/cancellation`, { data: {} });
    expect(cancelled.status()).toBe(200);
    await openForm(page, experience.id, [calendar.id]);
    expect(await typedValues(page)).toEqual({ people: '1', message: '' });
  });

  it('answers a booking URL it cannot continue with the error screen and a 4xx, not a 200', async () => {
    const { experience } = await paidExperience('続けられないURLの体験');
    const page = await s.signedInPage(guestEmail, { base });
    const unknown = await page.goto(`${base}/reservations/new?cid=999999&tour_id=${experience.id}`);
    await page.getByTestId('reservation-error').waitFor();
    expect(unknown?.status()).toBe(422);
    const noExperience = await page.goto(`${base}/reservations/new?cid=1&tour_id=999999`);
    await page.getByTestId('reservation-error').waitFor();
    expect(noExperience?.status()).toBe(404);
  });

  it('Back after a booking in a browser without the back/forward cache loads the form afresh, not its cached HTML', async () => {
    // The headless shell keeps no page in the back/forward cache: Back takes the form's HTML from the HTTP cache
    // (the first load's seats, price and enabled button) unless the page reloads itself.
    const page = await s.signedInPage(guestEmail, { base });
    await bookThenGoBack(page, 'HTTPキャッシュの戻るの体験');
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('reload');
  });

  it('tells a guest who left 3-D Secure unfinished that the date is held by that payment, not booked', async () => {
    const { experience, calendar } = await paidExperience('3Dセキュア中断の体験');
    const page = await s.signedInPage(guestEmail, { base, width: 375 });
    await openForm(page, experience.id, [calendar.id]);
    await enterCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: ja.reservations.submit }).click();
    await page.getByTestId('test-authentication').waitFor();
    expect(await statusOf(experience.id)).toEqual(['requires_action']);
    // The guest leaves the dialog and opens the form for the same date again.
    await openForm(page, experience.id, [calendar.id]);
    const screen = page.getByTestId('reservation-error');
    await screen.waitFor();
    const held = await orm.em.fork().findOneOrFail(Reservation, { experience: experience.id });
    expect(await screen.textContent()).toContain(
      ja.bookingRules.paymentInProgress(formatYmdJa(calendar.date), formatInstantDateTimeJa(held.holdExpiresAt as Date)),
    );
    expect(await screen.textContent()).not.toContain(ja.bookingRules.alreadyBooked(formatYmdJa(calendar.date)));
  });

  it('books a free experience without card fields, several dates with one person', async () => {
    const free = await createExperience(orm, { title: '無料の体験', price: 0 });
    const first = await createCalendar(orm, free.id, { daysFromToday: 5 });
    const second = await createCalendar(orm, free.id, { daysFromToday: 6 });
    const page = await s.signedInPage(guestEmail, { base, width: 375 });
    await openForm(page, free.id, [first.id, second.id]);
    expect(await page.getByTestId('card-fields').count()).toBe(0);
    expect(await page.locator('select[name="number_of_people"] option').count()).toBe(1);
    expect(await page.getByTestId('price-total').textContent()).toBe('¥0');
    // The kit's Modal: Escape, a click outside and the close button each close it; focus goes back to the opener.
    const opener = page.getByRole('button', { name: ja.reservations.showSchedule });
    await opener.click();
    await page.getByTestId('schedule-list').waitFor();
    expect(await page.getByTestId('schedule-list').locator('li').count()).toBe(2);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await opener.click();
    await page.mouse.click(5, 5);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await opener.click();
    await page.getByRole('dialog').getByRole('button', { name: ja.common.close }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: ja.reservations.submit }).click();
    await page.getByTestId('reservation-complete').waitFor();
    expect(await statusOf(free.id)).toEqual(['confirmed']);
  });

  it('replaces the screen with the error list and a link to /stories when the slot cannot be booked', async () => {
    const { experience } = await paidExperience('満席の体験');
    const full = await createCalendar(orm, experience.id, { recruitmentNumber: 2, participantNumber: 2 });
    const page = await s.signedInPage(guestEmail, { base });
    await openForm(page, experience.id, [full.id]);
    const screen = page.getByTestId('reservation-error');
    await screen.waitFor();
    expect(await screen.textContent()).toContain(ja.reservations.noAvailability);
    expect(await page.getByRole('link', { name: ja.reservations.errorListLink }).getAttribute('href')).toBe('/stories');
  });

  it('shows the queued mails in the development mailbox', async () => {
    const page = await s.signedInPage(guestEmail, { base });
    await page.goto(`${base}/dev/mails`);
    await page.getByTestId('dev-mails').waitFor();
    expect(await page.getByText(ja.reservations.mailGuestSubject('成功カードの体験')).count()).toBe(1);
  });
});
