// Communities, brands, ambassadors and inquiries in Chromium: applying to a community with required and
// optional questions (what the brand receives, client checks, server errors, completion flag), the program inquiry
// and the general contact form, and the ambassador page's carousel and collapsing description. Runs against the
// demo data: the community is picked through the public API; the ambassador is created through the admin API.
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, type Session } from '#tests/e2e/browser';
import type { CommunityCardData, CommunityDetail } from '#src/modules/communities/communities.schemas';
import type { BrandListItem } from '#src/modules/brands/brands.schemas';

let s: Session;
let community: CommunityDetail;

const getJson = <T>(path: string) => s.getJson<T>(path);

beforeAll(async () => {
  s = await openBrowser();
  // A published community with at least one required and one optional visible question.
  const { brands } = await getJson<{ brands: BrandListItem[] }>('/api/v1/brands');
  for (const brand of brands) {
    const { communities } = await getJson<{ communities: CommunityCardData[] }>(`/api/v1/brands/${brand.id}/communities`);
    for (const c of communities) {
      const detail = await getJson<CommunityDetail>(`/api/v1/communities/${c.id}/detail`);
      const items = detail.application_items;
      if (items.some((i) => i.required) && items.some((i) => !i.required)) {
        community = detail;
        break;
      }
    }
    if (community) break;
  }
  if (!community) throw new Error('the demo data needs a published brand community with a required and an optional question');
});

describe('community application', () => {
  it('shows the community server-rendered, and sends a signed-out visitor to sign in first', async () => {
    const html = await (await fetch(`${s.baseUrl}/communities/${community.id}`)).text();
    expect(html).toContain(`<title>${community.name} | たびとこ</title>`);
    expect(html).toContain(community.catchphrase);
    expect(html).toContain('ログインして申し込む');

    const res = await fetch(`${s.baseUrl}/communities/${community.id}/registrations`, { redirect: 'manual' });
    expect([301, 302, 307]).toContain(res.status);
    expect(res.headers.get('location')).toContain(`/logon?redirect=${encodeURIComponent(`/communities/${community.id}/registrations`)}`);
  });

  it('applies with required and optional questions, checking the form first, then shows the completion page', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    const email = await s.signUp(page);
    await page.goto(`/communities/${community.id}`);
    await hydrated(page);
    await page.locator('[data-testid="apply-link"] >> visible=true').click();
    await page.waitForURL(`**/communities/${community.id}/registrations`);
    await hydrated(page);

    // A second tab keeps the form open, to submit after the first application (server error below).
    const second = await page.context().newPage();
    await second.goto(`/communities/${community.id}/registrations/new`);
    await hydrated(second);

    const required = community.application_items.find((i) => i.required);
    const optional = community.application_items.find((i) => !i.required);
    if (!required || !optional) throw new Error('the community needs a required and an optional question');

    // Before anything is sent, above the button that sends: what the brand receives, with the account's address it
    // will write to.
    const disclosure = page.getByTestId('application-disclosure');
    expect(await disclosure.getByRole('heading', { level: 2 }).textContent()).toBe('運営担当者に届く内容');
    expect(await disclosure.locator('li').allTextContents()).toEqual([
      '氏名',
      '年齢（生年月日から計算します）',
      '職業',
      '質問への回答',
      `アカウントのメールアドレス（${email}）`,
    ]);
    expect(await disclosure.textContent()).toContain(
      '担当者は、この申し込みについて、このメールアドレスあてにメールでご連絡します。アカウントのメールアドレスを変更した場合は、変更後のアドレスが担当者に表示されます。',
    );
    expect(await page.locator('[data-testid="application-disclosure"] ~ button[type="submit"]').textContent()).toBe('申し込む');

    // Empty form: per-field messages from the shared schema, and the required question's message.
    await page.getByRole('button', { name: '申し込む' }).click();
    await expect
      .poll(() => page.locator('.field__error').allTextContents())
      .toEqual(
        expect.arrayContaining([
          '氏名を入力してください',
          '性別を選択してください',
          '郵便番号を入力してください',
          '生年月日を選択してください',
          '職業を選択してください',
          `「${required.name}」を入力してください`,
        ]),
      );
    expect(await page.locator('.field__error').allTextContents()).not.toContain(`「${optional.name}」を入力してください`);

    await page.fill('input[name="full_name"]', 'コミュニティ 花子');
    await page.getByLabel('女性').check();
    await page.fill('input[name="postal_code"]', '150-00a1');
    await page.fill('input[name="address"]', '東京都渋谷区神宮前1-2-3');
    await page.selectOption('select[name="year"]', '1990');
    await page.selectOption('select[name="month"]', '2');
    await page.selectOption('select[name="day"]', '31');
    await page.selectOption('select[name="occupation_id"]', { index: 1 });
    await page.fill(`textarea[name="answer_${required.id}"]`, '週末に自然の中で過ごす時間を増やしたいです。');
    await page.getByRole('button', { name: '申し込む' }).click();
    await expect
      .poll(() => page.locator('.field__error').allTextContents())
      .toEqual(['郵便番号は「150-0001」または「1500001」の形で入力してください', '存在しない日付です。生年月日を確認してください']);

    // Typed with a hyphen (or full-width), the code is kept whole and normalised to seven digits.
    await page.fill('input[name="postal_code"]', '');
    await page.locator('input[name="postal_code"]').pressSequentially('060-0042');
    expect(await page.inputValue('input[name="postal_code"]')).toBe('060-0042');
    await page.locator('input[name="address"]').focus();
    expect(await page.inputValue('input[name="postal_code"]')).toBe('0600042');
    await page.selectOption('select[name="day"]', '28');
    await page.getByRole('button', { name: '申し込む' }).click();
    await page.waitForURL(`**/communities/${community.id}/registrations/complete`);
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('申し込みが完了しました');
    expect(await page.locator('.completion-panel').textContent()).toContain(
      '運営担当者が内容を確認し、アカウントのメールアドレスあてにメールでご連絡します。',
    );
    // Shown once: the server consumed the flag while rendering, so a reload says the session expired.
    await page.reload();
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('セッションの有効期限が切れました');
    await page.getByRole('link', { name: 'コミュニティのページへ戻る' }).click();
    await page.waitForURL(`**/communities/${community.id}`);
    await expect.poll(() => page.locator('.community__bar').textContent()).toBe('申し込み済みです');

    // The tab opened before: its submission reaches the server, which refuses a second application.
    await second.fill('input[name="full_name"]', 'コミュニティ 花子');
    await second.getByLabel('男性').check();
    await second.fill('input[name="postal_code"]', '１５００００１');
    await second.selectOption('select[name="year"]', '1985');
    await second.selectOption('select[name="month"]', '5');
    await second.selectOption('select[name="day"]', '5');
    await second.selectOption('select[name="occupation_id"]', { index: 2 });
    await second.fill(`textarea[name="answer_${required.id}"]`, 'もう一度');
    await second.getByRole('button', { name: '申し込む' }).click();
    await expect.poll(() => second.getByRole('alert').first().textContent()).toContain('このコミュニティにはすでに申し込み済みです');
    expect(second.url()).toContain('/registrations/new');
  });

  it('counts the name and each answer against their limits and says so at the limit, never cutting a text silently', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await s.signUp(page);
    await page.goto(`/communities/${community.id}/registrations`);
    await hydrated(page);
    const item = community.application_items[0];

    await page.fill('input[name="full_name"]', '花子');
    expect(await page.locator('#field-full_name-counter').textContent()).toBe('2/100');
    await page.fill('input[name="full_name"]', 'あ'.repeat(100));
    expect(await page.locator('#field-full_name-counter').textContent()).toBe('100/100100文字以内で入力してください');
    // 100 characters are valid: the notice is no error (neither its colour nor the field's state).
    expect(await page.locator('#field-full_name-counter').getAttribute('class')).toBe('field__counter field__counter--notice');
    expect(await page.getAttribute('input[name="full_name"]', 'aria-invalid')).toBeNull();
    const danger = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-danger').trim());
    expect(danger).toBe('#b91c1c');
    expect(await page.locator('#field-full_name-counter').evaluate((e) => getComputedStyle(e).color)).not.toBe('rgb(185, 28, 28)');
    // The browser takes no 101st character, and the notice says why.
    await page.locator('input[name="full_name"]').press('a');
    expect(await page.inputValue('input[name="full_name"]')).toBe('あ'.repeat(100));
    expect(await page.getAttribute('input[name="full_name"]', 'aria-describedby')).toContain('field-full_name-counter');
    // An emoji is one character, as the server counts it: after 50 of them the field still takes more.
    await page.fill('input[name="full_name"]', '😀'.repeat(50));
    expect(await page.locator('#field-full_name-counter').textContent()).toBe('50/100');
    await page.locator('input[name="full_name"]').pressSequentially('いう');
    expect(await page.inputValue('input[name="full_name"]')).toBe(`${'😀'.repeat(50)}いう`);
    expect(await page.locator('#field-full_name-counter').textContent()).toBe('52/100');

    const answer = page.locator(`textarea[name="answer_${item.id}"]`);
    await answer.fill('任意の回答🌲');
    expect(await page.locator(`#field-answer_${item.id}-counter`).textContent()).toBe('6/2000');
    await answer.fill('う'.repeat(1999));
    expect(await page.locator(`#field-answer_${item.id}-counter`).textContent()).toBe('1999/2000');
    await answer.fill('う'.repeat(2000));
    expect(await page.locator(`#field-answer_${item.id}-counter`).textContent()).toBe('2000/20002000文字以内で入力してください');
    expect(await page.locator('#field-address-counter').textContent()).toBe('0/255');
  });

  it('shows the session-expired text on the completion page without the flag', async () => {
    const page = await s.newPage();
    await page.goto(`/communities/${community.id}/registrations/complete`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('セッションの有効期限が切れました');
    expect(await page.getByRole('link', { name: 'コミュニティのページへ戻る' }).getAttribute('href')).toBe(`/communities/${community.id}`);
  });
});

describe('brand and ambassador program inquiry', () => {
  it('goes from the program page to the form, checks all seven fields, sends and completes', async () => {
    const page = await s.newPage({ width: 1280 });
    await page.goto('/brand_ambassador');
    await hydrated(page);
    expect(await page.locator('.ba-flow__step').count()).toBe(7);
    await page.getByRole('link', { name: '導入について問い合わせる' }).first().click();
    await page.waitForURL('**/brand_ambassador/inquiry');
    await hydrated(page);

    await page.getByRole('button', { name: '送信する' }).click();
    await expect.poll(() => page.locator('.field__error').count()).toBe(7);

    await page.fill('input[name="name"]', '高橋 真理');
    await page.fill('input[name="company_name"]', '株式会社みどり製菓');
    await page.fill('input[name="department_name"]', 'マーケティング部');
    await page.fill('input[name="position_name"]', '課長');
    await page.fill('input[name="email"]', 'takahashi@@example');
    await page.getByLabel(/ブランド展開について/).check();
    await page.fill('textarea[name="content"]', '地域の教室と組んだ体験イベントを検討しています。');
    await page.getByRole('button', { name: '送信する' }).click();
    await expect.poll(() => page.locator('.field__error').allTextContents()).toEqual(['メールアドレスの形式が正しくありません']);

    await page.fill('input[name="email"]', 'takahashi@midori.example.com');
    await page.getByRole('button', { name: '送信する' }).click();
    await page.waitForURL('**/brand_ambassador/inquiry/complete');
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('お問い合わせを受け付けました');
    expect(await page.title()).toContain('お問い合わせを受け付けました');
    expect(await page.getByRole('link', { name: 'トップページへ' }).getAttribute('href')).toBe('/');
    await page.reload();
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('このページの有効期限が切れました');
    // The tab says what the page says.
    expect(await page.title()).toContain('このページの有効期限が切れました');
    expect(await page.title()).not.toContain('受け付けました');
  });

  it('counts the name and the content against their limits and says so at the limit, never cutting a text silently', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto('/brand_ambassador/inquiry');
    await hydrated(page);

    await page.fill('input[name="name"]', 'あ'.repeat(99));
    expect(await page.locator('#field-name-counter').textContent()).toBe('99/100');
    await page.fill('input[name="name"]', 'あ'.repeat(100));
    expect(await page.locator('#field-name-counter').textContent()).toBe('100/100100文字以内で入力してください');
    expect(await page.locator('#field-name-counter').getAttribute('class')).toBe('field__counter field__counter--notice');
    expect(await page.getAttribute('input[name="name"]', 'aria-invalid')).toBeNull();
    await page.locator('input[name="name"]').press('a');
    expect(await page.inputValue('input[name="name"]')).toBe('あ'.repeat(100));
    expect(await page.locator('#field-company_name-counter').textContent()).toBe('0/255');

    await page.fill('textarea[name="content"]', 'う'.repeat(5000));
    expect(await page.locator('#field-content-counter').textContent()).toBe('5000/50005000文字以内で入力してください');
    await page.locator('textarea[name="content"]').press('a');
    expect(await page.inputValue('textarea[name="content"]')).toHaveLength(5000);
    // Below the limit again, the notice goes and the count follows.
    await page.locator('textarea[name="content"]').press('Backspace');
    expect(await page.locator('#field-content-counter').textContent()).toBe('4999/5000');
  });

  it('shows the expired text on the completion page when nothing was sent', async () => {
    const page = await s.newPage();
    await page.goto('/brand_ambassador/inquiry/complete');
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('このページの有効期限が切れました');
    expect(await page.title()).toBe('このページの有効期限が切れました | たびとこ');
    await page.goto('/inquiry/complete');
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('このページの有効期限が切れました');
    expect(await page.title()).toBe('このページの有効期限が切れました | たびとこ');
  });

  it('sends a general contact from /inquiry', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto('/inquiry');
    await hydrated(page);
    await page.fill('textarea[name="content"]', 'う'.repeat(5000));
    expect(await page.locator('#field-content-counter').textContent()).toBe('5000/50005000文字以内で入力してください');
    await page.fill('input[name="name"]', '佐藤 ゆうき');
    expect(await page.locator('#field-name-counter').textContent()).toBe('6/100');
    await page.fill('input[name="email"]', 'sato@example.com');
    await page.fill('textarea[name="content"]', '予約確認メールが届きません。');
    await page.getByRole('button', { name: '送信する' }).click();
    await page.waitForURL('**/inquiry/complete');
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('お問い合わせを受け付けました');
    await page.reload();
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('このページの有効期限が切れました');
  });
});

describe('ambassador page', () => {
  it('advances the carousel every 3 seconds and collapses a long description with see more / close', async () => {
    // An administrator adds a published ambassador with two images and a long description.
    // Two of the demo's uploaded photos (an image must be one that was uploaded: its key is its file's name).
    const { images } = await getJson<{ images: { url: string }[] }>('/api/v1/experiences/1');
    const imageUrls = images.map((i) => i.url);
    const admin = await s.newPage();
    await s.signIn(admin, 'admin@example.com');
    const description = Array.from(
      { length: 12 },
      (_, i) => `${i + 1}行目: 季節の野菜を使った家庭料理を、少人数でていねいに教えています。`,
    ).join('\n');
    const created = await admin.request.post(`${s.baseUrl}/api/v1/ambassadors`, {
      data: {
        name: 'ブラウザテスト料理教室',
        description,
        published: true,
        address: '東京都世田谷区北沢2-1-1',
        homepage_url: 'https://kitchen.example.com',
        instagram_username: 'kitchen_test',
        x_username: 'kitchen_test',
        images: imageUrls.slice(0, 2).map((url) => ({ object_key: url.replace('/uploads/', ''), url })),
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const page = await s.newPage({ width: 1280 });
    await page.goto(`/ambassadors/${id}`);
    await hydrated(page);
    expect(await page.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://www.instagram.com/kitchen_test/');
    expect(await page.getByRole('link', { name: 'X', exact: true }).getAttribute('href')).toBe('https://x.com/kitchen_test');

    const dots = page.locator('[data-testid="carousel"] .carousel__dot');
    await expect.poll(() => dots.nth(0).getAttribute('aria-current')).toBe('true');
    await page.mouse.move(1, 1); // keep the pointer off the carousel (hover pauses it)
    await expect.poll(() => dots.nth(1).getAttribute('aria-current'), { timeout: 5000 }).toBe('true');

    const text = page.getByTestId('collapsible-text');
    const collapsedHeight = await text.evaluate((el) => el.clientHeight);
    await page.getByRole('button', { name: 'もっと見る' }).click();
    await expect.poll(() => text.evaluate((el) => el.clientHeight)).toBeGreaterThan(collapsedHeight * 2);
    await page.getByRole('button', { name: '閉じる' }).click();
    await expect.poll(() => text.evaluate((el) => el.clientHeight)).toBe(collapsedHeight);
  });

  it('lists the program partners with their communities', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto('/brand_ambassador/list');
    await hydrated(page);
    await expect.poll(() => page.locator('#panel-brands a[href^="/communities/"]').count()).toBeGreaterThan(0);
    await page.getByRole('tab', { name: /アンバサダー/ }).click();
    await expect.poll(() => page.locator('#panel-ambassadors').isVisible()).toBe(true);
    expect(await page.locator('#panel-ambassadors a[href^="/ambassadors/"]').count()).toBeGreaterThan(0);
  });
});
