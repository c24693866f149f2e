// /brand/account in the browser: reached from the portal header, a wrong current password shown on its field, the
// other device signed out (it lands on the portal's sign-in, with the way back), and the password changed with a
// notice, after which only the new password signs in.
import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, nextLoad, openBrowser, serverDatabaseUrl, type Session } from '#tests/e2e/browser';
import { testDataHash } from '#tests/factories/users';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
});

const PASSWORD = 'portalpass1';

/** A member of the first demo brand who accepted the invitation, written straight into the server's database. */
async function createMember(email: string): Promise<void> {
  const db = new pg.Client({ connectionString: serverDatabaseUrl() });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO brand_members (brand_id, email, password_hash, invitation_accepted, invitation_accepted_at)
       VALUES ((SELECT id FROM brands ORDER BY id LIMIT 1), $1, $2, true, now())`,
      [email, await testDataHash(PASSWORD)],
    );
  } finally {
    await db.end();
  }
}

let address = 0;
async function signIn(page: Page, email: string, password = PASSWORD): Promise<number> {
  address += 1;
  const res = await page.request.post(`${s.baseUrl}/brand/api/v1/brand-members/sign-in`, {
    data: { email, password },
    headers: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250) + 1}.${address}` },
  });
  return res.status();
}

describe('/brand/account', () => {
  it('opens from the header, signs the other device out and changes the password', async () => {
    const email = `portal-account-${Date.now()}@example.com`;
    await createMember(email);
    const page = await s.newPage({ width: 375, height: 800 });
    const other = await s.newPage();
    expect(await signIn(page, email)).toBe(201);
    expect(await signIn(other, email)).toBe(201);

    await page.goto('/brand');
    await hydrated(page);
    let loaded = nextLoad(page);
    await page.getByTestId('account-link').click();
    await loaded;
    expect(new URL(page.url()).pathname).toBe('/brand/account');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('アカウント設定');
    const sessions = page.getByTestId('account-sessions').locator('li');
    expect(await sessions.count()).toBe(2);
    expect(await sessions.first().textContent()).toContain('この端末');

    // A wrong current password stays on its field; nothing reloads.
    const password = page.locator('section[aria-labelledby="account-password"]');
    await password.getByLabel('現在のパスワード').fill('notmypass1');
    await password.getByLabel('新しいパスワード').fill('portalpass2');
    await page.getByTestId('change-password').click();
    await expect.poll(() => password.getByText('現在のパスワードが正しくありません').count()).toBe(1);

    // Sign out everywhere else, after the confirmation.
    await page.getByTestId('sign-out-others').click();
    loaded = nextLoad(page);
    await page.getByRole('dialog').getByRole('button', { name: '他のすべての端末からログアウト' }).click();
    await loaded;
    await expect.poll(() => page.getByTestId('account-notice').textContent()).toBe('他の1台の端末からログアウトしました');
    expect(await sessions.count()).toBe(1);
    expect(await page.getByText('他にログイン中の端末はありません').count()).toBe(1);
    await other.goto('/brand/account');
    expect(new URL(other.url()).pathname + new URL(other.url()).search).toBe('/brand/sign_in?redirect=%2Fbrand%2Faccount');

    // The password change, with its notice.
    await password.getByLabel('現在のパスワード').fill(PASSWORD);
    await password.getByLabel('新しいパスワード').fill('portalpass2');
    loaded = nextLoad(page);
    await page.getByTestId('change-password').click();
    await loaded;
    await expect
      .poll(() => page.getByTestId('account-notice').textContent())
      .toBe('パスワードを変更しました。他の端末からはログアウトしました');
    expect(await signIn(other, email)).toBe(401);
    expect(await signIn(other, email, 'portalpass2')).toBe(201);
  });
});
