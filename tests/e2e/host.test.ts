// In a real browser: a host starts a draft with photos, finishes it with options and a recurrence rule,
// requests publication; the operator approves it with the CLI; it then appears on /stories.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, serverDatabaseUrl, type Session } from '#tests/e2e/browser';
import { addDays, formatDateJa, todayInJapan } from '#src/lib/isomorphic/dates';
import { CLI_ARGS } from '#tests/setup/built';

const root = path.resolve(import.meta.dirname, '../..');
let s: Session;
beforeAll(async () => {
  s = await openBrowser();
});

describe('host experience flow', () => {
  it('drafts with photos, adds options and a recurrence rule, requests publication, and is listed after CLI approval', async () => {
    const page = await s.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    const email = `host-e2e-${Date.now()}@example.com`;
    const signUp = await page.request.post(`${s.baseUrl}/api/v1/users`, {
      data: { name: 'ブラウザ ホスト', email, password: 'abcd1234', agree_terms: true },
    });
    expect(signUp.status()).toBe(201);

    // Guidelines -> the form.
    await page.goto('/host_story');
    await hydrated(page);
    await page.getByRole('link', { name: '体験の作成をはじめる' }).click();
    await page.waitForURL('**/host_story_drafts/new');
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('体験作成');

    // Photos: two accepted; the same file again and a text file are dropped with notices.
    const photo1 = path.join(root, 'seeds/images/calligraphy.jpg');
    const photo2 = path.join(root, 'seeds/images/hiking.jpg');
    const input = page.getByTestId('image-input');
    await input.setInputFiles([photo1, photo2]);
    await expect.poll(() => page.locator('.image-uploader__thumb').count(), { timeout: 15_000 }).toBe(2);
    await input.setInputFiles([photo1]);
    await expect.poll(() => page.locator('.image-uploader__notices').textContent()).toContain('同じ画像がすでに選択されているため');
    // The same bytes under another name are the same image.
    await input.setInputFiles([{ name: 'copy-of-calligraphy.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photo1) }]);
    await expect.poll(() => page.locator('.image-uploader__notices').textContent()).toContain('同じ画像がすでに選択されているため');
    // A text file named .png passes the browser's type check; the server's reason is shown.
    await input.setInputFiles([{ name: 'memo.png', mimeType: 'image/png', buffer: Buffer.from('not an image') }]);
    await expect
      .poll(() => page.locator('.image-uploader__notices').textContent(), { timeout: 15_000 })
      .toContain('アップロードエラー: 422（memo.png）JPEG・PNG・SVG形式の画像のみアップロードできます');
    expect(await page.locator('.image-uploader__thumb').count()).toBe(2);
    await input.setInputFiles([{ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }]);
    await expect
      .poll(() => page.locator('.image-uploader__notices').textContent())
      .toContain('JPEG・PNG・SVG形式以外のファイルは追加しませんでした');
    expect(await page.locator('.image-uploader__thumb').count()).toBe(2);

    // The first photo's alt text, counted to its limit; the second is left without one.
    const alt = '藍甕に白い布を浸す職人の手元';
    await page.fill('input[name="images.0.alt"]', alt);
    expect(await page.locator('#field-images_0_alt-counter').textContent()).toBe(`${alt.length}/120`);
    expect(await page.getAttribute('input[name="images.0.alt"]', 'maxlength')).toBe('120');
    await expect.poll(() => page.getByLabel('写真1の説明').inputValue()).toBe(alt);

    // Save a draft with only a title and the photos.
    const title = `ブラウザで作った藍染め体験 ${Date.now()}`;
    await page.fill('input[name="title"]', title);
    await page.getByRole('button', { name: '下書き保存してトップへ戻る' }).click();
    await page.waitForURL('**/host/story');
    await hydrated(page);
    const draftCard = page.getByTestId('host-card').filter({ hasText: title });
    await draftCard.waitFor();
    await draftCard.getByRole('link', { name: `「${title}」を編集` }).click();
    await page.waitForURL(/\/host_story_drafts\/\d+\/edit$/);
    await hydrated(page);
    expect(await page.inputValue('input[name="title"]')).toBe(title);
    expect(await page.locator('.image-uploader__thumb').count()).toBe(2);
    expect(await page.inputValue('input[name="images.0.alt"]')).toBe(alt);
    expect(await page.inputValue('input[name="images.1.alt"]')).toBe('');

    // The rest of the form.
    await page.getByLabel('対面').check();
    await page.selectOption('select[name="state"]', '京都府');
    await page.fill('input[name="address"]', '京都府京都市左京区1-2-3');
    await page.selectOption('select[name="category_id"]', { index: 1 });
    await page.getByLabel('初心者歓迎').check();
    await page.getByLabel('伝統工芸').check();
    await page.fill('input[name="price"]', 'abc');
    await expect.poll(() => page.locator('.price-input + .field__error').first().textContent()).toBe('数字のみ入力してください');
    expect(await page.inputValue('input[name="price"]')).toBe('');
    await page.fill('input[name="price"]', '３５００');
    expect(await page.inputValue('input[name="price"]')).toBe('3500');
    await page.fill('textarea[name="price_side_note"]', '材料費込み');
    await page.fill('textarea[name="description"]', '天然の藍でハンカチを染めます。');
    await page.fill('textarea[name="inspiration"]', '祖母の藍甕を受け継ぎました。');
    await page.fill('textarea[name="note"]', '汚れてもよい服装でどうぞ。');
    await page.selectOption('select[name="recruitment_number"]', '10');
    await page.getByLabel('最少催行人数を設定する').check();
    await page.selectOption('select[name="minimum_number_of_participant_count"]', '2');
    await page.selectOption('select[name="cancellation_period"]', '7');

    // An incomplete option blocks the request with an alert and an inline error.
    await page.getByRole('button', { name: 'オプションを追加' }).click();
    await page.fill('input[name="option_name_0"]', '手ぬぐい追加');
    // A calendar entry first, so the option check is what stops the request.
    const date = addDays(todayInJapan(), 3);
    await page.fill('input[name="calendar_date"]', date);
    await page.selectOption('select[name="calendar_start"]', '10:00');
    await page.selectOption('select[name="calendar_end"]', '12:00');
    await page.getByRole('button', { name: '日程を追加' }).click();
    await page.getByRole('button', { name: '公開申請する' }).click();
    await expect.poll(() => dialogs.at(-1)).toBe('オプションの設定を確認してください');
    await expect.poll(() => page.getByTestId('options-error').first().textContent()).toBe('オプションが正しく設定されていません');
    await page.fill('textarea[name="option_description_0"]', '手ぬぐいも1枚染めます');
    await page.fill('input[name="option_price_0"]', '1500');

    // A start time after the end time is kept as chosen and refused, inline, when the date is added.
    const slotsBefore = await page.getByTestId('calendar-slots').locator('li').count();
    await page.selectOption('select[name="calendar_start"]', '13:00');
    expect(await page.inputValue('select[name="calendar_start"]')).toBe('13:00');
    await page.getByRole('button', { name: '日程を追加' }).click();
    await expect.poll(() => page.getByTestId('calendar-add-notice').textContent()).toBe('開始時刻は終了時刻より前に設定してください');
    expect(await page.getByTestId('calendar-slots').locator('li').count()).toBe(slotsBefore);
    expect(dialogs.at(-1)).toBe('オプションの設定を確認してください');
    await page.selectOption('select[name="calendar_start"]', '10:00');
    expect(await page.getByTestId('calendar-add-notice').count()).toBe(0);

    // A weekly recurrence on Mondays and Wednesdays (default end: 3 months later).
    await page.getByRole('button', { name: '繰り返し設定' }).click();
    await page.getByLabel('月', { exact: true }).check();
    await page.getByLabel('水', { exact: true }).check();
    await page.getByRole('button', { name: 'この条件で追加' }).click();
    await expect.poll(() => page.locator('.calendar-editor__rule').textContent()).toMatch(/毎週月・水 10:00〜12:00/);
    const slots = await page.getByTestId('calendar-slots').locator('li').count();
    expect(slots).toBeGreaterThan(20);

    await page.getByRole('button', { name: '公開申請する' }).click();
    await page.waitForURL('**/host_story/complete');
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('申請が完了しました');
    // Shown once: the server consumed the flag while rendering, so a reload says the session expired.
    await page.reload();
    await expect.poll(() => page.getByTestId('complete-title').textContent()).toBe('セッションの有効期限が切れました');

    // Awaiting publication: listed for the host with its badge, invisible on /stories.
    const own = await (await page.request.get(`${s.baseUrl}/api/v1/experiences`)).json();
    const created = own.experiences.find((e: { title: string }) => e.title === title);
    expect(created).toMatchObject({ approve: false });
    expect(created.images.map((image: { alt: string | null }) => image.alt)).toEqual([alt, null]);
    const drafts = await (await page.request.get(`${s.baseUrl}/api/v1/experience_drafts`)).json();
    expect(drafts.experience_drafts.some((d: { title: string }) => d.title === title)).toBe(false);
    await page.goto('/host/story?tab=experiences');
    await hydrated(page);
    const card = page.getByTestId('host-card').filter({ hasText: title });
    await expect.poll(() => card.locator('.badge').textContent()).toBe('公開申請中');
    expect(await (await fetch(`${s.baseUrl}/stories`)).text()).not.toContain(title);
    const detail = await page.request.get(`${s.baseUrl}/api/v1/experiences/${created.id}`);
    expect(detail.status()).toBe(200); // the host may see it
    expect((await fetch(`${s.baseUrl}/api/v1/experiences/${created.id}`)).status).toBe(404); // guests may not

    // The operator approves it with the CLI.
    const cli = spawnSync(process.execPath, [...CLI_ARGS, 'approve-experience', String(created.id)], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: serverDatabaseUrl(), LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain(`(ID: ${created.id}) を公開しました`);

    await page.goto('/stories');
    await hydrated(page);
    await page.getByText(title).first().waitFor();
    // The card's photo says what the host wrote; on the experience page so does the first photo, and the second,
    // without one, keeps 「{タイトル}の写真2」.
    expect(await page.locator(`[data-experience-id="${created.id}"] img`).getAttribute('alt')).toBe(alt);
    await page.goto(`/stories/${created.id}`);
    await hydrated(page);
    const photos = page.getByTestId('carousel').locator('.carousel__slide img');
    expect(await photos.nth(0).getAttribute('alt')).toBe(alt);
    expect(await photos.nth(1).getAttribute('alt')).toBe(`${title}の写真2`);
    await page.goto('/host/story?tab=experiences');
    await expect.poll(() => page.getByTestId('host-card').filter({ hasText: title }).locator('.badge').textContent()).toBe('公開中');
    // The guest calendar shows every slot the form listed (two windows: one call reads at most ~3 months).
    let listed = 0;
    for (const [from, to] of [
      [0, 92],
      [93, 185],
    ]) {
      const url = `${s.baseUrl}/api/v1/experiences/${created.id}/calendars?from_date=${addDays(todayInJapan(), from)}&to_date=${addDays(todayInJapan(), to)}`;
      listed += ((await (await fetch(url)).json()) as { calendars: unknown[] }).calendars.length;
    }
    expect(listed).toBe(slots);
  });

  it('reports every missing field of an empty publication request at once and says when a date is already listed', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await s.signUp(page, '空欄 ホスト');
    await page.goto('/host_story_drafts/new');
    await hydrated(page);
    await page.getByRole('button', { name: '公開申請する' }).click();
    await expect.poll(() => dialogs.at(-1)).toBe('カレンダーの設定を確認してください');
    const summary = page.getByTestId('form-errors');
    await expect.poll(() => summary.textContent()).toContain('日程を1つ以上登録してください');
    const listed = (await summary.textContent()) ?? '';
    for (const message of [
      '写真を1枚以上登録してください',
      'タイトルを入力してください',
      'オンラインか対面かを選択してください',
      'カテゴリを選択してください',
      'テーマを1つ以上選択してください',
      '料金(1名あたり・税込)を入力してください',
      '体験の内容を入力してください',
      'キャンセル期限を選択してください',
    ]) {
      expect(listed, message).toContain(message);
    }
    expect(dialogs).toEqual(['カレンダーの設定を確認してください']);

    // The same date and time twice: the second 日程を追加 says it is already listed and adds nothing.
    const date = addDays(todayInJapan(), 4);
    await page.fill('input[name="calendar_date"]', date);
    await page.selectOption('select[name="calendar_start"]', '10:00');
    await page.selectOption('select[name="calendar_end"]', '12:00');
    await page.getByRole('button', { name: '日程を追加' }).click();
    await expect.poll(() => page.getByTestId('calendar-slots').locator('li').count()).toBe(1);
    await page.getByRole('button', { name: '日程を追加' }).click();
    await expect
      .poll(() => page.getByTestId('calendar-add-notice').textContent())
      .toBe(`${formatDateJa(date)} 10:00〜12:00の日程はすでに追加されています`);
    expect(await page.getByTestId('calendar-slots').locator('li').count()).toBe(1);
    // Another time is added, and the notice goes.
    await page.selectOption('select[name="calendar_end"]', '11:00');
    expect(await page.getByTestId('calendar-add-notice').count()).toBe(0);
    await page.getByRole('button', { name: '日程を追加' }).click();
    await expect.poll(() => page.getByTestId('calendar-slots').locator('li').count()).toBe(2);
  });

  it("drops the calendar's 日程を1つ以上登録してください once a date, or a weekly rule, is added", async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await s.signUp(page, '日程 ホスト');
    await page.goto('/host_story_drafts/new');
    await hydrated(page);
    const calendarError = page.locator('.calendar-editor .field__error', { hasText: '日程を1つ以上登録してください' });
    const titleError = page.locator('#field-title-error');
    const slots = page.getByTestId('calendar-slots').locator('li');

    await page.getByRole('button', { name: '公開申請する' }).click();
    await expect.poll(() => calendarError.count()).toBe(1);
    expect(await titleError.textContent()).toBe('タイトルを入力してください');

    // A date typed before today says why 日程を追加 and 繰り返し設定 stay unavailable.
    await page.fill('input[name="calendar_date"]', addDays(todayInJapan(), -1));
    await page.selectOption('select[name="calendar_start"]', '10:00');
    await page.selectOption('select[name="calendar_end"]', '12:00');
    expect(await page.getByTestId('calendar-date-issue').textContent()).toBe('今日以降の日付を選択してください');
    expect(await page.locator('input[name="calendar_date"]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: '日程を追加' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '繰り返し設定' }).isDisabled()).toBe(true);

    // A date added: the calendar's message goes at once; the untouched title keeps its own.
    await page.fill('input[name="calendar_date"]', addDays(todayInJapan(), 5));
    await page.selectOption('select[name="calendar_start"]', '10:00');
    await page.selectOption('select[name="calendar_end"]', '12:00');
    await page.getByRole('button', { name: '日程を追加' }).click();
    await expect.poll(() => slots.count()).toBe(1);
    expect(await calendarError.count()).toBe(0);
    expect(await titleError.textContent()).toBe('タイトルを入力してください');

    // Without dates again, the next submit brings the message back; a weekly rule added drops it too.
    await slots.getByRole('button', { name: /を削除$/ }).click();
    await expect.poll(() => slots.count()).toBe(0);
    expect(await calendarError.count()).toBe(0);
    await page.getByRole('button', { name: '公開申請する' }).click();
    await expect.poll(() => calendarError.count()).toBe(1);
    await page.getByRole('button', { name: '繰り返し設定' }).click();
    await page.getByLabel('すべて選択', { exact: true }).check();
    await page.getByRole('button', { name: 'この条件で追加' }).click();
    await expect.poll(() => page.locator('.calendar-editor__rule').count()).toBe(1);
    expect(await calendarError.count()).toBe(0);
    expect(await slots.count()).toBeGreaterThan(1);
    expect(dialogs).toEqual(['カレンダーの設定を確認してください', 'カレンダーの設定を確認してください']);
  });

  it('lets the keyboard step through the times without alerts, refuses an end before the start when added, and names each 削除', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await s.signUp(page, 'キーボード ホスト');
    await page.goto('/host_story_drafts/new');
    await hydrated(page);
    const date = addDays(todayInJapan(), 6);
    await page.fill('input[name="calendar_date"]', date);
    await page.selectOption('select[name="calendar_start"]', '13:00');

    // Twelve ↓ on the closed end select: each press changes the value (06:00 … 11:30, all before 13:00), none alerts.
    const end = page.locator('select[name="calendar_end"]');
    await end.focus();
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown');
    expect(await end.inputValue()).toBe('11:30');
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.name)).toBe('calendar_end');
    expect(dialogs).toEqual([]);

    // 日程を追加 by keyboard: the message shows under the calendar's buttons, the choice stays, nothing is listed.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('日程を追加');
    await page.keyboard.press('Enter');
    const notice = page.getByRole('alert').filter({ hasText: '開始時刻は終了時刻より前に設定してください' });
    await expect.poll(() => notice.count()).toBe(1);
    expect(await page.getByTestId('calendar-add-notice').getAttribute('class')).toBe('field__error');
    expect(await end.inputValue()).toBe('11:30');
    expect(await page.getByTestId('calendar-slots').count()).toBe(0);
    expect(dialogs).toEqual([]);

    // A later end: the message goes once the time changes, and the date is listed.
    await end.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    expect(await end.inputValue()).toBe('13:30');
    expect(await notice.count()).toBe(0);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const slots = page.getByTestId('calendar-slots').locator('li');
    await expect.poll(() => slots.count()).toBe(1);

    // Each listed date's 削除 says which date it removes.
    await page.selectOption('select[name="calendar_start"]', '15:00');
    await page.selectOption('select[name="calendar_end"]', '16:00');
    await page.getByRole('button', { name: '日程を追加' }).click();
    await expect.poll(() => slots.count()).toBe(2);
    const when = formatDateJa(date);
    const removeLater = page.getByRole('button', { name: `${when} 15:00〜16:00 を削除`, exact: true });
    expect(await removeLater.count()).toBe(1);
    expect(await page.getByRole('button', { name: `${when} 13:00〜13:30 を削除`, exact: true }).count()).toBe(1);
    await removeLater.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => slots.count()).toBe(1);
    expect(await slots.textContent()).toContain('13:00〜13:30');
    expect(dialogs).toEqual([]);
  });

  it('sends signed-out visitors of /host/story to /logon and back', async () => {
    const res = await fetch(`${s.baseUrl}/host/story`, { redirect: 'manual' });
    expect([301, 302, 303, 307, 308]).toContain(res.status);
    expect(res.headers.get('location')).toContain('/logon?redirect=%2Fhost%2Fstory');
  });

  it('pages the drafts tab by ?drafts_page=: 24 cards, the rest on page 2, the tab counting them all', async () => {
    const page = await s.newPage();
    await s.signUp(page, 'ページ ホスト');
    const titles: string[] = [];
    for (let i = 0; i < 26; i++) {
      const title = `ページ下書き${String(i).padStart(2, '0')}`;
      const res = await page.request.post(`${s.baseUrl}/api/v1/experience_drafts`, { data: { title } });
      expect(res.status()).toBe(201);
      titles.push(title);
    }
    const drafts = page.locator('#panel-drafts').getByTestId('host-card');
    await page.goto('/host/story');
    await hydrated(page);
    expect(await page.getByRole('tab', { name: /下書き/ }).textContent()).toContain('(26)');
    expect(await drafts.count()).toBe(24);
    const first = await drafts.locator('.host-card__title').allTextContents();

    await page.locator('#panel-drafts').getByRole('link', { name: '2ページ目' }).click();
    await page.waitForURL('**/host/story?drafts_page=2');
    await hydrated(page);
    const second = await drafts.locator('.host-card__title').allTextContents();
    expect(second).toHaveLength(2);
    // The two pages are every draft once, last edited first.
    expect([...first, ...second]).toEqual([...titles].reverse());
    // Switching tabs keeps the drafts' page in the address, so a reload comes back to it.
    await page.getByRole('tab', { name: /公開申請中/ }).click();
    await expect.poll(() => page.url()).toContain('/host/story?tab=experiences&drafts_page=2');
    // A page past the end (its last draft deleted) shows the last page; a malformed one the first.
    for (const past of ['5', '999999']) {
      await page.goto(`/host/story?drafts_page=${past}`);
      expect(await drafts.locator('.host-card__title').allTextContents(), past).toEqual(second);
    }
    // Drafts without photos: the listing says 画像なし, as every card does (the spec's NO IMAGE in Japanese).
    expect(await drafts.first().locator('.host-card__noimage').textContent()).toBe('画像なし');
    expect(await page.locator('main').textContent()).not.toContain('NO IMAGE');
    await page.goto('/host/story?drafts_page=x');
    expect(await drafts.count()).toBe(24);
  });
});
