// The /stories list's cards as server-only HTML (src/components/server-html.tsx) in Chromium: the grid comes from the
// server's HTML and the browser never renders it. Hydrating the page and opening 条件をさらに指定 (a re-render of the
// search form) must leave the cards exactly as sent, without a hydration error; the cards' data is not in the page
// context sent to the browser.
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, openServerOrm, pageErrors, type Session, watchChanges } from '#tests/e2e/browser';
import type { MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';
import { createExperience } from '#tests/factories/experiences';
import * as ja from '#src/i18n/ja';

let s: Session;
let orm: MikroORM;

beforeAll(async () => {
  s = await openBrowser();
  orm = await openServerOrm();
}, 60_000);

describe('the /stories cards', () => {
  it('stay as the server sent them through hydration and the search form opening, and are not in the page context', async () => {
    const host = await createUser(orm, { role: 'HOST', name: '一覧 描子' });
    const experience = await createExperience(orm, { hostUserId: host.id, title: '一覧だけで描く藍染め体験', price: 3800 });

    const page = await s.newPage({ width: 1280, height: 900 });
    const errors = pageErrors(page);
    const changes = await watchChanges(page, ['.xgrid']);

    await page.goto('/stories');
    const sent = await page.locator('.xgrid').innerHTML();
    await hydrated(page);
    const first = page.getByTestId('experience-card').first();
    await expect(first.getAttribute('href')).resolves.toBe(`/stories/${experience.id}`);
    await expect(first.locator('.xcard__title').textContent()).resolves.toBe('一覧だけで描く藍染め体験');
    await expect(first.locator('.xcard__price').textContent()).resolves.toBe(`¥3,800${ja.common.taxIncluded} ${ja.browse.perPerson}`);
    await expect(first.locator('.xcard__host').textContent()).resolves.toBe(experience.hostedBy);
    await expect(page.locator('.xgrid .heart').first().getAttribute('href')).resolves.toBe('/logon?redirect=%2Fstories');
    // Each heart is named by its card's experience, not all alike.
    await expect(page.getByRole('link', { name: ja.nav.heartSignIn('一覧だけで描く藍染め体験') }).count()).resolves.toBe(1);
    const cards = await page.locator('.xgrid > li').evaluateAll((items) =>
      items.map((li) => ({
        title: li.querySelector('.xcard__title')?.textContent ?? '',
        name: li.querySelector('.heart')?.getAttribute('aria-label'),
      })),
    );
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.name).toBe(ja.nav.heartSignIn(card.title));

    // Opening 条件をさらに指定 re-renders the search form (its fields appear); the cards stay.
    await page.locator('.search__more > summary').click();
    // The fields come with the re-render after the toggle, not with the click itself.
    await page.locator('select[name="theme_id"]').waitFor();
    await expect(page.locator('select[name="theme_id"]').count()).resolves.toBe(1);
    expect(await page.locator('.xgrid').innerHTML()).toBe(sent);
    expect(await changes()).toEqual([]);
    expect(errors).toEqual([]);

    // The page context carries the count and the search, not the cards.
    const context = await page.locator('#vike_pageContext').textContent();
    expect(context).toContain('"cardCount":12');
    for (const serverOnly of ['一覧だけで描く藍染め体験', '/uploads/', 'hosted_by', 'favoriteIds'])
      expect(context).not.toContain(serverOnly);
  });
});
