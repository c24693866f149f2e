// Leaving (退会) and the copy of one's data in Chromium, on the built server with its workers: the copy is asked for
// on /account, built by the worker, mailed (the link read from the outbox) and downloaded from the link's page; leaving
// goes from /account to the confirmation page, refuses a missing password and checkbox on their fields, and ends
// with the completion and no session; an administrator finds a user on /admin/users and makes them leave.
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, nextLoad, openBrowser, openServerOrm, type Session } from '#tests/e2e/browser';
import type { MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';

let s: Session;
let orm: MikroORM;
beforeAll(async () => {
  s = await openBrowser();
  orm = await openServerOrm();
});

/** The mailed link's path, once the worker has built the copy. */
async function mailedLinkPath(email: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const rows = await orm.em
          .fork()
          .execute<{ text_body: string }[]>(`SELECT text_body FROM mail_outbox WHERE to_address = ? AND dedupe_key LIKE 'data_export:%'`, [
            email,
          ]);
        path = /\/account\/data-export\/[A-Za-z0-9_-]+/.exec(rows[0]?.text_body ?? '')?.[0] ?? '';
        return path !== '';
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return path;
}

describe('the copy of one’s data', () => {
  it('is requested on /account, mailed, and downloaded from the link (375px)', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    const email = await s.signUp(page, '写し ブラウザ');
    await page.goto('/account');
    await hydrated(page);
    const reloaded = nextLoad(page);
    await page.getByTestId('request-data-export').click();
    await reloaded;
    await expect
      .poll(() => page.getByTestId('account-notice').textContent())
      .toBe('データのコピーを申し込みました。準備ができたらメールでお知らせします');
    const path = await mailedLinkPath(email);
    await page.goto('/account');
    await expect.poll(() => page.getByTestId('data-export-state').textContent()).toMatch(/^準備ができました。メールでお送りしたリンクから/);

    await page.goto(path);
    await hydrated(page);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-json').click()]);
    expect(file.suggestedFilename()).toMatch(/^tabitoko-data-\d{4}-\d{2}-\d{2}\.json$/);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/^tabitoko-reservations-\d{4}-\d{2}-\d{2}\.csv$/);

    await page.goto('/account/data-export/not-the-right-token-0000000');
    await expect.poll(() => page.getByTestId('data-export-unusable').count()).toBe(1);
  });
});

describe('leaving', () => {
  it('goes from /account to the confirmation, checks the form, and ends signed out (1280px)', async () => {
    const page = await s.newPage({ width: 1280, height: 900 });
    const email = await s.signUp(page, '退会 ブラウザ');
    await page.goto('/account');
    await hydrated(page);
    const opened = nextLoad(page);
    await page.getByTestId('leave-link').click();
    await opened;
    expect(new URL(page.url()).pathname).toBe('/account/leave');
    await hydrated(page);
    await expect.poll(() => page.getByTestId('leave-what-happens').locator('li').count()).toBe(7);

    await page.getByTestId('leave-submit').click();
    await expect.poll(() => page.locator('.field__error', { hasText: '現在のパスワードを入力してください' }).count()).toBe(1);
    await expect.poll(() => page.locator('.field__error', { hasText: '内容を確認して、チェックを入れてください' }).count()).toBe(1);
    await page.fill('input[name="password"]', 'wrong-pass1');
    await page.check('input[name="understood"]');
    await page.getByTestId('leave-submit').click();
    await expect.poll(() => page.locator('.field__error', { hasText: 'パスワードが正しくありません' }).count()).toBe(1);

    await page.fill('input[name="password"]', 'abcd1234');
    await page.getByTestId('leave-submit').click();
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('退会しました');
    const me = await page.request.get(`${s.baseUrl}/api/v1/me`);
    expect(me.status()).toBe(401);
    const [row] = await orm.em.fork().execute<{ n: string }[]>('SELECT count(*) AS n FROM users WHERE email = ?', [email]);
    expect(Number(row.n)).toBe(0);
  });
});

describe('the administrator', () => {
  it('finds a user on /admin/users and makes them leave (375px)', async () => {
    const target = await createUser(orm, { name: `管理で退会 ${Date.now()}` });
    const page = await s.newPage({ width: 375, height: 800 });
    await s.signIn(page, 'admin@example.com');
    await page.goto('/admin/users');
    await hydrated(page);
    await page.fill('input[type="search"]', String(target.id));
    await page.getByRole('button', { name: '絞り込む' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === String(target.id));
    await hydrated(page);
    // Beside 退会させる, the account's reservations (the reservations list filtered by its address).
    expect(await page.getByTestId(`user-${target.id}`).getByRole('link', { name: '予約を見る' }).getAttribute('href')).toBe(
      `/admin/reservations?q=${encodeURIComponent(target.email)}`,
    );
    await page.getByTestId(`leave-user-${target.id}`).click();
    await expect.poll(() => page.getByTestId('admin-leave-who').textContent()).toBe(`#${target.id} ${target.name}（${target.email}）`);
    await page.getByRole('dialog').getByRole('button', { name: '退会させる' }).click();
    await expect.poll(() => page.getByTestId('admin-leave-notice').textContent()).toBe(`${target.name} さんを退会させました`);
    // The list is read again: the row now says 退会済み and offers no second 退会.
    await expect.poll(() => page.getByTestId(`user-${target.id}`).textContent()).toContain('退会済み');
    expect(await page.getByTestId(`leave-user-${target.id}`).count()).toBe(0);
    const [row] = await orm.em.fork().execute<{ name: string }[]>('SELECT name FROM users WHERE id = ?', [target.id]);
    expect(row.name).toBe('退会したユーザー');
  });
});
