// The account page in the browser: reached from the header, the notification settings saved with a notice, a wrong
// current password shown on its field, and the profile's name saved into the header.
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, nextLoad, openBrowser, type Session } from '#tests/e2e/browser';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
});

describe('/account', () => {
  it('opens from the header and saves each section', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await s.signUp(page, '設定 ブラウザ');
    await page.goto('/');
    await hydrated(page);
    await page.locator('.site-header__toggle').click();
    const loaded = nextLoad(page);
    await page.getByTestId('account-link').click();
    await loaded;
    expect(new URL(page.url()).pathname).toBe('/account');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('アカウント設定');
    await expect.poll(() => page.getByTestId('account-sessions').locator('li').count()).toBe(1);

    await page.locator('input[name="reminders"]').uncheck();
    const saved = nextLoad(page);
    await page.getByTestId('save-notifications').click();
    await saved;
    await expect.poll(() => page.getByTestId('account-notice').textContent()).toBe('お知らせメールの設定を保存しました');
    expect(await page.locator('input[name="reminders"]').isChecked()).toBe(false);

    // The password section's field (the e-mail section has a current password field of its own).
    const password = page.locator('form:has([data-testid="change-password"])');
    await password.locator('input[name="current_password"]').fill('wrong1234');
    await password.locator('input[name="new_password"]').fill('newpass2026');
    await page.getByTestId('change-password').click();
    await expect.poll(() => page.getByText('現在のパスワードが正しくありません').count()).toBe(1);

    await page.fill('input[name="name"]', '新しい ブラウザ');
    const profile = nextLoad(page);
    await page.getByTestId('save-profile').click();
    await profile;
    await expect.poll(() => page.getByTestId('current-user').textContent()).toBe('新しい ブラウザさん');
  });
});
