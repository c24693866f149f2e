// The list filters in Chromium: a filter submitted from the form lands in the URL, the list and its count follow
// it, a reload shows the same list with the form still filled in, and the page links keep the filters (the admin's
// communities, client-loaded; the brand portal's applications, server-rendered).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, type Session } from '#tests/e2e/browser';

let s: Session;

beforeAll(async () => {
  s = await openBrowser();
});

function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000 });
}

const filters = (page: Page) => page.getByTestId('list-filters');

describe('admin communities', () => {
  it('filters by keyword and 公開状態 through the URL, and a reload keeps list, count and form', async () => {
    const page = await s.newPage({ width: 1280, height: 900 });
    await s.signIn(page, 'admin@example.com');
    await page.goto('/admin/communities');
    await hydrated(page);
    await filters(page).getByLabel('キーワード').fill('山歩き');
    await filters(page).getByLabel('公開状態').selectOption('true');
    await filters(page).getByRole('button', { name: '絞り込む' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === '山歩き' && url.searchParams.get('published') === 'true');
    const names = () => page.getByTestId('communities-table').locator('tbody tr td:nth-child(2)').allTextContents();
    await poll(names).toEqual(['はじめての山歩き部']);
    await poll(() => page.getByTestId('list-count').textContent()).toBe('1件');

    await page.reload();
    await hydrated(page);
    await poll(names).toEqual(['はじめての山歩き部']);
    expect(await filters(page).getByLabel('キーワード').inputValue()).toBe('山歩き');
    expect(await filters(page).getByLabel('公開状態').inputValue()).toBe('true');
    for (const href of await page
      .getByTestId('admin-pagination')
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).toContain('published=true');
      expect(href).toContain(`q=${encodeURIComponent('山歩き')}`);
    }
    // 条件をクリア: every community again.
    await filters(page).getByRole('link', { name: '条件をクリア' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/communities' && url.search === '');
    await poll(async () => (await names()).length).toBeGreaterThan(1);
  });
});

describe('brand portal applications', () => {
  it('filters by community through the URL (server-rendered), and a reload shows the same rows', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto('/brand/sign_in');
    await hydrated(page);
    await page.getByLabel('メールアドレス').fill('brand@example.com');
    await page.getByLabel('パスワード').fill('password1234');
    await page.getByRole('button', { name: 'ログインする' }).click();
    await page.waitForURL((url) => url.pathname === '/brand');
    await page.goto('/brand/community_applications');
    await hydrated(page);
    const select = filters(page).getByLabel('コミュニティ');
    const options = await select.locator('option').allTextContents();
    const community = options[1];
    await select.selectOption({ label: community });
    await filters(page).getByRole('button', { name: '絞り込む' }).click();
    await page.waitForURL((url) => url.searchParams.has('community_id'));
    const communities = async () =>
      new Set(await page.getByTestId('applications-table').locator('tbody tr td:nth-child(3)').allTextContents());
    const shown = await communities();
    expect([...shown].every((name) => name === community)).toBe(true);
    const count = await page.getByTestId('list-count').textContent();
    await page.reload();
    await hydrated(page);
    expect(await communities()).toEqual(shown);
    expect(await page.getByTestId('list-count').textContent()).toBe(count);
    expect(await filters(page).getByLabel('コミュニティ').locator('option:checked').textContent()).toBe(community);

    // A date the server refuses: the unfiltered list with the reason, not an error page.
    const refused = await page.goto('/brand/community_applications?since=2026-02-30');
    expect(refused?.status()).toBe(200);
    expect(await page.getByTestId('filter-error').textContent()).toBe(
      '絞り込み条件を確認してください（開始日は YYYY-MM-DD の形式の正しい日付で指定してください）。条件なしの一覧を表示しています。',
    );
    expect(await page.getByTestId('applications-table').locator('tbody tr').count()).toBeGreaterThan(0);
  });
});
