// Favourites, sharing and カレンダーに追加 in Chromium: the heart signed out leads to /logon and back to the page, then
// saves; the copy button copies the page's URL with its notice; the experience page's head carries the rating; the
// reservation's .ics download is the Japan-time file and the Google link names the zone. Data is written by the
// factories into the test server's own database.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, laterPartsHydrated, openBrowser, openServerOrm, type Session } from '#tests/e2e/browser';
import type { MikroORM } from '#src/lib/orm';
import { createUser, TEST_PASSWORD } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createReview } from '#tests/factories/reviews';
import * as ja from '#src/i18n/ja';

let s: Session;
let orm: MikroORM;

beforeAll(async () => {
  s = await openBrowser();
  orm = await openServerOrm();
}, 60_000);

describe('favourites', () => {
  it('signed out, the heart leads to /logon and back to the page; signed in, it saves and /favorites lists it', async () => {
    const guest = await createUser(orm, { name: 'ハート 旅子' });
    const experience = await createExperience(orm, { title: 'ハートを押す藍染め体験' });
    const path = `/stories/${experience.id}`;
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto(path);
    await hydrated(page);
    // Signed out, the heart is a link named by its experience.
    const signInHeart = page.getByRole('link', { name: ja.nav.heartSignIn('ハートを押す藍染め体験') });
    await expect(signInHeart.count()).resolves.toBe(1);
    await Promise.all([page.waitForURL(`**/logon?redirect=${encodeURIComponent(path)}`), signInHeart.click()]);
    await hydrated(page);
    await page.getByLabel(ja.auth.email).fill(guest.email);
    await page.getByLabel(ja.auth.password).fill(TEST_PASSWORD);
    await Promise.all([page.waitForURL(`**${path}`), page.locator('button[type="submit"]').click()]);
    await hydrated(page);

    // The heart is named by its experience, and pressed with the keyboard it keeps the focus while it saves (it is
    // aria-disabled then, not disabled), so its new aria-pressed is announced.
    const heart = page.getByRole('button', { name: ja.nav.heartToggle('ハートを押す藍染め体験') });
    await expect(heart.getAttribute('aria-pressed')).resolves.toBe('false');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/v1/experiences/${experience.id}/favorite`, async (route) => {
      await held;
      await route.continue();
    });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/v1/experiences/${experience.id}/favorite`) && r.request().method() === 'PUT',
    );
    await heart.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heart.getAttribute('aria-disabled')).toBe('true');
    await expect(heart.getAttribute('aria-pressed')).resolves.toBe('true');
    const isFocused = () => page.evaluate(() => document.activeElement?.matches('.story__title-row button.heart') ?? false);
    expect(await isFocused()).toBe(true);
    // A second press while it saves is ignored (the heart stays pressed).
    await page.keyboard.press('Enter');
    await expect(heart.getAttribute('aria-pressed')).resolves.toBe('true');
    release();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => heart.getAttribute('aria-disabled')).toBeNull();
    await expect(heart.getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await isFocused()).toBe(true);
    await page.unroute(`**/api/v1/experiences/${experience.id}/favorite`);
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.story__title-row button.heart').getAttribute('aria-pressed')).resolves.toBe('true');

    await page.goto('/favorites');
    await hydrated(page);
    await expect(page.getByTestId('favorites').getByText('ハートを押す藍染め体験').count()).resolves.toBe(1);
    await expect(page.getByTestId('favorite-dates').first().textContent()).resolves.toContain(ja.favoritesPage.noDates);
  });
});

describe("hearts on the host's other experiences, and the new-dates mail switch", () => {
  it('saves a heart pressed on an other experience of the experience page, and /favorites turns the mail on', async () => {
    const host = await createUser(orm, { role: 'HOST' });
    const guest = await createUser(orm, { name: 'ハート 次郎' });
    const shown = await createExperience(orm, { hostUserId: host.id, title: '見ている器の体験' });
    const other = await createExperience(orm, { hostUserId: host.id, title: '同じホストの器の体験' });
    const page = await s.newPage({ width: 375, height: 800 });
    await s.signIn(page, guest.email);
    await page.goto(`/stories/${shown.id}`);
    await hydrated(page);
    // The host's other experiences are read when the reader nears them, at the page's end.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));

    const card = page.locator('.story__others li').filter({ hasText: '同じホストの器の体験' });
    const heart = card.locator('button.heart');
    await expect(heart.getAttribute('aria-pressed')).resolves.toBe('false');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/v1/experiences/${other.id}/favorite`) && r.request().method() === 'PUT',
    );
    await heart.click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(card.locator('button.heart').getAttribute('aria-pressed')).resolves.toBe('true');

    await page.goto('/favorites');
    await hydrated(page);
    const toggle = page.getByTestId('favorite-dates-toggle');
    await expect(toggle.isChecked()).resolves.toBe(false);
    // Switched from the keyboard, the box keeps the focus while it saves (aria-disabled, not disabled) and ignores a
    // second press meanwhile, so it shows what is being saved.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let puts = 0;
    await page.route('**/api/v1/account/notifications', async (route) => {
      if (route.request().method() === 'PUT') puts++;
      await held;
      await route.continue();
    });
    const switched = page.waitForResponse((r) => r.url().endsWith('/api/v1/account/notifications') && r.request().method() === 'PUT');
    const isFocused = () => toggle.evaluate((el) => el === document.activeElement);
    // The region that says what was saved is there, empty, before the first change (so its text is read out).
    expect(await page.getByRole('status').textContent()).toBe('');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-disabled')).toBe('true');
    expect(await toggle.evaluate((el: HTMLInputElement) => el.disabled)).toBe(false);
    expect(await isFocused()).toBe(true);
    await page.keyboard.press('Space');
    await expect(toggle.isChecked()).resolves.toBe(true);
    release();
    expect((await switched).status()).toBe(200);
    await expect.poll(() => toggle.getAttribute('aria-disabled')).toBeNull();
    await expect(toggle.isChecked()).resolves.toBe(true);
    expect(await isFocused()).toBe(true);
    expect(puts).toBe(1);
    await page.unroute('**/api/v1/account/notifications');
    await expect(page.getByRole('status').textContent()).resolves.toBe(ja.favoriteDates.favoritesOn);
    await page.goto('/account');
    await hydrated(page);
    await expect(page.locator('input[name="favorite_dates"]').isChecked()).resolves.toBe(true);
    await expect(page.locator('input[name="reminders"]').isChecked()).resolves.toBe(true);
  });
});

describe('sharing', () => {
  it('copies the link with its notice, links LINE, X and Facebook, and states the rating in the head', async () => {
    const reviewer = await createUser(orm);
    const experience = await createExperience(orm, { title: 'シェアする金継ぎ体験', price: 6500 });
    for (const rate of [5, 4, 4]) await createReview(orm, { experienceId: experience.id, guestId: reviewer.id, rate });
    const page = await s.newPage({ width: 1280, height: 900 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.baseUrl });
    await page.goto(`/stories/${experience.id}`);
    await hydrated(page);
    const url = await page.locator('meta[property="og:url"]').getAttribute('content');
    expect(url).toMatch(new RegExp(`/stories/${experience.id}$`));

    await expect(page.getByRole('link', { name: ja.share.line }).getAttribute('href')).resolves.toBe(
      `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(url ?? '')}`,
    );
    await expect(page.getByRole('link', { name: ja.share.facebook }).getAttribute('href')).resolves.toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url ?? '')}`,
    );
    await expect(page.getByRole('link', { name: ja.share.x }).getAttribute('href')).resolves.toContain(
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(url ?? '')}`,
    );

    await laterPartsHydrated(page);
    await page.getByTestId('share-copy').click();
    await expect.poll(() => page.getByTestId('share-notice').textContent()).toBe('リンクをコピーしました');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(url);

    const description = await page.locator('meta[property="og:description"]').getAttribute('content');
    expect(description).toContain('¥6,500');
    expect(description).toContain('★4.3（3件）');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3, bestRating: 5, worstRating: 1 });
  });
});

describe('カレンダーに追加', () => {
  it('downloads the reservation as an .ics in Japan time and links Google Calendar with the zone', async () => {
    const guest = await createUser(orm);
    const experience = await createExperience(orm, { title: '早朝の座禅体験' });
    const slot = await createCalendar(orm, experience.id, { date: '2030-05-01', startTime: '06:00', endTime: '07:30' });
    const reservation = await createReservation(orm, { userId: guest.id, experienceId: experience.id, calendarIds: [slot.id] });
    const page = await s.newPage({ width: 375, height: 800 });
    await s.signIn(page, guest.email);
    await page.goto(`/reservations/${reservation.id}`);
    await hydrated(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('calendar-ics').click()]);
    expect(download.suggestedFilename()).toBe(`tabitoko-reservation-${reservation.id}.ics`);
    const ics = readFileSync(await download.path(), 'utf8');
    expect(ics).toContain('DTSTART;TZID=Asia/Tokyo:20300501T060000');
    expect(ics).toContain('DTEND;TZID=Asia/Tokyo:20300501T073000');
    expect(ics).toContain('SUMMARY:早朝の座禅体験（たびとこ）');

    const google = new URL((await page.getByTestId('calendar-google').getAttribute('href')) ?? '');
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('dates')).toBe('20300501T060000/20300501T073000');
    expect(google.searchParams.get('ctz')).toBe('Asia/Tokyo');
    expect(google.searchParams.get('text')).toBe('早朝の座禅体験（たびとこ）');
  });
});

describe('what the keyboard reaches is not hidden', () => {
  it('keeps a focused control clear of the sticky header and of the experience page’s fixed bar at 375px', async () => {
    const title = '隠れない焦点の体験';
    const experience = await createExperience(orm, { title });
    const page = await s.newPage({ width: 375, height: 700 });
    await page.goto(`/stories/${experience.id}`);
    await hydrated(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom)).toBe('128px');
    /** The focused element's box against the header's bottom and the bar's top. */
    const clearance = () =>
      page.evaluate(() => {
        const box = (document.activeElement as Element).getBoundingClientRect();
        const header = (document.querySelector('.site-header') as Element).getBoundingClientRect();
        const bar = (document.querySelector('.story-bar') as Element).getBoundingClientRect();
        return { belowHeader: box.top >= header.bottom, aboveBar: box.bottom <= bar.top };
      });
    // A footer link focused from the top of the page is scrolled above the bar, not under it.
    const footerLink = page.locator('.site-footer a').first();
    await page.evaluate(() => window.scrollTo(0, 0));
    await footerLink.focus();
    expect(await clearance()).toEqual({ belowHeader: true, aboveBar: true });
    // The title's heart, reached by Shift+Tab from below, is scrolled under the header, not behind it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', { name: ja.nav.heartSignIn(title) }).focus();
    expect(await clearance()).toEqual({ belowHeader: true, aboveBar: true });
  });
});
