// The experience page's server-only parts in Chromium (src/components/server-html.tsx): the tags, the host line, the
// description, the inspiration, the details and the rating's stars come from the server's HTML, and the browser never
// renders them. Hydrating the page, then selecting slots (a re-render of the page), must leave them exactly as sent,
// without a hydration error; and what only they read is not in the page context sent to the browser.
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, openServerOrm, pageErrors, type Session, watchChanges } from '#tests/e2e/browser';
import type { MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReview } from '#tests/factories/reviews';
import * as ja from '#src/i18n/ja';

/** The server-only parts' elements on the experience page. */
const PARTS = [
  '.story__tags',
  '.story__host',
  '.story__body > section:nth-child(1)',
  '.story__body > section:nth-child(2)',
  '.story__body > section:nth-child(3)',
  '.rating-summary',
];

let s: Session;
let orm: MikroORM;

beforeAll(async () => {
  s = await openBrowser();
  orm = await openServerOrm();
}, 60_000);

describe('the experience page’s server-only parts', () => {
  it('stay as the server sent them through hydration and a re-render, and their data is not in the page context', async () => {
    const host = await createUser(orm, { role: 'HOST', name: '静的 窯子' });
    const experience = await createExperience(orm, {
      hostUserId: host.id,
      title: 'サーバーだけで描く陶芸体験',
      themeIds: [1, 2],
      options: [{ name: '絵付けセット', description: '筆と絵の具のセット', price: 800 }],
    });
    for (const days of [3, 4, 5]) await createCalendar(orm, experience.id, { daysFromToday: days });
    const guest = await createUser(orm);
    await createReview(orm, { experienceId: experience.id, guestId: guest.id, rate: 4 });

    const page = await s.newPage({ width: 1280, height: 900 });
    const errors = pageErrors(page);
    const changes = await watchChanges(page, PARTS);

    await page.goto(`/stories/${experience.id}`);
    await hydrated(page);
    const before = await Promise.all(PARTS.map((selector) => page.locator(selector).innerHTML()));

    await expect(page.locator('.story__tags').textContent()).resolves.toContain('#');
    await expect(page.locator('.story__host').textContent()).resolves.toContain('静的 窯子');
    await expect(page.locator(PARTS[2]).textContent()).resolves.toBe(
      `${ja.browse.description}粘土にふれながら、ゆっくり器を形にしていく2時間です。`,
    );
    await expect(page.locator(PARTS[3]).textContent()).resolves.toBe(`${ja.browse.inspiration}日々の食卓に、手でつくった器をひとつ。`);
    await expect(page.locator(PARTS[4]).textContent()).resolves.toContain('絵付けセット');
    await expect(page.locator(PARTS[4]).textContent()).resolves.toContain('汚れてもよい服装でお越しください。');
    await expect(page.getByTestId('rating-summary').textContent()).resolves.toContain(ja.reviewPosting.averageLabel('4.0', 1));
    await expect(page.getByTestId('host-link').getAttribute('href')).resolves.toBe(`/users/${host.id}`);

    // Selecting two slots re-renders the page (the count, the bar); the parts stay.
    const slots = page.locator('.story__schedule [data-calendar-id]');
    await slots.nth(0).click();
    await slots.nth(1).click();
    await expect(page.getByTestId('selected-count').textContent()).resolves.toBe(ja.browse.selectedCount(2));
    const after = await Promise.all(PARTS.map((selector) => page.locator(selector).innerHTML()));
    expect(after).toEqual(before);
    expect(await changes()).toEqual([]);
    expect(errors).toEqual([]);

    // The page context carries what the hydrated parts read, not the texts the HTML already has.
    const context = await page.locator('#vike_pageContext').textContent();
    expect(context).toContain('サーバーだけで描く陶芸体験');
    for (const serverOnly of [
      '粘土にふれながら',
      '日々の食卓に',
      '汚れてもよい服装',
      '絵付けセット',
      'recurrence_rule_uuid',
      'experience_id',
      'category_name',
    ]) {
      expect(context).not.toContain(serverOnly);
    }
  });

  it('stay filled when React renders the page afresh in the browser after a hydration error', async () => {
    const experience = await createExperience(orm, { title: '作り直されても残る体験', price: 4500 });
    const page = await s.newPage({ width: 375, height: 800 });
    // The booking bar's price differs from what the browser renders: React gives up hydrating and renders the whole
    // page anew, replacing the server's elements.
    await page.route(`**/stories/${experience.id}`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('<strong>¥4,500</strong>', '<strong>¥9,999</strong>');
      await route.fulfill({ response, body: html });
    });
    await page.goto(`/stories/${experience.id}`);
    await hydrated(page);
    await expect(page.locator('.story-bar__price strong').textContent()).resolves.toBe('¥4,500');
    await expect(page.locator(PARTS[2]).textContent()).resolves.toBe(
      `${ja.browse.description}粘土にふれながら、ゆっくり器を形にしていく2時間です。`,
    );
    await expect(page.locator(PARTS[4]).textContent()).resolves.toContain('汚れてもよい服装でお越しください。');
    await expect(page.locator('.story__host').textContent()).resolves.toContain(ja.browse.hostLabel);
  });
});
