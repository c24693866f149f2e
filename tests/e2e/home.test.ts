// The home page as server-only HTML (src/components/server-html.tsx) in Chromium: the hero and the blocks come from
// the server's HTML and the browser never renders them. Hydrating must leave them exactly as sent, without a
// hydration error; their data is not in the page context sent to the browser; the cards' hearts still work.
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

describe('the home page', () => {
  it('stays as the server sent it through hydration, and its blocks are not in the page context', async () => {
    const host = await createUser(orm, { role: 'HOST', name: 'トップ 描子' });
    const experience = await createExperience(orm, { hostUserId: host.id, title: 'トップだけで描く藍染め体験', price: 4200 });

    const page = await s.newPage({ width: 375, height: 800 });
    const errors = pageErrors(page);
    const changes = await watchChanges(page, ['[data-server-html]']);
    await page.goto('/');
    const hero = await page.locator('[data-server-html="hero"]').innerHTML();
    const blocks = await page.locator('[data-server-html="home"]').innerHTML();
    await hydrated(page);

    await expect(page.locator('.hero__title').textContent()).resolves.toBe(ja.home.heroTitle);
    const first = page.getByTestId('experience-card').first();
    await expect(first.getAttribute('href')).resolves.toBe(`/stories/${experience.id}`);
    await expect(first.locator('.xcard__title').textContent()).resolves.toBe('トップだけで描く藍染め体験');
    await expect(first.locator('.xcard__price').textContent()).resolves.toBe(`¥4,200${ja.common.taxIncluded} ${ja.browse.perPerson}`);
    await expect(page.locator('.xgrid .heart').first().getAttribute('href')).resolves.toBe('/logon?redirect=%2F');
    await expect(page.locator('.home__category').count()).resolves.toBeGreaterThan(0);

    expect(await page.locator('[data-server-html="hero"]').innerHTML()).toBe(hero);
    expect(await page.locator('[data-server-html="home"]').innerHTML()).toBe(blocks);
    expect(await changes()).toEqual([]);
    expect(errors).toEqual([]);

    const context = await page.locator('#vike_pageContext').textContent();
    for (const serverOnly of ['トップだけで描く藍染め体験', '/uploads/', 'new_arrivals', 'favoriteIds', 'total_count'])
      expect(context).not.toContain(serverOnly);
  });

  it("signed in, a card's heart saves the favourite and the next load shows it pressed", async () => {
    const host = await createUser(orm, { role: 'HOST', name: 'トップ 心子' });
    const experience = await createExperience(orm, { hostUserId: host.id, title: 'トップでハートを押す陶芸体験' });
    const guest = await createUser(orm, { name: 'トップ 客子' });

    const page = await s.signedInPage(guest.email, { width: 375, height: 800 });
    const errors = pageErrors(page);
    await page.goto('/');
    await hydrated(page);
    const card = page.locator('.xcard-wrap', { has: page.getByText('トップでハートを押す陶芸体験') });
    const heart = card.locator('button.heart');
    await expect(heart.getAttribute('aria-pressed')).resolves.toBe('false');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/v1/experiences/${experience.id}/favorite`) && r.request().method() === 'PUT',
    );
    await heart.click();
    expect((await saved).status()).toBeLessThan(300);
    await expect(heart.getAttribute('aria-pressed')).resolves.toBe('true');

    await page.reload();
    await hydrated(page);
    await expect(
      page
        .locator('.xcard-wrap', { has: page.getByText('トップでハートを押す陶芸体験') })
        .locator('button.heart')
        .getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    expect(errors).toEqual([]);
  });
});
