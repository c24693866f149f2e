import { beforeAll, describe, expect, it } from 'vitest';
import { holdLaterChunks, hydrated, openBrowser, type Session } from '#tests/e2e/browser';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
});

describe('page shell', () => {
  it('is server-rendered in Japanese and hydrates (a click changes the page)', async () => {
    const html = await (await fetch(`${s.baseUrl}/logon`)).text();
    expect(html).toContain('<html lang="ja"');
    expect(html).toContain('ログイン');

    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto('/logon');
    await hydrated(page);
    await page.getByRole('tab', { name: '新規登録' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('新規登録');
  });

  it('signs up, comes back to the page it came from, and shows the user in the header', async () => {
    const page = await s.newPage();
    await page.goto('/logon?redirect=%2F%3Ffrom%3Dlogon&mode=signup');
    await hydrated(page);
    const email = `browser-${Date.now()}@example.com`;
    await page.fill('input[name="name"]', 'ブラウザ 太郎');
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', 'abcd1234');
    await page.check('input[name="agree_terms"]');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL('**/?from=logon');
    await expect.poll(() => page.getByTestId('current-user').textContent()).toBe('ブラウザ 太郎さん');
    // The page it lands on says the account was made and where the verification mail went, once.
    await expect
      .poll(() => page.getByTestId('page-notice').textContent())
      .toBe(
        `アカウントを作成しました。${email} に確認メールを送信しました。メール内のリンクを開いて、メールアドレスの確認を完了してください。`,
      );
    expect(await page.getByTestId('page-notice').getAttribute('role')).toBe('status');
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId('page-notice').count()).toBe(0);
  });

  it('signing in shows no sign-up notice', async () => {
    const page = await s.newPage();
    const email = `browser-notice-${Date.now()}@example.com`;
    await page.goto('/logon?mode=signup');
    await hydrated(page);
    await page.fill('input[name="name"]', 'ブラウザ 次郎');
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', 'abcd1234');
    await page.check('input[name="agree_terms"]');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByTestId('page-notice').waitFor();
    await page.context().clearCookies();
    await page.goto('/logon');
    await hydrated(page);
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', 'abcd1234');
    await page.getByRole('button', { name: 'ログインする' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByTestId('current-user').textContent()).toBe('ブラウザ 次郎さん');
    expect(await page.getByTestId('page-notice').count()).toBe(0);
  });

  it('answers unknown pages with a Japanese 404 page', async () => {
    const res = await fetch(`${s.baseUrl}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('ページが見つかりません');
  });

  it('hydrates the 404 page like the others: its menu opens', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto('/no/such/page');
    await hydrated(page);
    const toggle = page.locator('.site-header__toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes the open menu with Escape and gives the focus back to its toggle, before the links’ code has come', async () => {
    // The menu's links are hydrated later, from a chunk the page's HTML does not load (hydrateLater). The scripts the
    // HTML names load as usual; every other script waits until the test ends, so Escape is pressed on a link React has
    // not hydrated yet, as a keyboard user on a slow connection would.
    const page = await s.newPage({ width: 375, height: 800 });
    const chunks = await holdLaterChunks(page, '/no/such/page');
    await page.goto('/no/such/page');
    await hydrated(page);
    const toggle = page.locator('.site-header__toggle');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.locator('#site-nav a').first().focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('site-header__toggle'))).toBe(true);
    expect(await page.locator('#site-nav').getAttribute('class')).toBe('site-nav');
    expect(chunks.held()).toBeGreaterThan(0);
  });
});
