import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { holdLaterChunks, hydrated, openBrowser, type Session } from '#tests/e2e/browser';
import * as ja from '#src/i18n/ja';

/** What has the focus: its tag, name, test id, and whether it is a form's error summary or an invalid control. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName,
      name: el?.getAttribute('name') ?? null,
      testId: el?.getAttribute('data-testid') ?? null,
      summary: el?.hasAttribute('data-form-errors') ?? false,
      invalid: el?.getAttribute('aria-invalid') === 'true',
    };
  });

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
    // Focused when it appears, so that a screen reader reads it (a status filled before it is read is not announced);
    // the focus reads it, so it is no live region too, which would read it a second time.
    await expect.poll(async () => (await focused(page)).testId).toBe('page-notice');
    expect(await page.getByTestId('page-notice').getAttribute('role')).toBeNull();
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

  it('closes the open menu when the focus leaves the header by Tab, so nothing it covers gets the focus', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto('/logon');
    await hydrated(page);
    const toggle = page.locator('.site-header__toggle');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    // Within the menu the focus moves and the menu stays open.
    await page.locator('#site-nav a').first().focus();
    await page.keyboard.press('Tab');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // Tab past the menu's last control: the focus is on the page, and the menu has closed.
    await page.locator('#site-nav :is(a, button)').last().focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.querySelector('.site-header')?.contains(document.activeElement))).toBe(false);
  });
});

describe('the sign-in and sign-up tabs', () => {
  it('are one tab stop whose arrow keys, Home and End choose the other tab and move the focus to it', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto('/logon');
    await hydrated(page);
    const logon = page.getByRole('tab', { name: 'ログイン' });
    const signup = page.getByRole('tab', { name: '新規登録' });
    expect([await logon.getAttribute('tabindex'), await signup.getAttribute('tabindex')]).toEqual(['0', '-1']);
    // The panel is named by its tab.
    expect(await page.getByRole('tabpanel', { name: 'ログイン' }).count()).toBe(1);
    await logon.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => signup.getAttribute('aria-selected')).toBe('true');
    expect(await signup.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('tabpanel', { name: '新規登録' }).locator('input[name="name"]').count()).toBe(1);
    // Past the last tab, the first again; Home and End go to the ends.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => logon.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    await expect.poll(() => signup.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    await expect.poll(() => logon.getAttribute('aria-selected')).toBe('true');
    expect(await logon.evaluate((el) => el === document.activeElement)).toBe(true);
    // Tab leaves the tabs for the form: the unselected tab is no stop.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
  });
});

describe('focus after a submit', () => {
  it('moves to the first invalid field after the browser refuses a sign-in, and to the summary after the server does', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto('/logon');
    await hydrated(page);
    const submit = page.getByRole('button', { name: ja.auth.submitLogon });
    // Nothing filled in: the browser's check refuses, and the focus goes to the e-mail field (its label and message
    // are read: aria-describedby).
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe('email');
    expect((await focused(page)).invalid).toBe(true);

    // A wrong password: while the server answers, the button keeps the focus (aria-disabled, not disabled); then the
    // summary at the top of the form has it.
    await page.fill('input[name="email"]', `nobody-${Date.now()}@example.com`);
    await page.fill('input[name="password"]', 'wrong1234');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let routed = () => {};
    // Playwright emits a request's 'request' event before it hands the request to the route: once the route has it,
    // the first request's event is behind us and the counter below sees only a second one.
    const reached = new Promise<void>((resolve) => {
      routed = resolve;
    });
    await page.route('**/api/v1/sessions', async (route) => {
      routed();
      await held;
      await route.continue();
    });
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => submit.getAttribute('aria-disabled')).toBe('true');
    // Playwright's isDisabled() counts aria-disabled too: the DOM property says the button is not disabled.
    expect(await submit.evaluate((button: HTMLButtonElement) => button.disabled)).toBe(false);
    expect((await focused(page)).tag).toBe('BUTTON');
    // A second press meanwhile sends nothing more.
    await reached;
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/sessions')) sent++;
    });
    await page.keyboard.press('Enter');
    release();
    await expect.poll(async () => (await focused(page)).summary).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(ja.auth.invalidCredentials);
    expect(await submit.getAttribute('aria-disabled')).toBeNull();
    expect(sent).toBe(0);
  });
});

describe('focus ring and motion', () => {
  it('draws a dark two-tone focus ring, and stops animations and smooth scrolling for reduced motion', async () => {
    const page = await s.newPage({ width: 1280, height: 800 });
    await page.goto('/logon');
    await hydrated(page);
    // The sticky header's height is kept clear when something is focused or scrolled into view.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop)).toBe('77px');
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { color: style.outlineColor, width: style.outlineWidth, style: style.outlineStyle, band: style.boxShadow };
    });
    expect(ring).toEqual({ color: 'rgb(154, 52, 18)', width: '3px', style: 'solid', band: 'rgb(255, 255, 255) 0px 0px 0px 2px' });

    const reduced = await s.newPage({ width: 1280, height: 800 });
    await reduced.emulateMedia({ reducedMotion: 'reduce' });
    await reduced.goto('/logon');
    await hydrated(reduced);
    const motion = await reduced.evaluate(() => {
      const button = getComputedStyle(document.querySelector('.button') as Element);
      return { transition: button.transitionDuration, scroll: getComputedStyle(document.documentElement).scrollBehavior };
    });
    expect(motion).toEqual({ transition: '1e-05s', scroll: 'auto' });
  });
});
