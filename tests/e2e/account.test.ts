// The account page in the browser: reached from the header, the notification settings saved with a notice (focused,
// so it is announced), a wrong current password shown on its field (focused), and the profile's name and avatar saved
// into the header.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, nextLoad, openBrowser, type Session } from '#tests/e2e/browser';

const root = path.resolve(import.meta.dirname, '../..');

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
    await page.getByTestId('save-notifications').focus();
    await page.keyboard.press('Enter');
    await saved;
    await expect.poll(() => page.getByTestId('account-notice').textContent()).toBe('お知らせメールの設定を保存しました');
    // After the reload the notice has the focus (not <body>), so a screen reader reads it; the focus reads it, so it
    // is no live region, which would read it a second time.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('account-notice');
    expect(await page.getByRole('status').filter({ hasText: 'お知らせメールの設定を保存しました' }).count()).toBe(0);
    expect(await page.locator('input[name="reminders"]').isChecked()).toBe(false);

    // The password section's field (the e-mail section has a current password field of its own).
    const password = page.locator('form:has([data-testid="change-password"])');
    await password.locator('input[name="current_password"]').fill('wrong1234');
    await password.locator('input[name="new_password"]').fill('newpass2026');
    await page.getByTestId('change-password').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('現在のパスワードが正しくありません').count()).toBe(1);
    // The server's refusal moves the focus to the field it is about, whose description is the message.
    const current = await page.evaluate(() => {
      const el = document.activeElement;
      const described = (el?.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      return { name: el?.getAttribute('name'), inPassword: !!el?.closest('form:has([data-testid="change-password"])'), described };
    });
    expect(current.name).toBe('current_password');
    expect(current.inPassword).toBe(true);
    expect(current.described).toContain('現在のパスワードが正しくありません');

    // Without a photo, the header's account link shows the name's first letter in the avatar's place.
    const headerAvatar = page.getByTestId('account-link').locator('.avatar');
    expect(await headerAvatar.evaluate((el) => [el.tagName, el.textContent])).toEqual(['SPAN', '設']);

    await page.fill('input[name="name"]', '新しい ブラウザ');
    await page.getByTestId('image-input').setInputFiles([path.join(root, 'seeds/images/ambassador-1.jpg')]);
    await expect.poll(() => page.locator('.image-uploader__thumb').count()).toBe(1);
    const profile = nextLoad(page);
    await page.getByTestId('save-profile').click();
    await profile;
    await expect.poll(() => page.getByTestId('current-user').textContent()).toBe('新しい ブラウザさん');
    // The uploaded photo is the header's avatar, loaded and drawn at its 28 px in the opened menu.
    await hydrated(page);
    await page.locator('.site-header__toggle').click();
    const photo = page.getByTestId('account-link').locator('img.avatar');
    expect(await photo.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]+/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await photo.evaluate((img) => img.getBoundingClientRect().width)).toBe(28);
  });
});
