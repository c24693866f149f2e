// The administrator area in Chromium: who may enter (signed out → /logon and back, non-admin → 403,
// the header's 管理画面 link), a community with three application items of which one is hidden (gone from the
// public application form), an ambassador with two photos and a member added through the searchable dropdown,
// a brand member invitation found in /dev/mails, an inquiry on page 2 marked 対応済み, and the applications of every
// community (a brandless one's found by its applicant's name as typed, its panel opened and marked by keyboard).
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, openServerOrm, serverDatabaseUrl, type Session } from '#tests/e2e/browser';
import { createExperience } from '#tests/factories/experiences';
import { createCommunity } from '#tests/factories/communities';
import { createUser } from '#tests/factories/users';
import { CommunityApplication, CommunityApplicationAnswer } from '#src/modules/communities/communities.entity';

const root = path.resolve(import.meta.dirname, '../..');
let s: Session;
const dialogs: string[] = [];

beforeAll(async () => {
  s = await openBrowser();
});

/** expect.poll with room for a busy machine (the server answers within it; nothing waits on purpose). */
function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000 });
}

async function adminPage(width = 1280): Promise<Page> {
  const page = await s.newPage({ width, height: 900 });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await s.signIn(page, 'admin@example.com');
  return page;
}

describe('who may enter', () => {
  it('sends a signed-out visitor to /logon and back afterwards', async () => {
    for (const url of ['/admin/communities', '/communities/new', '/admin/ambassador/1/members', '/ambassador/1/members']) {
      const res = await fetch(`${s.baseUrl}${url}`, { redirect: 'manual' });
      expect([301, 302, 307]).toContain(res.status);
      expect(res.headers.get('location')).toBe(`/logon?redirect=${encodeURIComponent(url)}`);
    }
    const page = await s.newPage();
    await page.goto('/admin/brand');
    await page.waitForURL('**/logon?redirect=%2Fadmin%2Fbrand');
    await hydrated(page);
    await page.fill('input[name="email"]', 'admin@example.com');
    await page.fill('input[name="password"]', 'password1234');
    await page.getByRole('button', { name: 'ログインする' }).click();
    await page.waitForURL('**/admin/brand');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('ブランド一覧');
  });

  it('shows a Japanese 403 page to a signed-in user without ADMIN, and no 管理画面 link', async () => {
    const page = await s.newPage();
    await s.signIn(page, 'guest@example.com');
    const res = await page.goto('/admin/communities');
    expect(res?.status()).toBe(403);
    await poll(() => page.getByTestId('forbidden').locator('h1').textContent()).toBe('このページを表示する権限がありません');
    expect(await page.title()).toContain('このページを表示する権限がありません');
    expect(await page.getByTestId('admin-link').count()).toBe(0);
    const alias = await page.goto('/ambassador/1/members');
    expect(alias?.status()).toBe(403);
  });

  it('shows 管理画面 to an ADMIN, leading to the admin area with its side navigation', async () => {
    const page = await adminPage();
    await page.goto('/');
    await hydrated(page);
    await page.getByTestId('admin-link').click();
    await page.waitForURL((url) => url.pathname === '/admin');
    const nav = page.getByRole('navigation', { name: '管理メニュー' });
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe('ダッシュボード');
    await page.goto('/admin/communities');
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'ダッシュボード',
      '予約',
      'コミュニティ',
      'コミュニティ申し込み',
      'アンバサダー',
      'ブランド',
      'お問い合わせ',
      '公開申請',
      '支払',
      'クーポン',
      'レビュー',
      '利用者',
      '監査ログ',
    ]);
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe('コミュニティ');
  });
});

describe('coupons', () => {
  it('keeps each code whole on one line at tablet widths', async () => {
    for (const width of [768, 834]) {
      const page = await adminPage(width);
      await page.goto('/admin/coupons');
      await hydrated(page);
      const code = page.getByTestId('coupons-table').getByRole('button', { name: /WELCOME500/ });
      const lines = await code.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, `${width}px`).toBe(1);
    }
  });
});

describe('communities', () => {
  it('creates a community with three application items, hides one, and the public form no longer asks it', async () => {
    const page = await adminPage();
    const name = `E2Eコミュニティ ${Date.now()}`;
    await page.goto('/admin/communities');
    await hydrated(page);
    await page.getByRole('link', { name: '＋ 新規作成' }).click();
    await page.waitForURL('**/communities/new');
    await hydrated(page);

    // The server's rules, checked in the browser first: a message per required field.
    await page.getByRole('button', { name: 'コミュニティを作成' }).click();
    await poll(() => page.locator('.field__error').allTextContents()).toContain('コミュニティ名を入力してください');
    expect(await page.locator('.field__error').allTextContents()).toEqual(
      expect.arrayContaining(['キャッチコピーを入力してください', '写真を1枚以上登録してください', '活動場所を入力してください']),
    );

    await page.getByRole('switch').check();
    await page.getByLabel('コミュニティ名').fill(name);
    // The catchphrase takes 40 characters at most and says so at the limit.
    expect(await page.getByLabel('キャッチコピー').getAttribute('maxlength')).toBe('40');
    await page.getByLabel('キャッチコピー').fill('あ'.repeat(40));
    await poll(() => page.getByText('40文字以内で入力してください').count()).toBe(1);
    // 40 characters are valid: a notice, not an error.
    expect(await page.locator('#field-catchphrase-counter').getAttribute('class')).toBe('field__counter field__counter--notice');
    expect(await page.getByLabel('キャッチコピー').getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('キャッチコピー').fill('森と畑で、週末をいっしょに。');
    await page.getByTestId('image-input').setInputFiles([path.join(root, 'seeds/images/community-1.jpg')]);
    await poll(() => page.locator('.image-uploader__thumb').count()).toBe(1);
    for (const [label, value] of [
      ['主催者名', '森のがっこう実行委員会'],
      ['主催者の紹介', '里山の保全活動をしている団体です。'],
      ['コミュニティの説明', '週末に森と畑で過ごすコミュニティです。'],
      ['活動内容', '間伐、畑仕事、焚き火。'],
      ['大切にしていること', '無理をしないこと。'],
      ['求める人物像', '自然が好きな方。'],
      ['参加条件', '月1回以上参加できる方。'],
      ['活動場所', '長野県上田市'],
    ] as const) {
      await page.getByLabel(label).fill(value);
    }

    const items = ['参加したい理由', 'アウトドアの経験', '苦手な食べ物'];
    for (const [index, question] of items.entries()) {
      await page.getByRole('button', { name: '＋ 質問を追加' }).click();
      await page.getByLabel(`質問 ${index + 1}`).fill(question);
    }
    await page.getByRole('radiogroup', { name: '回答 1' }).getByLabel('必須').check();
    // Reorder: the third moves up to second.
    await page.getByRole('button', { name: '上へ (3)' }).click();
    expect(
      await page
        .getByTestId('application-item')
        .getByRole('textbox')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLTextAreaElement).value)),
    ).toEqual(['参加したい理由', '苦手な食べ物', 'アウトドアの経験']);
    await page.getByRole('button', { name: 'コミュニティを作成' }).click();
    await page.waitForURL('**/admin/communities');
    const row = page.getByTestId('communities-table').locator('tr', { hasText: name });
    await row.waitFor();
    expect(await row.locator('.badge').textContent()).toBe('公開');
    const href = await row.getByRole('link', { name }).getAttribute('href');
    const id = Number(href?.split('/').pop());
    expect(id).toBeGreaterThan(0);

    // Edit: hide 苦手な食べ物; it moves to the 非表示 list.
    await row.getByRole('link', { name: '編集' }).click();
    await page.waitForURL(`**/admin/communities/${id}/edit`);
    await hydrated(page);
    await poll(() => page.getByTestId('application-item').count()).toBe(3);
    await page.getByTestId('application-item').nth(1).getByRole('button', { name: '非表示にする' }).click();
    await poll(() => page.getByTestId('hidden-items').textContent()).toContain('苦手な食べ物');
    expect(await page.getByTestId('application-item').count()).toBe(2);
    await page.getByRole('button', { name: 'コミュニティを更新' }).click();
    await page.waitForURL('**/admin/communities');

    const detail = (await (await page.request.get(`${s.baseUrl}/api/v1/communities/${id}/detail`)).json()) as {
      application_items: { name: string; required: boolean }[];
    };
    expect(detail.application_items.map((i) => [i.name, i.required])).toEqual([
      ['参加したい理由', true],
      ['アウトドアの経験', false],
    ]);
    await page.goto(`/communities/${id}/registrations`);
    await hydrated(page);
    await poll(() => page.getByText('参加したい理由').count()).toBeGreaterThan(0);
    expect(await page.getByText('アウトドアの経験').count()).toBeGreaterThan(0);
    expect(await page.getByText('苦手な食べ物').count()).toBe(0);

    // Shown again from the 非表示 list, it comes back last.
    await page.goto(`/admin/communities/${id}/edit`);
    await hydrated(page);
    await page.getByTestId('hidden-items').getByRole('button', { name: '再表示する' }).click();
    await poll(() => page.getByTestId('application-item').count()).toBe(3);
    expect(await page.getByTestId('hidden-items').count()).toBe(0);
  });
});

describe('ambassadors', () => {
  it('creates an ambassador with two photos, then adds a member through the searchable dropdown', async () => {
    const page = await adminPage();
    const name = `E2Eアンバサダー ${Date.now()}`;
    await page.goto('/admin/ambassador/new');
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('アンバサダー作成');
    await page
      .getByTestId('image-input')
      .setInputFiles([path.join(root, 'seeds/images/ambassador-1.jpg'), path.join(root, 'seeds/images/ambassador-2.jpg')]);
    await poll(() => page.locator('.image-uploader__thumb').count()).toBe(2);
    await page.getByLabel('アンバサダー名').fill(name);
    await page.getByRole('textbox', { name: /^説明/ }).fill('港町の小さな染め工房です。');
    await page.getByLabel('ホームページURL').fill('notaurl');
    await page.getByRole('button', { name: '作成する' }).click();
    await poll(() => page.locator('.field__error').allTextContents()).toContain('有効なURLを入力してください');
    await page.getByLabel('ホームページURL').fill('https://example.com/some');
    await page.getByRole('button', { name: '作成する' }).click();
    await page.waitForURL('**/admin/ambassador');
    await poll(() => page.getByTestId('page-notice').textContent()).toBe(`「${name}」を作成しました`);
    const row = page.getByTestId('ambassador-table').locator('tr', { hasText: name });
    await row.waitFor();
    expect(await row.locator('.badge').textContent()).toBe('非公開');
    const href = await row.getByRole('link', { name }).getAttribute('href');
    const id = Number(href?.split('/').pop());

    // The summary shows both photos and the creation in the audit trail.
    await row.getByRole('link', { name }).click();
    await page.waitForURL(`**/admin/ambassador/${id}`);
    await poll(() => page.locator('.admin-summary__images img').count()).toBe(2);
    await poll(() => page.getByTestId('audit-trail').textContent()).toContain('作成');
    // Its fields in the form's order, not the stored entry's.
    const changes = await page.getByTestId('audit-trail').locator('.admin-audit__changes li').allTextContents();
    expect(changes.map((line) => line.split(':')[0]).slice(0, 4)).toEqual(['公開設定', '写真', '名前', '説明']);

    // The edit form says what it does.
    await page.goto(`/admin/ambassador/${id}/edit`);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('アンバサダー編集');
    await poll(() => page.getByLabel('アンバサダー名').inputValue()).toBe(name);

    // Members: none yet; add 佐藤 ゆうき (the demo guest) through the dropdown.
    await page.goto(`/admin/ambassador/${id}/members`);
    await hydrated(page);
    await poll(() => page.getByTestId('members-table').textContent()).toContain('表示するデータがありません');
    await page.getByRole('link', { name: '＋ メンバーを追加' }).click();
    await page.waitForURL(`**/admin/ambassador/${id}/member_invitation`);
    await hydrated(page);
    await page.getByRole('button', { name: '追加', exact: true }).click();
    await poll(() => page.locator('.field__error').allTextContents()).toEqual(['必須']);
    await page.getByRole('combobox').fill('佐藤');
    const option = page.getByRole('option', { name: /^\d+: 佐藤 ゆうき$/ });
    await option.waitFor();
    await option.click();
    await poll(() => page.getByTestId('picked-user').textContent()).toMatch(/^\d+: 佐藤 ゆうき/);
    const userId = Number((await page.getByTestId('picked-user').textContent())?.split(':')[0]);
    await page.getByRole('button', { name: '追加', exact: true }).click();
    await page.waitForURL(`**/admin/ambassador/${id}/members`);
    await poll(() => page.getByTestId('members-table').textContent()).toContain('guest@example.com');

    // A member is no longer offered.
    await page.goto(`/admin/ambassador/${id}/member_invitation`);
    await hydrated(page);
    await page.getByRole('combobox').fill('佐藤 ゆうき');
    await poll(() => page.getByTestId('user-options').textContent()).not.toContain('検索中');
    expect(await page.getByRole('option', { name: `${userId}: 佐藤 ゆうき` }).count()).toBe(0);

    // Delete asks first; a click outside closes the dialog and deletes nothing.
    await page.goto(`/admin/ambassador/${id}/members`);
    await hydrated(page);
    const memberRow = page.getByTestId('members-table').locator('tr', { hasText: 'guest@example.com' });
    await memberRow.getByRole('button', { name: '削除' }).click();
    await page.getByTestId('delete-dialog').waitFor();
    expect(await page.getByTestId('delete-dialog').textContent()).toContain('メンバーを削除します。よろしいですか？');
    await page.mouse.click(5, 5);
    await poll(() => page.getByTestId('delete-dialog').count()).toBe(0);
    expect(await page.getByTestId('members-table').textContent()).toContain('guest@example.com');
    await memberRow.getByRole('button', { name: '削除' }).click();
    await page.getByTestId('delete-dialog').getByRole('button', { name: '削除' }).click();
    await poll(() => page.getByTestId('members-table').textContent()).toContain('表示するデータがありません');
  });
});

describe('brands', () => {
  it('invites a brand member: the success dialog, the 招待中 badge and the mail at /dev/mails', async () => {
    const page = await adminPage(375);
    const res = await page.request.get(`${s.baseUrl}/api/v1/brands`);
    const { brands } = (await res.json()) as { brands: { id: number; name: string }[] };
    const brand = brands[0];
    const email = `brand-invite-${Date.now()}@example.com`;
    await page.goto(`/admin/brand/${brand.id}/member_invitation`);
    await hydrated(page);
    await page.getByRole('button', { name: '招待メールを送信' }).click();
    await poll(() => page.locator('.field__error').allTextContents()).toEqual(['この項目は必須です']);
    await page.getByLabel('メールアドレス').fill('not-an-address');
    await page.getByRole('button', { name: '招待メールを送信' }).click();
    await expect
      .poll(() => page.locator('.field__error').allTextContents())
      .toEqual(['メールアドレスが正しくありません。正しい形式で入力してください']);
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '招待メールを送信' }).click();
    const dialog = page.getByTestId('invited-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(email);
    await dialog.getByRole('button', { name: 'メンバー一覧へ' }).click();
    await page.waitForURL(`**/admin/brand/${brand.id}/members`);
    const row = page.getByTestId('brand-members-table').locator('tr', { hasText: email });
    await row.waitFor();
    expect(await row.locator('.badge').textContent()).toBe('招待中');

    const mail = page.getByTestId('dev-mail').filter({ hasText: email });
    await expect
      .poll(
        async () => {
          await page.goto('/dev/mails');
          return mail.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await mail.locator('.dev-mail__subject').textContent()).toContain(brand.name);
    const body = await mail.locator('.dev-mail__body').textContent();
    const literal = (text: string) => text.replace(/[.?+]/g, '\\$&');
    expect(body).toMatch(
      new RegExp(`/brand/invitation\\?email=(${literal(email)}|${literal(encodeURIComponent(email))})&invitation_token=[\\w-]{20,}`),
    );
  });
});

describe('inquiries', () => {
  let marker = '';

  beforeAll(async () => {
    // 45 inquiries newer than any other (the public form allows 20 an hour per address): page 2 is ours, 21st to 40th.
    marker = `E2E問い合わせ${Date.now()}`;
    const db = new pg.Client({ connectionString: serverDatabaseUrl() });
    await db.connect();
    try {
      const { rows } = await db.query<{ base: Date }>(
        'select coalesce(max(created_at), now()) as base from brand_and_ambassador_inquiries',
      );
      for (let i = 1; i <= 45; i++) {
        await db.query(
          `insert into brand_and_ambassador_inquiries (name, company_name, department_name, position_name, email, subject, content, resolved, created_at, updated_at)
           values ($1, $2, $3, null, $4, 'branding', $5, false, $7::timestamptz + make_interval(secs => 100 - $6), now())`,
          [
            `${marker}-${i}`,
            '株式会社テスト',
            i % 2 ? '広報部' : null,
            `inquiry${i}@example.com`,
            'ブランド展開について相談したいです。',
            i,
            rows[0].base,
          ],
        );
      }
    } finally {
      await db.end();
    }
  });

  it('keeps ?page= in the URL, and resolving on page 2 changes the badge in the list and the panel', async () => {
    const page = await adminPage();
    await page.goto('/admin/brand_ambassador_inquiries');
    await hydrated(page);
    await page.getByTestId('admin-pagination').getByRole('link', { name: '2ページ目' }).click();
    await page.waitForURL('**/admin/brand_ambassador_inquiries?page=2');
    await poll(() => page.getByTestId('inquiries-table').locator('tbody tr').count()).toBe(20);
    // Newest first: page 2 starts with the 21st newest (all of ours are newer than the demo's).
    const first = page.getByTestId('inquiries-table').locator('tbody tr').first();
    await poll(() => first.textContent()).toContain(`${marker}-21`);
    expect(await first.getByTestId('inquiry-status').textContent()).toBe('未対応');
    expect(await first.textContent()).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);

    await first.click();
    const panel = page.getByTestId('inquiry-detail');
    await poll(() => panel.textContent()).toContain('inquiry21@example.com');
    expect(await panel.textContent()).toContain('ブランド展開について');
    expect(await panel.textContent()).toContain('広報部');
    expect(await panel.textContent()).not.toContain('役職');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // The region that says it was copied is there, empty, before the press (so its text is read out).
    expect(await panel.getByTestId('copied').getAttribute('role')).toBe('status');
    expect(await panel.getByTestId('copied').textContent()).toBe('');
    await panel.getByRole('button', { name: 'コピー' }).click();
    await poll(() => panel.getByTestId('copied').textContent()).toBe('コピーしました');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('inquiry21@example.com');

    await panel.getByLabel('状態').selectOption({ label: '対応済み' });
    await panel.getByRole('button', { name: '保存', exact: true }).click();
    await poll(() => first.getByTestId('inquiry-status').textContent()).toBe('対応済み');
    expect(await panel.getByLabel('状態').inputValue()).toBe('true');

    // Reload keeps page 2 and the saved state.
    await page.reload();
    await hydrated(page);
    await poll(() => page.getByTestId('inquiries-table').locator('tbody tr').first().textContent()).toContain(`${marker}-21`);
    expect(await page.getByTestId('inquiries-table').locator('tbody tr').first().getByTestId('inquiry-status').textContent()).toBe(
      '対応済み',
    );
    expect(await page.getByTestId('admin-pagination').locator('[aria-current="page"]').textContent()).toBe('2');
  });
});

describe('the inquiry panel by keyboard', () => {
  it('takes the focus to the panel, saves 状態 only with 保存, and gives the focus back to the row on 閉じる', async () => {
    const name = `キーボード問い合わせ${Date.now()}`;
    const db = new pg.Client({ connectionString: serverDatabaseUrl() });
    await db.connect();
    try {
      // Newer than any other, so it is the first row of page 1.
      await db.query(
        `insert into brand_and_ambassador_inquiries (name, company_name, email, subject, content, resolved, created_at, updated_at)
         values ($1, '株式会社キーボード', 'keyboard-inquiry@example.com', 'branding', 'キーボードだけで対応します。', false,
                 (select coalesce(max(created_at), now()) + interval '1 hour' from brand_and_ambassador_inquiries), now())`,
        [name],
      );
    } finally {
      await db.end();
    }
    const page = await adminPage();
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(request.url());
    });
    await page.goto('/admin/brand_ambassador_inquiries');
    await hydrated(page);
    const open = page.getByRole('button', { name: `${name}さんのお問い合わせを開く`, exact: true });
    await open.waitFor();
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    const controls = await open.getAttribute('aria-controls');
    expect(controls).toBeTruthy();

    // Opened with Enter: the focus is on the panel's heading, and the row's button says which panel it opened.
    await open.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('inquiry-detail');
    await poll(() => panel.textContent()).toContain('keyboard-inquiry@example.com');
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('inquiry-detail-title');
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.getAttribute('id')).toBe(controls);

    // 閉じる, then 状態: ↓ changes the choice only; nothing is saved and the select keeps the focus.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('閉じる');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('inquiry-status');
    await page.keyboard.press('ArrowDown');
    expect(await panel.getByLabel('状態').inputValue()).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('inquiry-status');
    expect(puts).toEqual([]);
    const row = page.locator('tbody tr', { has: open });
    expect(await row.getByTestId('inquiry-status').textContent()).toBe('未対応');

    // 保存 beside it saves; the focus stays on 保存 and the list's badge follows.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('保存');
    const saved = page.waitForResponse((res) => res.request().method() === 'PUT');
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await poll(() => row.getByTestId('inquiry-status').textContent()).toBe('対応済み');
    await poll(() => panel.getByRole('status').filter({ hasText: '状態を保存しました' }).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('保存');
    expect(puts).toHaveLength(1);

    // 閉じる: the panel goes and the focus is back on the row's button.
    await panel.getByRole('button', { name: '閉じる' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => panel.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`${name}さんのお問い合わせを開く`);
    expect(await open.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('community applications', () => {
  const marker = String(Date.now() % 1_000_000);
  // Stored in katakana with a half-width space; searched in hiragana, a full-width space and full-width digits.
  const name = `サドウ ケイコ${marker}`;
  const typed = `さどう　けいこ${marker.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0))}`;
  let email = '';

  beforeAll(async () => {
    // A community of no brand (the demo's all have one) and an application to it.
    const orm = await openServerOrm();
    const { community, questions } = await createCommunity(orm, {
      name: `E2E茶の湯の会 ${marker}`,
      questions: [{ name: '参加の動機', required: true }],
    });
    const user = await createUser(orm, { name: '茶道 恵子' });
    email = user.email;
    const em = orm.em.fork();
    const application = em.create(CommunityApplication, {
      community: community.id,
      user: user.id,
      occupation: 1,
      fullName: name,
      gender: 'female',
      postalCode: '6050073',
      address: null,
      birthday: '1990-04-15',
    });
    em.create(CommunityApplicationAnswer, {
      application,
      question: questions[0].id,
      questionText: questions[0].name,
      content: 'お茶を習いたいです',
    });
    await em.flush();
  });

  const table = (page: Page) => page.getByTestId('applications-table');

  it('finds a brandless community’s application as typed, opens it by keyboard and marks it 対応済み', async () => {
    const page = await adminPage();
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(request.url());
    });
    await page.goto('/admin');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: '管理メニュー' });
    await nav.getByRole('link', { name: 'コミュニティ申し込み' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/community_applications');
    await hydrated(page);
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe('コミュニティ申し込み');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('コミュニティ申し込み一覧');

    const filters = page.getByTestId('list-filters');
    await filters.getByLabel('キーワード').fill(typed);
    await filters.getByLabel('ブランド').selectOption({ label: 'ブランドなし' });
    await filters.getByRole('button', { name: '絞り込む' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === typed && url.searchParams.get('brand_id') === 'none');
    await hydrated(page);
    const rows = table(page).locator('tbody tr');
    await poll(() => rows.count()).toBe(1);
    await poll(() => page.getByTestId('list-count').textContent()).toBe('1件');
    const row = rows.first();
    expect(await row.textContent()).toContain(`E2E茶の湯の会 ${marker}`);
    expect(await row.textContent()).toContain('ブランドなし');
    expect(await row.getByTestId('handled-state').textContent()).toBe('未対応');
    expect(await filters.getByLabel('キーワード').inputValue()).toBe(typed);

    // Opened with Enter: the focus is on the panel's heading, which shows the address to write to.
    const open = page.getByRole('button', { name: `${name}さんの申し込みを見る`, exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('application-detail');
    await poll(() => panel.getByTestId('applicant-email').textContent()).toContain(email);
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('application-detail-title');
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
    expect(await panel.getByTestId('application-brands').textContent()).toBe('ブランドなし');
    expect(await panel.getByTestId('answers').textContent()).toBe('参加の動機お茶を習いたいです');

    // 閉じる, 対応状況 (↓ changes the choice only), then 保存, which saves and updates the row.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('閉じる');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('inquiry-status');
    await page.keyboard.press('ArrowDown');
    expect(await panel.getByLabel('対応状況').inputValue()).toBe('true');
    expect(puts).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('保存');
    const saved = page.waitForResponse((res) => res.request().method() === 'PUT');
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await poll(() => row.getByTestId('handled-state').textContent()).toBe('対応済み');
    expect(puts).toHaveLength(1);

    // 閉じる: the focus is back on the row's button.
    await panel.getByRole('button', { name: '閉じる' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => panel.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`${name}さんの申し込みを見る`);
  });

  it('shows each application as a card at 375px, without scrolling sideways, and the panel under the list', async () => {
    const page = await adminPage(375);
    await page.goto(`/admin/community_applications?q=${encodeURIComponent(typed)}`);
    await hydrated(page);
    const row = table(page).locator('tbody tr');
    await poll(() => row.count()).toBe(1);
    const cell = row.locator('td').first();
    expect(await cell.evaluate((td) => getComputedStyle(td).display)).toBe('flex');
    expect(await cell.getAttribute('data-label')).toBe('対応状況');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: `${name}さんの申し込みを見る`, exact: true }).click();
    const panel = page.getByTestId('application-detail');
    await poll(() => panel.getByTestId('applicant-email').textContent()).toContain(email);
    // Both boxes read in one step, once the panel has settled: read one after the other, a layout between the two
    // reads could pair boxes of different moments.
    const gap = () =>
      page.evaluate(() => {
        const list = document.querySelector('[data-testid="applications-table"]')?.getBoundingClientRect();
        const detail = document.querySelector('[data-testid="application-detail"]')?.getBoundingClientRect();
        return list && detail ? detail.top - list.bottom : Number.NaN;
      });
    await poll(gap).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

describe('the approval queue by keyboard', () => {
  it("moves the focus to the next row's 公開する once a row is published, and to the heading when none is left", async () => {
    const orm = await openServerOrm();
    const marker = `キーボード承認${Date.now()}`;
    await createExperience(orm, { title: `${marker} 一つ目`, approve: false });
    await createExperience(orm, { title: `${marker} 二つ目`, approve: false });
    const page = await adminPage();
    await page.goto(`/admin/experiences?q=${encodeURIComponent(marker)}`);
    await hydrated(page);
    const rows = page.locator('tr[data-testid^="pending-"]');
    await poll(() => rows.count()).toBe(2);
    const second = await rows.nth(1).getAttribute('data-testid');
    const focusedRow = () => page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('data-testid') ?? null);

    async function publishFirst() {
      await rows.first().getByRole('button', { name: '公開する' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('approve-dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: '公開する' }).focus();
      await page.keyboard.press('Enter');
      await poll(() => page.getByTestId('approval-notice').textContent()).toContain(marker);
    }

    await publishFirst();
    await poll(() => rows.count()).toBe(1);
    await poll(focusedRow).toBe(second);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('公開する');

    await publishFirst();
    await poll(() => rows.count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('公開申請中の体験');
  });
});

describe('the admin screens as their users meet them', () => {
  /** A community made through the admin API from the demo's first one: `items` visible, `hidden` hidden. */
  async function communityWith(page: Page, opts: { published: boolean; items: number; hidden: number }): Promise<number> {
    const demo = (await (await page.request.get(`${s.baseUrl}/api/v1/admin/communities/1`)).json()) as Record<string, unknown> & {
      images: { object_key: string; url: string }[];
    };
    const keys = [
      'host_name',
      'host_description',
      'description',
      'activity_description',
      'important_thing',
      'ideal_candidate_profile',
      'participation_condition',
      'location',
      'catchphrase',
    ];
    const body: Record<string, unknown> = Object.fromEntries(keys.map((k) => [k, demo[k]]));
    body.name = `E2E上限 ${Date.now()}`;
    body.published = opts.published;
    body.images = demo.images.map((i) => ({ object_key: i.object_key, url: i.url }));
    body.application_items = [
      ...Array.from({ length: opts.items }, (_, i) => ({ name: `質問${i + 1}`, required: false, disabled: false })),
      ...Array.from({ length: opts.hidden }, (_, i) => ({ name: `非表示${i + 1}`, required: false, disabled: true })),
    ];
    const created = await page.request.post(`${s.baseUrl}/api/v1/admin/communities`, { data: body });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: number }).id;
  }

  it('counts visible items only toward the 10 (as the server does), and confirms every delete', async () => {
    const page = await adminPage(375);
    const id = await communityWith(page, { published: true, items: 10, hidden: 1 });
    await page.goto(`/admin/communities/${id}/edit`);
    await hydrated(page);
    await poll(() => page.getByTestId('application-item').count()).toBe(10);
    // Ten visible: no add button, and the hidden one cannot come back until one leaves.
    expect(await page.getByRole('button', { name: '＋ 質問を追加' }).count()).toBe(0);
    expect(await page.getByTestId('items-limit').textContent()).toBe('質問は10件までです');
    expect(await page.getByTestId('hidden-items').getByRole('button', { name: '再表示する' }).isDisabled()).toBe(true);
    await page.getByTestId('application-item').nth(9).getByRole('button', { name: '非表示にする' }).click();
    // Nine visible and two hidden: one more may be added (the server accepts 10 visible and any hidden).
    await poll(() => page.getByRole('button', { name: '＋ 質問を追加' }).count()).toBe(1);
    expect(await page.getByTestId('hidden-items').getByRole('button', { name: '再表示する' }).first().isDisabled()).toBe(false);

    // Delete asks first; cancel keeps the item.
    await page.getByRole('button', { name: '削除 (1)', exact: true }).click();
    const dialog = page.getByTestId('item-delete-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('「質問1」を削除します。よろしいですか？');
    await page.screenshot({ path: '/tmp/admin-shots/item-delete-375.png' });
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    expect(await page.getByTestId('application-item').count()).toBe(9);
    await page.getByRole('button', { name: '削除 (1)', exact: true }).click();
    await page.getByTestId('item-delete-dialog').getByRole('button', { name: '削除' }).click();
    await poll(() => page.getByTestId('application-item').count()).toBe(8);
  });

  it('shows a whole 100-character question on a phone, and keeps it one line: Enter saves, a line break becomes a space', async () => {
    const page = await adminPage(375);
    const id = await communityWith(page, { published: true, items: 2, hidden: 0 });
    await page.goto(`/admin/communities/${id}/edit`);
    await hydrated(page);
    const question = page.getByTestId('application-item').first().getByRole('textbox');
    const short = await question.evaluate((e) => e.getBoundingClientRect().height);
    const long = '参加の動機と、これまでに自然の中で過ごした経験を教えてください。'.repeat(4).slice(0, 100);
    await question.fill(long);
    // Every character in view: the box grew to its text (nothing scrolls inside it), within the phone's width.
    await poll(() => question.evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThan(short * 3);
    expect(await question.evaluate((e) => e.scrollHeight - e.clientHeight)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    expect(await page.getByTestId('application-item').first().locator('.field__counter').textContent()).toBe(
      '100/100100文字以内で入力してください',
    );
    await page.screenshot({ path: '/tmp/admin-shots/item-long-375.png' });

    // A line break typed or pasted into the second question becomes a space.
    const second = page.getByTestId('application-item').nth(1).getByRole('textbox');
    await second.fill('');
    await second.focus();
    await page.keyboard.insertText('好きな季節\nとその理由');
    expect(await second.inputValue()).toBe('好きな季節 とその理由');
    // Enter adds no line break: it saves the form, as in a one-line input.
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/communities');
    const detail = (await (await page.request.get(`${s.baseUrl}/api/v1/communities/${id}/detail`)).json()) as {
      application_items: { name: string }[];
    };
    expect(detail.application_items.map((i) => i.name)).toEqual([long, '好きな季節 とその理由']);
  });

  it('says that an item with answers will be hidden instead of deleted', async () => {
    const page = await adminPage();
    // The demo's first community has an application with answers.
    await page.goto('/admin/communities/1/edit');
    await hydrated(page);
    const answered = page.getByTestId('application-item').filter({ hasText: '回答あり' }).first();
    await answered.waitFor();
    const name = await answered.getByRole('textbox').inputValue();
    const visible = await page.getByTestId('application-item').count();
    await answered.getByRole('button', { name: /^削除/ }).click();
    const dialog = page.getByTestId('item-delete-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('回答がある質問は削除できません');
    expect(await dialog.textContent()).toContain(`「${name}」には`);
    await page.screenshot({ path: '/tmp/admin-shots/item-answered-1280.png' });
    await dialog.getByRole('button', { name: '非表示にする' }).click();
    await poll(() => page.getByTestId('application-item').count()).toBe(visible - 1);
    expect(await page.getByTestId('hidden-items').textContent()).toContain(name);
  });

  it('lets the admin open a private community from the list; everyone else gets the 404', async () => {
    const page = await adminPage();
    const id = await communityWith(page, { published: false, items: 1, hidden: 0 });
    await page.goto('/admin/communities');
    await hydrated(page);
    const row = page.getByTestId('communities-table').locator('tr', { has: page.locator(`a[href="/communities/${id}"]`) });
    await row.waitFor();
    expect(await row.locator('.badge').textContent()).toBe('非公開');
    await row.locator(`a[href="/communities/${id}"]`).click();
    await page.waitForURL(`**/communities/${id}`);
    expect(await page.getByTestId('unpublished-notice').textContent()).toBe('このコミュニティは非公開です。管理者にだけ表示されています。');
    expect(await page.getByTestId('apply-link').count()).toBe(0);
    const guest = await s.newPage();
    expect((await guest.goto(`/communities/${id}`))?.status()).toBe(404);
  });

  it('hides a field message once the field is changed, until the next submit', async () => {
    const page = await adminPage();
    await page.goto('/admin/brand/new');
    await hydrated(page);
    await page.getByRole('button', { name: /作成/ }).click();
    const field = page.locator('.field', { has: page.getByLabel('ブランド名') });
    await poll(() => field.locator('.field__error').count()).toBe(1);
    expect(await page.getByLabel('ブランド名').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('ブランド名').fill('あおばフーズ');
    await poll(() => field.locator('.field__error').count()).toBe(0);
    expect(await page.getByLabel('ブランド名').getAttribute('aria-invalid')).toBeNull();
    // Emptied and sent again: the message is back.
    await page.getByLabel('ブランド名').fill('');
    await page.getByRole('button', { name: /作成/ }).click();
    await poll(() => field.locator('.field__error').count()).toBe(1);
  });

  it("hides the member picker's 必須 once a user is searched for", async () => {
    const page = await adminPage();
    await page.goto('/admin/ambassador/1/member_invitation');
    await hydrated(page);
    await page.getByRole('button', { name: '追加', exact: true }).click();
    await poll(() => page.locator('.field__error').allTextContents()).toEqual(['必須']);
    await page.getByRole('combobox').fill('佐藤');
    await poll(() => page.locator('.field__error').count()).toBe(0);
  });

  it.each(['ambassador', 'brand'])('shows the not-found message on /admin/%s/99999/member_invitation, not a form', async (kind) => {
    const page = await adminPage(375);
    await page.goto(`/admin/${kind}/99999/member_invitation`);
    await hydrated(page);
    const alert = page.locator('.admin-error');
    await alert.waitFor();
    const members = await s.newPage();
    await s.signIn(members, 'admin@example.com');
    await members.goto(`/admin/${kind}/99999/members`);
    await members.locator('.admin-error').waitFor();
    expect(await alert.textContent()).toBe(await members.locator('.admin-error span').first().textContent());
    expect(await page.locator('form').count()).toBe(0);
    await page.screenshot({ path: `/tmp/admin-shots/invitation-404-${kind}-375.png` });
  });

  it('offers the sign-in page when the session has ended while a page was open', async () => {
    const page = await adminPage();
    await page.goto('/admin/ambassador/1/member_invitation');
    await hydrated(page);
    await page.getByRole('combobox').fill('example.com');
    const option = page.getByRole('option').first();
    await option.waitFor();
    await option.click();
    await page.getByTestId('picked-user').waitFor();
    await page.context().clearCookies();
    await page.getByRole('button', { name: '追加', exact: true }).click();
    const link = page.getByTestId('sign-in-again');
    await link.waitFor();
    expect(await page.locator('.alert--error').first().textContent()).toContain('ログインしてください');
    expect(await link.getAttribute('href')).toBe(`/logon?redirect=${encodeURIComponent('/admin/ambassador/1/member_invitation')}`);
    await page.screenshot({ path: '/tmp/admin-shots/signed-out-1280.png' });
  });
});
