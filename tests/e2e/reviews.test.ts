// In Chromium: a guest reviews a past reservation on /reservations/{id}/review (stars and text), the review
// shows on /stories/{id} with the rating, and the host replies from /host/reviews; the reply shows on /reviews/{id}.
// The data is written by the factories into the test server's own database.
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, openServerOrm, type Session } from '#tests/e2e/browser';
import type { MikroORM } from '#src/lib/orm';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { createUser } from '#tests/factories/users';
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

describe('reviews', () => {
  it('a guest reviews a past reservation and the host replies', async () => {
    const marker = `E2Eレビュー${Date.now()}`;
    const host = await createUser(orm, { role: 'HOST', name: 'ブラウザ 窯元' });
    const guest = await createUser(orm, { name: 'ブラウザ 旅子' });
    const experience = await createExperience(orm, { hostUserId: host.id, title: 'レビューを書く陶芸体験' });
    const calendar = await createCalendar(orm, experience.id, { date: addDays(todayInJapan(), -2) });
    const reservation = await createReservation(orm, { userId: guest.id, experienceId: experience.id, calendarIds: [calendar.id] });

    // The guest writes the review.
    const page = await s.newPage({ width: 375, height: 800 });
    await s.signIn(page, guest.email);
    await page.goto(`/reservations/${reservation.id}/review`);
    await hydrated(page);
    await expect(page.locator('h1').textContent()).resolves.toBe(ja.reviewPosting.formTitle);
    // Submitting without stars shows the rule, sends nothing.
    await page.getByTestId('review-submit').click();
    await page.getByText(ja.reviewPosting.rateRequired).first().waitFor();
    // The fourth star, as a person taps it (its label; the radio inside is visually hidden).
    await page.locator('label.star-input__star', { has: page.getByTestId('rate-4') }).click();
    await expect.poll(() => page.getByTestId('rate-4').isChecked()).toBe(true);
    // The stars chosen are solid, the others outlines (their shape tells them apart, not only their colour).
    expect(await page.locator('.star-input__star [aria-hidden="true"]').allTextContents()).toEqual(['★', '★', '★', '★', '☆']);
    await page.getByLabel(ja.reviewPosting.content).fill(`${marker} 器づくりがとても楽しかったです。`);
    // The region that says it was posted is there, empty, before the form is sent (so its text is read out).
    expect(await page.getByRole('status').textContent()).toBe('');
    const posted = page.waitForResponse((r) => r.url().endsWith(`/api/v1/reservations/${reservation.id}/review`));
    await page.getByTestId('review-submit').click();
    expect((await posted).status()).toBe(201);
    await page.getByText(ja.reviewPosting.posted).waitFor();
    expect(await page.getByRole('status').textContent()).toBe(ja.reviewPosting.posted);
    await expect(page.getByTestId('review-posted').textContent()).resolves.toContain(marker);

    // It is on the experience page, with the rating.
    await page.goto(`/stories/${experience.id}`);
    await hydrated(page);
    // The first reviews are read when the reader nears them.
    await page.getByTestId('all-reviews').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('review').first().textContent()).resolves.toContain(marker);
    await expect(page.getByTestId('rating-summary').textContent()).resolves.toContain(ja.reviewPosting.averageLabel('4.0', 1));

    // The host replies from their reviews page.
    const hostPage = await s.newPage({ width: 1280, height: 900 });
    await s.signIn(hostPage, host.email);
    await hostPage.goto('/host/reviews');
    await hydrated(hostPage);
    const item = hostPage.getByTestId('host-review').filter({ hasText: marker });
    await expect(item.textContent()).resolves.toContain(ja.reviewPosting.unreplied);
    await item.getByLabel(ja.reviewPosting.replyLabel).fill('ご参加ありがとうございました。またお待ちしています。');
    const replied = hostPage.waitForResponse((r) => r.url().includes('/reply'));
    await item.getByTestId('reply-submit').click();
    expect((await replied).status()).toBe(200);
    await item.getByText(ja.reviewPosting.replied).waitFor();
    expect(await item.getByTestId('reply-form').count()).toBe(0);

    // The reply shows under the review on the reviews page; the guest's form now shows the posted review.
    await page.goto(`/reviews/${experience.id}`);
    const shown = page.getByTestId('review').filter({ hasText: marker });
    await expect(shown.textContent()).resolves.toContain('ご参加ありがとうございました。またお待ちしています。');
    await expect(shown.textContent()).resolves.toContain(ja.browse.hostReply);
    await page.goto(`/reservations/${reservation.id}/review`);
    await expect(page.getByTestId('review-posted').textContent()).resolves.toContain('ご参加ありがとうございました。');
    expect(await page.getByTestId('review-submit').count()).toBe(0);
  });

  it("shows when the window opens for a reservation whose slot has not ended, and 404 for another guest's", async () => {
    const guest = await createUser(orm);
    const other = await createUser(orm);
    const experience = await createExperience(orm, { title: 'まだ先の体験' });
    const calendar = await createCalendar(orm, experience.id, { date: addDays(todayInJapan(), 5), endTime: '12:00' });
    const reservation = await createReservation(orm, { userId: guest.id, experienceId: experience.id, calendarIds: [calendar.id] });
    const page = await s.newPage();
    await s.signIn(page, guest.email);
    await page.goto(`/reservations/${reservation.id}/review`);
    await expect(page.getByTestId('review-not-yet').textContent()).resolves.toContain('12:00');
    expect(await page.getByTestId('review-submit').count()).toBe(0);

    const otherPage = await s.newPage();
    await s.signIn(otherPage, other.email);
    const res = await otherPage.goto(`/reservations/${reservation.id}/review`);
    expect(res?.status()).toBe(404);
  });

  it('keeps the 未返信 badge on one line beside a long experience title at 375 px', async () => {
    const host = await createUser(orm, { role: 'HOST', name: '長い題名 ホスト' });
    const guest = await createUser(orm);
    const title = `古い町家で季節の和菓子を職人と一緒に手づくりし抹茶とともに味わう午後のひととき ${Date.now()}`;
    const experience = await createExperience(orm, { hostUserId: host.id, title });
    await createReview(orm, { experienceId: experience.id, guestId: guest.id, rate: 5 });
    const page = await s.newPage({ width: 375, height: 800 });
    await s.signIn(page, host.email);
    await page.goto('/host/reviews');
    await hydrated(page);
    const badge = page.getByTestId('host-review').filter({ hasText: title }).locator('.host-reviews__experience .badge');
    expect(await badge.textContent()).toBe(ja.reviewPosting.unreplied);
    // Its text takes one line box and fits the pill: the badge neither wraps nor shrinks.
    const layout = await badge.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return { lines: range.getClientRects().length, fits: el.scrollWidth <= el.clientWidth };
    });
    expect(layout).toEqual({ lines: 1, fits: true });
  });
});
