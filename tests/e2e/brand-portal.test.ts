// The brand portal in Chromium, one member's whole life: an admin invites → the mail at /dev/mails → the
// first password → sign in → add an ambassador to a community → the community's experiences and their dates → an
// application's applicant address (mailto, copy), the application marked 対応済み, still so after a reload → a 401 in
// the middle (session row deleted) sends the member to sign-in and back → sign out → reset the password through the
// mail → sign in with the new one. Plus the invalid-link pages and the return path that never leaves /brand.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, nextLoad, openBrowser, serverDatabaseUrl, type Session } from './browser';

let s: Session;
const root = path.resolve(import.meta.dirname, '../..');

beforeAll(async () => {
  s = await openBrowser();
});

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: serverDatabaseUrl() });
  await db.connect();
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.end();
  }
}

function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000 });
}

/** The newest link of this path in the mail to this address, from the development mailbox. */
async function mailLink(page: Page, to: string, linkPath: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+${linkPath.replace(/[/?]/g, '\\$&')}\\?[^\\s]+`);
  let link = '';
  await poll(async () => {
    await page.goto('/dev/mails');
    const mails = page.getByTestId('dev-mail').filter({ hasText: to }).filter({ hasText: linkPath });
    if ((await mails.count()) === 0) return '';
    const body = (await mails.first().locator('.dev-mail__body').textContent()) ?? '';
    link = body.match(pattern)?.[0] ?? '';
    return link;
  }).toMatch(pattern);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await hydrated(page);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログインする' }).click();
}

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(`${s.baseUrl}${url}`);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

describe('a brand member from invitation to a new password', () => {
  const email = `portal-${Date.now()}@example.com`;
  const password = 'firstpass1';
  const newPassword = 'secondpass2';

  it('walks the whole life in the portal', async () => {
    // The brand of the demo member, through the portal's own API in its own browser context.
    const demo = await s.newPage();
    const signIn = await demo.request.post(`${s.baseUrl}/brand/api/v1/brand-members/sign-in`, {
      data: { email: 'brand@example.com', password: 'password1234' },
    });
    expect(signIn.status()).toBe(201);
    const { brand_id: brandId, brand } = (await signIn.json()) as { brand_id: number; brand: { name: string } };

    // An admin invites through the admin API.
    const admin = await s.newPage();
    await s.signIn(admin, 'admin@example.com');
    const invite = await admin.request.post(`${s.baseUrl}/api/v1/brands/${brandId}/members/invitation`, {
      data: { email },
      headers: { Origin: s.baseUrl },
    });
    expect(invite.status()).toBe(201);
    const invitation = await mailLink(admin, email, '/brand/invitation');

    // The invitation link: the first password (checked in the browser first), then the completion page.
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto(invitation);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('ブランドメンバーの登録');
    await page.getByLabel('パスワード').fill('short');
    await page.getByRole('button', { name: '登録する' }).click();
    await poll(() => page.locator('.field__error').allTextContents()).toEqual(['8文字以上で入力してください']);
    await page.getByLabel('パスワード').fill(password);
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL('**/brand/member_registration_complete');
    await poll(() => page.getByTestId('complete-title').textContent()).toBe('登録が完了しました');

    // The same link again: a clear page, not a 500.
    const reused = await page.goto(invitation);
    expect(reused?.status()).toBe(200);
    await poll(() => page.getByTestId('complete-title').textContent()).toBe('この招待リンクは使用できません');

    // Signed out, a portal page sends to sign-in; a wrong password gets the spec's message; then the dashboard.
    await page.goto('/brand/members');
    await page.waitForURL('**/brand/sign_in?redirect=%2Fbrand%2Fmembers');
    await signInThroughForm(page, email, 'wrongpass1');
    await poll(() => page.getByTestId('sign-in-error').textContent()).toBe('メールアドレスまたはパスワードが正しくありません');
    await page.getByLabel('パスワード').fill(password);
    await page.getByRole('button', { name: 'ログインする' }).click();
    await page.waitForURL('**/brand/members');
    await poll(() => page.getByTestId('member-email').textContent()).toBe(email);
    expect(await page.getByTestId('brand-name').textContent()).toBe(brand.name);
    const me = page.getByTestId('members-table').locator('tr', { hasText: email });
    expect(await me.locator('.badge').textContent()).toBe('参加中');
    expect(await me.getByRole('button', { name: '削除' }).count()).toBe(0);
    expect(await page.getByTestId('breadcrumbs').locator('li').allTextContents()).toEqual(['トップ', 'メンバー一覧']);

    // Dashboard: previews of 4 rows at most with totals.
    await page.goto('/brand');
    await hydrated(page);
    for (const id of ['preview-members', 'preview-communities', 'preview-applications']) {
      expect(await page.getByTestId(id).locator('li').count()).toBeLessThanOrEqual(4);
      expect(await page.getByTestId(id).getByTestId('total').textContent()).toMatch(/^全\d+件$/);
    }

    // A community with experiences (the demo data has some), and an ambassador not yet in it.
    const { communities } = await json<{ communities: { id: number; name: string }[] }>(page.request, '/brand/api/v1/communities');
    let community: { id: number; name: string } | null = null;
    let heldAt: 'future' | 'past' = 'future';
    for (const c of communities) {
      for (const when of ['future', 'past'] as const) {
        const list = await json<{ experiences: unknown[] }>(page.request, `/brand/api/v1/communities/${c.id}/experiences?held_at=${when}`);
        if (!community && list.experiences.length > 0) {
          community = c;
          heldAt = when;
        }
      }
    }
    if (!community) throw new Error('the demo data has no community with experiences');

    await page.goto(`/brand/communities/${community.id}/ambassadors`);
    await hydrated(page);
    expect(await page.getByTestId('breadcrumbs').locator('li').allTextContents()).toEqual([
      'トップ',
      'コミュニティ一覧',
      community.name,
      'アンバサダー一覧',
    ]);
    await page.getByRole('link', { name: '＋ アンバサダーを追加' }).click();
    await page.waitForURL(`**/brand/communities/${community.id}/ambassador_invitation`);
    await hydrated(page);
    await page.getByRole('button', { name: '追加する' }).click();
    await poll(() => page.locator('.field__error').allTextContents()).toEqual(['必須です']);
    const option = page.getByLabel('アンバサダー').locator('option').nth(1);
    const ambassadorId = await option.getAttribute('value');
    const label = (await option.textContent()) ?? '';
    const ambassadorName = label.replace(/^ID: \d+ /, '');
    await page.getByLabel('アンバサダー').selectOption(ambassadorId ?? '');
    await page.getByRole('button', { name: '追加する' }).click();
    await page.waitForURL(`**/brand/communities/${community.id}/ambassador_invitation_complete`);
    await page.getByRole('link', { name: 'アンバサダー一覧へ' }).click();
    await page.waitForURL(`**/brand/communities/${community.id}/ambassadors`);
    await poll(() => page.getByTestId(`ambassador-${ambassadorId}`).count()).toBe(1);
    expect(await page.getByTestId(`ambassador-${ambassadorId}`).textContent()).toContain(ambassadorName);
    // Removed from the community after a confirmation; cancel first changes nothing.
    await hydrated(page);
    await page.getByTestId(`ambassador-${ambassadorId}`).getByRole('button', { name: 'コミュニティから外す' }).click();
    const confirm = page.getByTestId('remove-dialog');
    expect(await confirm.textContent()).toContain(ambassadorName);
    await confirm.getByRole('button', { name: 'キャンセル' }).click();
    expect(await page.getByTestId(`ambassador-${ambassadorId}`).count()).toBe(1);
    await page.getByTestId(`ambassador-${ambassadorId}`).getByRole('button', { name: 'コミュニティから外す' }).click();
    const afterRemoval = nextLoad(page);
    await confirm.getByRole('button', { name: 'コミュニティから外す' }).click();
    await afterRemoval;
    await poll(() => page.getByTestId(`ambassador-${ambassadorId}`).count()).toBe(0);

    // The member invites a colleague through the portal, then deletes the invitation after a confirmation.
    const colleague = `colleague-${Date.now()}@example.com`;
    await page.goto('/brand/members/invitation');
    await hydrated(page);
    await page.getByRole('button', { name: '招待メールを送信' }).click();
    await poll(() => page.locator('.field__error').allTextContents()).toEqual(['この項目は必須です']);
    await page.getByLabel('メールアドレス').fill(colleague);
    await page.getByRole('button', { name: '招待メールを送信' }).click();
    await page.waitForURL('**/brand/members/invitation/complete');
    await page.getByRole('link', { name: 'メンバー一覧へ' }).click();
    await page.waitForURL('**/brand/members');
    await hydrated(page);
    const invited = page.getByTestId('members-table').locator('tr', { hasText: colleague });
    expect(await invited.locator('.badge').textContent()).toBe('招待中');
    await invited.getByRole('button', { name: '削除' }).click();
    const afterDeletion = nextLoad(page);
    await page.getByTestId('delete-dialog').getByRole('button', { name: '削除' }).click();
    await afterDeletion;
    await poll(() => invited.count()).toBe(0);

    // The community's experiences: the toggle, a row, the detail panel's dates as 2026年12月5日 10:00.
    await page.goto(`/brand/communities/${community.id}/experience?held_at=${heldAt}`);
    await hydrated(page);
    expect(await page.getByTestId('held-at-toggle').locator('[aria-current="page"]').textContent()).toBe(
      heldAt === 'future' ? '今後' : '過去',
    );
    await page.getByTestId('experiences-table').locator('tbody tr').first().click();
    const detail = page.getByTestId('participant-numbers');
    await detail.waitFor();
    const firstDate = await detail.locator('tbody tr td').first().textContent();
    expect(firstDate).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);

    // An application: the detail panel, marked 対応済み, still so after a reload.
    await page.goto('/brand/community_applications');
    await hydrated(page);
    const { community_applications: applications } = await json<{ community_applications: { id: number; handled: boolean }[] }>(
      page.request,
      '/brand/api/v1/community-applications',
    );
    const target = applications.find((row) => !row.handled) ?? applications[0];
    if (target.handled) {
      await page.request.put(`${s.baseUrl}/brand/api/v1/community-applications/${target.id}`, {
        data: { handled: false },
        headers: { Origin: s.baseUrl },
      });
      await page.reload();
      await hydrated(page);
    }
    await page.getByTestId(`application-${target.id}`).click();
    const panel = page.getByTestId('application-detail');
    await panel.getByTestId('handled-toggle').waitFor();
    expect(await panel.textContent()).toMatch(/\d+歳/);
    // The applicant's address as the account has it now: a mailto link with a copy button, in the panel only.
    const [{ email: applicantEmail }] = await sql<{ email: string }>(
      'select u.email from community_applications a join users u on u.id = a.user_id where a.id = $1',
      [target.id],
    );
    const address = panel.getByTestId('applicant-email');
    expect(await address.getByRole('link').textContent()).toBe(applicantEmail);
    expect(await address.getByRole('link').getAttribute('href')).toBe(`mailto:${applicantEmail}`);
    expect(await panel.locator('dt').allTextContents()).toContain('メールアドレス');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await address.getByRole('button', { name: 'コピー' }).click();
    await poll(() => address.getByTestId('copied').textContent()).toBe('コピーしました');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(applicantEmail);
    expect(await page.getByTestId('applications-table').textContent()).not.toContain(applicantEmail);
    expect(await panel.getByTestId('handled-toggle').isChecked()).toBe(false);
    await panel.getByTestId('handled-toggle').click();
    await poll(() => page.getByTestId(`application-${target.id}`).getByTestId('handled-state').textContent()).toBe('対応済み');
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId(`application-${target.id}`).getByTestId('handled-state').textContent()).toBe('対応済み');
    await page.getByTestId(`application-${target.id}`).click();
    await poll(() => panel.getByTestId('handled-toggle').isChecked()).toBe(true);

    // A 401 in the middle: the session row is deleted; the next navigation and the next call go to sign-in and back.
    const [{ id: memberId }] = await sql<{ id: number }>('select id from brand_members where email = $1', [email]);
    await sql(`delete from session where (sess->>'brandMemberId')::int = $1`, [memberId]);
    await page.getByRole('navigation', { name: 'ブランド管理メニュー' }).getByRole('link', { name: 'メンバー' }).click();
    await page.waitForURL('**/brand/sign_in?redirect=%2Fbrand%2Fmembers');
    await signInThroughForm(page, email, password);
    await page.waitForURL('**/brand/members');
    await poll(() => page.getByTestId('member-email').textContent()).toBe(email);

    await page.goto('/brand/community_applications?page=1');
    await hydrated(page);
    await page.getByTestId(`application-${target.id}`).click();
    await panel.getByTestId('handled-toggle').waitFor();
    await sql(`delete from session where (sess->>'brandMemberId')::int = $1`, [memberId]);
    await panel.getByTestId('handled-toggle').click();
    await page.waitForURL('**/brand/sign_in?redirect=%2Fbrand%2Fcommunity_applications%3Fpage%3D1');
    await signInThroughForm(page, email, password);
    await page.waitForURL('**/brand/community_applications?page=1');
    // The call that met the 401 changed nothing.
    expect(await page.getByTestId(`application-${target.id}`).getByTestId('handled-state').textContent()).toBe('対応済み');

    // Sign out, then the portal is closed again.
    await page.getByTestId('sign-out').click();
    await page.waitForURL('**/brand/sign_in');
    const closed = await page.request.get(`${s.baseUrl}/brand/api/v1/brand-members/me`);
    expect(closed.status()).toBe(401);

    // Reset the password through the mail; the old one no longer works, the new one does.
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await page.waitForURL('**/brand/password_reset_send_mail');
    await hydrated(page);
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '送信' }).click();
    await page.waitForURL('**/brand/password_reset_send_mail_complete');
    const reset = await mailLink(page, email, '/brand/password_reset');
    await page.goto(reset);
    await hydrated(page);
    await page.getByLabel('新しいパスワード').fill('onlyletters');
    await page.getByRole('button', { name: 'パスワードを設定する' }).click();
    await poll(() => page.locator('.field__error').allTextContents()).toEqual(['英字と数字をそれぞれ1文字以上含めてください']);
    await page.getByLabel('新しいパスワード').fill(newPassword);
    await page.getByRole('button', { name: 'パスワードを設定する' }).click();
    await page.waitForURL('**/brand/password_reset_complete');
    await page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await page.waitForURL('**/brand/sign_in');
    await signInThroughForm(page, email, password);
    await poll(() => page.getByTestId('sign-in-error').textContent()).toBe('メールアドレスまたはパスワードが正しくありません');
    await page.getByLabel('パスワード').fill(newPassword);
    await page.getByRole('button', { name: 'ログインする' }).click();
    await page.waitForURL((url) => url.pathname === '/brand');
    await poll(() => page.getByTestId('member-email').textContent()).toBe(email);

    // The used reset link: a clear page with the way to ask again, before any password is asked for.
    await page.goto(reset);
    await poll(() => page.getByTestId('complete-title').textContent()).toBe('このリンクは使用できません');
    expect(await page.getByLabel('新しいパスワード').count()).toBe(0);
    expect(await page.title()).toContain('このリンクは使用できません');
    expect(await page.getByRole('link', { name: '再設定メールをもう一度送る' }).getAttribute('href')).toBe(
      '/brand/password_reset_send_mail',
    );
  });
});

describe('the portal stays its own', () => {
  it('shows clear pages for unknown links, never a 500', async () => {
    const page = await s.newPage();
    for (const url of [
      '/brand/invitation?email=nobody%40example.com&invitation_token=tampered',
      '/brand/invitation',
      '/brand/password_reset',
    ]) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(200);
      await poll(() => page.getByTestId('complete-title').textContent()).toMatch(/使用できません/);
    }
  });

  it('returns only to paths under /brand after signing in', async () => {
    for (const redirect of [
      '//evil.example',
      '/brand//evil.example',
      '/brand/\\evil',
      '/brand/%2F%2Fevil.example',
      '/admin',
      'https://evil.example',
    ]) {
      const page = await s.newPage();
      await page.goto(`/brand/sign_in?redirect=${encodeURIComponent(redirect)}`);
      await signInThroughForm(page, 'brand@example.com', 'password1234');
      await page.waitForURL((url) => url.pathname === '/brand');
      expect(new URL(page.url()).host).toBe(new URL(s.baseUrl).host);
    }
  });

  it('shows its 404 inside the portal frame, with the navigation for a signed-in member; the marketplace keeps its own', async () => {
    const page = await s.newPage();
    const signedOut = await page.goto('/brand/no-such-page');
    expect(signedOut?.status()).toBe(404);
    await hydrated(page);
    expect(await page.getByTestId('not-found').locator('h1').textContent()).toBe('ページが見つかりません');
    expect(await page.getByTestId('brand-header').count()).toBe(1);
    expect(await page.locator('.site-header').count()).toBe(0);
    expect(await page.title()).toBe('ページが見つかりません | ブランド管理画面');
    expect(await page.getByRole('link', { name: '管理画面のトップへ' }).getAttribute('href')).toBe('/brand');

    const member = await page.request.post(`${s.baseUrl}/brand/api/v1/brand-members/sign-in`, {
      data: { email: 'brand@example.com', password: 'password1234' },
    });
    expect(member.status()).toBe(201);
    // An unknown path, and another brand's community (render(404) in the page's data hook).
    for (const url of ['/brand/no-such-page/deeper', '/brand/communities/999999/ambassadors']) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      await hydrated(page);
      expect(await page.getByTestId('not-found').count(), url).toBe(1);
      expect(await page.getByTestId('brand-name').textContent(), url).toBe('北光アウトドア');
      expect(
        await page.getByRole('navigation', { name: 'ブランド管理メニュー' }).getByRole('link', { name: 'コミュニティ' }).count(),
        url,
      ).toBe(1);
      expect(await page.locator('.site-header').count(), url).toBe(0);
    }

    // Outside the portal, the marketplace's 404 in the marketplace's frame.
    for (const url of ['/no-such-page', '/brands/999999']) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      expect(await page.getByTestId('not-found').count(), url).toBe(1);
      expect(await page.locator('.site-header').count(), url).toBe(1);
      expect(await page.getByTestId('brand-header').count(), url).toBe(0);
      expect(await page.title(), url).toBe('ページが見つかりません | たびとこ');
    }
  });

  it('is not entered with a marketplace session, even an ADMIN one', async () => {
    const page = await s.newPage();
    await s.signIn(page, 'admin@example.com');
    const res = await page.goto('/brand/communities');
    expect(new URL(page.url()).pathname).toBe('/brand/sign_in');
    expect(res?.status()).toBe(200);
    expect(await page.getByTestId('member-email').count()).toBe(0);
  });
});

describe('photos in the portal', () => {
  const photo = readFileSync(path.join(root, 'seeds/images/community-2.jpg'));

  it('creates a community with a photo uploaded with the portal session alone, and drops a copy under another name', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto('/brand/sign_in');
    await signInThroughForm(page, 'brand@example.com', 'password1234');
    await page.waitForURL((url) => url.pathname === '/brand');
    // Only the portal's session: the marketplace does not know this browser.
    expect((await page.request.get(`${s.baseUrl}/api/v1/me`)).status()).toBe(401);

    await page.goto('/brand/communities/new');
    await hydrated(page);
    const input = page.getByTestId('image-input');
    const uploaded = page.waitForResponse((res) => res.url().endsWith('/brand/api/v1/uploads'));
    await input.setInputFiles([{ name: 'community.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    expect((await uploaded).status()).toBe(201);
    await poll(() => page.locator('.image-uploader__thumb').count()).toBe(1);

    // The same bytes under another name: dropped with the notice, nothing uploaded.
    await input.setInputFiles([{ name: 'community-copy.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await poll(() => page.locator('.image-uploader__notices').textContent()).toContain(
      '同じ画像がすでに選択されているため、追加しませんでした',
    );
    expect(await page.locator('.image-uploader__thumb').count()).toBe(1);

    // A text file named .png: the server's reason, not only its status.
    await input.setInputFiles([{ name: 'note.png', mimeType: 'image/png', buffer: Buffer.from('これは画像ではありません') }]);
    await poll(() => page.locator('.image-uploader__notices').textContent()).toContain(
      'アップロードエラー: 422（note.png）JPEG・PNG・SVG形式の画像のみアップロードできます',
    );
    expect(await page.locator('.image-uploader__thumb').count()).toBe(1);

    // The photo's text, for people who cannot see it: its own field beside the photo, counted to 120.
    const alt = '湖畔でカヤックを漕ぐ参加者たち';
    await page.getByLabel('写真1の説明').fill(alt);
    expect(await page.locator('#field-images_0_alt-counter').textContent()).toBe(`${alt.length}/120`);

    const name = `写真つきのポータルの会 ${Date.now()}`;
    await page.getByLabel('コミュニティ名').fill(name);
    for (const [label, value] of [
      ['キャッチコピー', '湖で、朝を迎えよう。'],
      ['主催者名', '北光フィールドクラブ'],
      ['主催者の紹介', '北海道のアウトドアクラブです。'],
      ['コミュニティの説明', '湖畔で過ごすコミュニティです。'],
      ['活動内容', 'カヤックと森歩き。'],
      ['大切にしていること', '安全第一。'],
      ['求める人物像', '早起きが好きな方。'],
      ['参加条件', '月1回参加できる方。'],
      ['活動場所', '北海道千歳市'],
    ] as const) {
      await page.getByLabel(label).fill(value);
    }
    await page.getByRole('button', { name: 'コミュニティを作成' }).click();
    await page.waitForURL(/\/brand\/communities\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const community = await json<{ name: string; images: { url: string; alt: string | null }[] }>(
      page.request,
      `/brand/api/v1/communities/${id}`,
    );
    expect(community.name).toBe(name);
    expect(community.images.map((image) => image.url)).toEqual([expect.stringMatching(/^\/uploads\/[a-f0-9]{64}\.jpg$/)]);
    expect(community.images.map((image) => image.alt)).toEqual([alt]);

    // Once published, the public page's photo carries that text.
    await sql('update communities set published = true where id = $1', [id]);
    const guest = await s.newPage();
    await guest.goto(`/communities/${id}`);
    expect(await guest.locator('.carousel img').first().getAttribute('alt')).toBe(alt);
    await guest.close();

    // Editing: the text is in its field; a copy of the saved photo under yet another name is recognised by the
    // answer's object_key.
    await page.goto(`/brand/communities/${id}/edit`);
    await hydrated(page);
    await poll(() => page.locator('.image-uploader__thumb').count()).toBe(1);
    expect(await page.getByLabel('写真1の説明').inputValue()).toBe(alt);
    await page.getByTestId('image-input').setInputFiles([{ name: 'again.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await poll(() => page.locator('.image-uploader__notices').textContent()).toContain(
      '同じ画像がすでに選択されているため、追加しませんでした',
    );
    expect(await page.locator('.image-uploader__thumb').count()).toBe(1);

    // The session ends while the form is open: the upload's 401 sends the member to sign in and back (spec).
    const { id: memberId } = await json<{ id: number }>(page.request, '/brand/api/v1/brand-members/me');
    await sql(`delete from session where (sess->>'brandMemberId')::int = $1`, [memberId]);
    const other = readFileSync(path.join(root, 'seeds/images/community-1.jpg'));
    await page.getByTestId('image-input').setInputFiles([{ name: 'later.jpg', mimeType: 'image/jpeg', buffer: other }]);
    await page.waitForURL(`**/brand/sign_in?redirect=${encodeURIComponent(`/brand/communities/${id}/edit`)}`);
  });
});

describe('the experience detail panel', () => {
  it('lists only the dates of the side of the toggle the list shows', async () => {
    const page = await s.newPage();
    const signIn = await page.request.post(`${s.baseUrl}/brand/api/v1/brand-members/sign-in`, {
      data: { email: 'brand@example.com', password: 'password1234' },
    });
    expect(signIn.status()).toBe(201);
    const { communities } = await json<{ communities: { id: number }[] }>(page.request, '/brand/api/v1/communities');
    let checked = 0;
    for (const c of communities) {
      for (const when of ['future', 'past'] as const) {
        const list = await json<{ experiences: { experience_id: number; participant_numbers: { held_at: string }[] }[] }>(
          page.request,
          `/brand/api/v1/communities/${c.id}/experiences?held_at=${when}`,
        );
        const row = list.experiences.find((x) => x.participant_numbers.length > 0);
        if (!row) continue;
        await page.goto(`/brand/communities/${c.id}/experience?held_at=${when}`);
        await hydrated(page);
        await page.getByTestId(`experience-${row.experience_id}`).click();
        const detail = page.getByTestId('participant-numbers');
        await detail.waitFor();
        expect(await detail.locator('tbody tr').count(), `${c.id} ${when}`).toBe(row.participant_numbers.length);
        for (const date of row.participant_numbers) {
          expect(new Date(date.held_at).getTime() >= Date.now(), date.held_at).toBe(when === 'future');
        }
        checked += 1;
      }
    }
    // The demo data has experiences with dates on both sides.
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});

describe('landmarks', () => {
  /** Every portal page (pages/brand/**\/+Page.tsx) as a URL, with a community of the demo member's brand. */
  function portalPaths(communityId: number): string[] {
    const dir = path.join(root, 'pages/brand');
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('+Page.tsx'))
      .map((file) =>
        `/brand/${path.dirname(file)}`
          .split('/')
          .filter((part) => part !== 'index' && part !== '.')
          .join('/')
          .replace('@id', String(communityId)),
      )
      .sort();
  }

  it('gives every portal page exactly one <main>, signed in and signed out', async () => {
    const signedIn = await s.newPage({ width: 375, height: 800 });
    const signIn = await signedIn.request.post(`${s.baseUrl}/brand/api/v1/brand-members/sign-in`, {
      data: { email: 'brand@example.com', password: 'password1234' },
    });
    expect(signIn.status()).toBe(201);
    const { communities } = await json<{ communities: { id: number }[] }>(signedIn.request, '/brand/api/v1/communities');
    const paths = portalPaths(communities[0].id);
    expect(paths.length).toBe(22);
    expect(paths).toContain(`/brand/communities/${communities[0].id}/experience`);
    expect(paths).toContain('/brand/account');
    const signedOut = await s.newPage({ width: 1280, height: 900 });
    // Signing out comes last for the signed-in browser.
    const order = [...paths.filter((p) => p !== '/brand/sign_out'), '/brand/sign_out', '/brand/no-such-page'];
    for (const page of [signedIn, signedOut]) {
      for (const url of order) {
        await page.goto(url);
        await hydrated(page);
        // Opened by a typed URL, the sign-out page asks a signed-in member first (its own page, with its <main>), and
        // sends anyone else to sign-in: count on the page it ends at too.
        if (url === '/brand/sign_out') {
          if (page === signedIn) {
            expect(await page.locator('main#main').count(), url).toBe(1);
            await page.getByRole('button', { name: 'ログアウト' }).click();
          }
          await page.waitForURL('**/brand/sign_in');
          await hydrated(page);
        }
        expect(await page.locator('main').count(), url).toBe(1);
        expect(await page.locator('main#main').count(), url).toBe(1);
      }
    }
  });
});

describe('/brand/sign_out', () => {
  it('asks with a button when another site or a typed URL leads there, and signs out at once from the portal link', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    const me = async () => (await page.request.get(`${s.baseUrl}/brand/api/v1/brand-members/me`)).status();
    const signInDemo = async () => {
      await page.goto('/brand/sign_in');
      await signInThroughForm(page, 'brand@example.com', 'password1234');
      await page.waitForURL((url) => url.pathname === '/brand');
    };
    await signInDemo();

    // A link on another site (Sec-Fetch-Site: cross-site): the page asks, the session stays.
    await page.route('http://elsewhere.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<a id="out" href="${s.baseUrl}/brand/sign_out">out</a>` }),
    );
    await page.goto('http://elsewhere.example/');
    await page.click('#out');
    await page.waitForURL('**/brand/sign_out');
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('ログアウトしますか？');
    await page.screenshot({ path: path.join(os.tmpdir(), 'brand-sign-out-confirm-375.png') });
    expect(await me()).toBe(200);

    // A typed URL or bookmark (Sec-Fetch-Site: none): the same question.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/brand/sign_out');
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('ログアウトしますか？');
    await page.screenshot({ path: path.join(os.tmpdir(), 'brand-sign-out-confirm-1280.png') });
    expect(await me()).toBe(200);

    // The button signs out.
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.waitForURL('**/brand/sign_in');
    expect(await me()).toBe(401);

    // The portal's own ログアウト link (same-origin) signs out on load, as the spec says.
    await signInDemo();
    await page.getByTestId('sign-out').click();
    await page.waitForURL('**/brand/sign_in');
    expect(await me()).toBe(401);
  });
});
