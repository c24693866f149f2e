// Smaller details in Chromium: the password reset from /logon, the price breakdown's formula,
// the completion page's reservation, and the other details of the guest and host paths. The test runs its own
// built server on its own PostgreSQL so it can create exactly the data it needs.
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, nextLoad, openBrowser, type Session } from '#tests/e2e/browser';
import { startIsolatedServer, type IsolatedServer } from '#tests/setup/server-process';
import type { MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { createReservation } from '#tests/factories/reservations';
import * as ja from '#src/i18n/ja';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';

let s: Session;
let orm: MikroORM;
let world: IsolatedServer;
let base: string;

beforeAll(async () => {
  s = await openBrowser();
  // With the workers: a password reset request is mailed by the worker's job, after the answer.
  world = await startIsolatedServer({ DISABLE_WORKERS: '0' });
  ({ base, orm } = world);
}, 180_000);

afterAll(async () => {
  await world?.stop();
});

/** The machine is shared: give re-quotes and navigations time (expect.poll waits 1s by default). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

describe('password reset for marketplace users', () => {
  it('goes from /logon パスワードをお忘れの方 to a mailed link, a new password and a sign-in', async () => {
    const user = await createUser(orm, { name: 'リセット 花子', email: 'browser-reset@example.com' });
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto(`${base}/logon`);
    await hydrated(page);
    await page.screenshot({ path: path.join(os.tmpdir(), 'details-logon-375.png') });
    await page.getByRole('link', { name: ja.details.forgotPassword }).click();
    await page.waitForURL('**/password_reset/new');
    await hydrated(page);
    await page.fill('input[name="email"]', user.email);
    await page.getByRole('button', { name: ja.details.resetRequest.submit }).click();
    // The screenshot after the navigation: taken while the page was being replaced, it could wait out its timeout on a
    // loaded machine.
    await page.waitForURL('**/password_reset/sent');
    await page.screenshot({ path: path.join(os.tmpdir(), 'details-reset-sent-375.png') });
    expect(await page.locator('h1').textContent()).toBe(ja.details.resetSent.title);

    // The worker mails after the answer (the request only records the address).
    let body = '';
    await expect
      .poll(async () => (body = (await orm.em.fork().findOne(MailOutbox, { toAddress: user.email }))?.textBody ?? ''), { timeout: 15_000 })
      .toContain('reset_password_token=');
    const link = body.match(/https?:\/\/\S+\/password_reset\?reset_password_token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link ?? '');
    await page.goto(`${base}${url.pathname}${url.search}`);
    await hydrated(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: path.join(os.tmpdir(), 'details-reset-form-1280.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.fill('input[name="password"]', 'brandnew123');
    await page.getByRole('button', { name: ja.details.reset.submit }).click();
    await page.waitForURL('**/password_reset/complete');
    expect(await page.locator('h1').textContent()).toBe(ja.details.reset.doneTitle);

    const signIn = await page.request.post(`${base}/api/v1/sessions`, { data: { email: user.email, password: 'brandnew123' } });
    expect(signIn.status()).toBe(201);
    // The used link says so at once (checked on the server), with a way to ask again: no password is asked for.
    await page.goto(`${base}${url.pathname}${url.search}`);
    await page.getByTestId('invalid-link').waitFor();
    expect(await page.locator('input[name="password"]').count()).toBe(0);
    expect(await page.title()).toContain(ja.details.reset.invalidTitle);
    await page.screenshot({ path: path.join(os.tmpdir(), 'details-reset-used-375.png') });
    expect(await page.getByRole('link', { name: ja.details.reset.requestAgain }).getAttribute('href')).toBe('/password_reset/new');
  });
});

describe('reservation form and completion page', () => {
  it('shows unit price × people × dates, and the completion page shows the number, dates (日本時間), option and total', async () => {
    const guest = await createUser(orm, { name: 'ブラウザ 予約子' });
    const experience = await createExperience(orm, {
      title: '内訳のわかる体験',
      price: 4000,
      options: [{ name: '絵付けセット', price: 1000 }],
    });
    const calendar = await createCalendar(orm, experience.id, { recruitmentNumber: 4, startTime: '13:00', endTime: '15:30' });
    const page = await s.signedInPage(guest.email, { base, width: 375 });
    await page.goto(`${base}/reservations/new?cid=${calendar.id}&tour_id=${experience.id}`);
    await hydrated(page);
    expect(await page.getByTestId('price-tour-formula').textContent()).toBe('¥4,000 × 1名 × 1日程');
    await page.getByText('絵付けセット', { exact: true }).click();
    await page.selectOption('select[name="number_of_people"]', '2');
    await poll(() => page.getByTestId('price-tour').textContent()).toBe('¥8,000');
    expect(await page.getByTestId('price-tour-formula').textContent()).toBe('¥4,000 × 2名 × 1日程');
    expect(await page.getByTestId('price-option-formula').textContent()).toBe('¥1,000 × 2名 × 1日程');
    await page.screenshot({ path: path.join(os.tmpdir(), 'details-price-375.png'), fullPage: true });

    await page.fill('input[name="cardnumber"]', '4242 4242 4242 4242');
    await page.fill('input[name="cc-exp"]', '1230');
    await page.fill('input[name="cvc"]', '123');
    await page.getByTestId('card-ready').waitFor();
    await page.getByRole('button', { name: ja.reservations.submit }).click();
    await page.getByTestId('reservation-complete').waitFor();
    const saved = await orm.em.fork().findOneOrFail(Reservation, { experience: experience.id });
    const summary = page.getByTestId('reservation-summary');
    // The number as the reservation list and detail write it (予約番号 497), not No.000497.
    expect(await summary.getByTestId('reservation-number').textContent()).toBe(String(saved.id));
    const text = (await summary.textContent()) ?? '';
    expect(text).toContain('内訳のわかる体験');
    expect(text).toContain('13:00〜15:30');
    expect(text).toContain('日本時間');
    expect(text).toContain('2名');
    expect(text).toContain('絵付けセット');
    expect(await summary.getByTestId('reservation-total').textContent()).toBe(`¥${saved.totalAmount.toLocaleString('ja-JP')}`);
    expect(await summary.getByRole('link', { name: ja.details.completion.detailLink }).getAttribute('href')).toBe(
      `/reservations/${saved.id}`,
    );
    await page.screenshot({ path: path.join(os.tmpdir(), 'details-complete-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(os.tmpdir(), 'details-complete-1280.png'), fullPage: true });
    await page.goto(`${base}/reservations/${saved.id}`);
    expect(await page.getByText(`予約番号 ${saved.id}`, { exact: true }).count()).toBe(1);
  });
});

describe('slot selection', () => {
  it('shows the 31st slot message right under the slot just pressed, inside a 900 px window', async () => {
    const experience = await createExperience(orm, { title: '日程の多い体験' });
    for (let day = 1; day <= 16; day++) {
      await createCalendar(orm, experience.id, { daysFromToday: day, startTime: '10:00', endTime: '12:00' });
      await createCalendar(orm, experience.id, { daysFromToday: day, startTime: '14:00', endTime: '16:00' });
    }
    const page = await s.newPage({ width: 1280, height: 900 });
    await page.goto(`${base}/stories/${experience.id}/calendars`);
    await hydrated(page);
    const slots = page.locator('button[data-calendar-id]');
    await poll(() => slots.count()).toBe(32);
    for (let i = 31; i >= 2; i--) await slots.nth(i).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await slots.nth(0).click();
    const message = page.getByTestId('slot-limit-message');
    await message.waitFor();
    expect(await message.textContent()).toBe(ja.browse.maxSelected(30));
    const box = await message.boundingBox();
    const pressed = await slots.nth(0).boundingBox();
    const next = await slots.nth(1).boundingBox();
    expect(box && pressed && next).toBeTruthy();
    if (!box || !pressed || !next) return;
    // In the window, between the pressed slot and the next one.
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect(box.y).toBeGreaterThan(pressed.y);
    expect(box.y).toBeLessThan(next.y);
    // Freeing a slot takes the message away.
    await slots.nth(31).click();
    await poll(() => message.count()).toBe(0);
  });
});

describe('slot times at 375 px', () => {
  /** For each slot row: where the date and the time start, and whether the time itself wrapped. */
  async function rowsOf(page: Page) {
    return page.locator('button[data-calendar-id]').evaluateAll((buttons) =>
      buttons
        .filter((b) => (b as HTMLElement).offsetParent !== null)
        .map((b) => {
          const date = b.querySelector('.slot__date')?.getBoundingClientRect();
          const time = b.querySelector('.slot__time')?.getBoundingClientRect();
          const line = Number.parseFloat(getComputedStyle(b.querySelector('.slot__time') as Element).lineHeight) || 24;
          return { dateTop: date?.top ?? -1, timeTop: time?.top ?? -1, timeHeight: time?.height ?? 0, line };
        }),
    );
  }

  it('keeps every row’s date and time on one line on the detail and calendars pages, whatever the status', async () => {
    const guest = await createUser(orm, { name: '狭い 画面子' });
    const experience = await createExperience(orm, { title: '幅の狭い画面の体験', recruitmentNumber: 30 });
    // Long dates (two-digit month and day: three weeks from today is in December or later), few seats left (△),
    // reserved by the guest (予約済み), full and closed slots.
    const reserved = await createCalendar(orm, experience.id, {
      daysFromToday: 17,
      startTime: '10:00',
      endTime: '12:00',
      recruitmentNumber: 30,
    });
    await createCalendar(orm, experience.id, { daysFromToday: 18, startTime: '10:00', endTime: '12:00', recruitmentNumber: 30 });
    await createCalendar(orm, experience.id, {
      daysFromToday: 19,
      startTime: '09:30',
      endTime: '23:30',
      recruitmentNumber: 30,
      participantNumber: 28,
    });
    await createCalendar(orm, experience.id, {
      daysFromToday: 20,
      startTime: '10:00',
      endTime: '12:00',
      recruitmentNumber: 4,
      participantNumber: 4,
    });
    await createCalendar(orm, experience.id, { daysFromToday: 21, startTime: '18:00', endTime: '21:00', acceptingReservation: false });
    await createCalendar(orm, experience.id, { daysFromToday: 22, startTime: '13:00', endTime: '17:30', recruitmentNumber: 30 });
    await createReservation(orm, { userId: guest.id, experienceId: experience.id, calendarIds: [reserved.id] });
    const page = await s.signedInPage(guest.email, { base, width: 375, height: 800 });
    for (const url of [`/stories/${experience.id}`, `/stories/${experience.id}/calendars`]) {
      await page.goto(`${base}${url}`);
      await hydrated(page);
      if (url.endsWith(`${experience.id}`)) await page.getByTestId('slots-expand').click();
      await poll(async () => (await rowsOf(page)).length).toBe(6);
      await page
        .getByTestId('slot-list')
        .screenshot({ path: path.join(os.tmpdir(), `details-slots-375${url.endsWith('calendars') ? '-calendars' : ''}.png`) });
      for (const row of await rowsOf(page)) {
        expect(Math.abs(row.timeTop - row.dateTop), url).toBeLessThan(8);
        expect(row.timeHeight, url).toBeLessThan(row.line * 1.5);
      }
    }
  });
});

describe('host experience form', () => {
  it('takes the "options cannot be added beyond 5" message away once an option is removed', async () => {
    const host = await createUser(orm, { name: 'オプション ホスト', role: 'HOST' });
    const page = await s.signedInPage(host.email, { base });
    await page.goto(`${base}/host_story_drafts/new`);
    await hydrated(page);
    const add = page.getByRole('button', { name: ja.hostStory.addOption });
    for (let i = 0; i < 5; i++) await add.click();
    expect(await page.getByTestId('option').count()).toBe(5);
    expect(await page.getByTestId('options-limit').count()).toBe(0);
    await add.click();
    await poll(() => page.getByTestId('options-limit').textContent()).toBe(ja.hostStory.errors.optionsTooMany);
    expect(await page.getByTestId('option').count()).toBe(5);
    await page.getByRole('button', { name: ja.hostStory.removeOption }).first().click();
    await poll(() => page.getByTestId('option').count()).toBe(4);
    expect(await page.getByTestId('options-limit').count()).toBe(0);
  });

  it('writes the recurrence summary with Japanese dates (2026年12月5日), not ISO dates', async () => {
    const host = await createUser(orm, { name: '繰り返し ホスト', role: 'HOST' });
    const page = await s.signedInPage(host.email, { base });
    await page.goto(`${base}/host_story_drafts/new`);
    await hydrated(page);
    await page.fill('input[name="calendar_date"]', addDays(todayInJapan(), 3));
    await page.selectOption('select[name="calendar_start"]', '10:00');
    await page.selectOption('select[name="calendar_end"]', '12:00');
    await page.getByRole('button', { name: '繰り返し設定' }).click();
    await page.getByLabel('月', { exact: true }).check();
    await page.getByRole('button', { name: 'この条件で追加' }).click();
    const summary = page.locator('.calendar-editor__rule');
    await poll(() => summary.textContent()).toMatch(/毎週月 10:00〜12:00\(\d{4}年\d{1,2}月\d{1,2}日〜\d{4}年\d{1,2}月\d{1,2}日・\d+回\)/);
    expect(await summary.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('refuses to save a draft without a title, and deletes a draft only after the confirmation', async () => {
    const host = await createUser(orm, { name: '下書き ホスト', role: 'HOST' });
    const page = await s.signedInPage(host.email, { base, width: 375 });
    await page.goto(`${base}/host_story_drafts/new`);
    await hydrated(page);
    await page.getByRole('button', { name: ja.hostStory.saveDraft }).click();
    await poll(() => page.getByText(ja.details.draftTitleRequired).count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/host_story_drafts/new');
    await page.fill('input[name="title"]', '消される下書き');
    await page.getByRole('button', { name: ja.hostStory.saveDraft }).click();
    await page.waitForURL('**/host/story');
    await hydrated(page);
    const card = page.getByTestId('host-card').filter({ hasText: '消される下書き' });
    await card.waitFor();
    const remove = card.getByRole('button', { name: ja.details.draftDeleteOf('消される下書き') });
    await remove.click();
    const dialog = page.getByTestId('draft-delete-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('「消される下書き」を削除します');
    await page.screenshot({ path: path.join(os.tmpdir(), 'details-draft-delete-375.png') });
    await dialog.getByRole('button', { name: ja.details.draftDeleteCancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card.count()).toBe(1);
    await remove.click();
    const afterDeletion = nextLoad(page);
    await dialog.getByRole('button', { name: ja.details.draftDeleteConfirm }).click();
    await afterDeletion;
    await poll(() => card.count()).toBe(0);
    const drafts = await (await page.request.get(`${base}/api/v1/experience_drafts`)).json();
    expect(drafts.experience_drafts).toEqual([]);
  });
});

describe('editing a published experience', () => {
  it('says an update failed (not 申請) when the server refuses a capacity below the seats booked, with its reason inline', async () => {
    const host = await createUser(orm, { name: '更新 ホスト', role: 'HOST' });
    const experience = await createExperience(orm, { hostUserId: host.id, title: '予約のある公開中の体験', recruitmentNumber: 6 });
    await createCalendar(orm, experience.id, { daysFromToday: 8, recruitmentNumber: 6, participantNumber: 3 });
    const page = await s.signedInPage(host.email, { base, width: 375 });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.goto(`${base}/host_story/${experience.id}/edit`);
    await hydrated(page);
    await page.selectOption('select[name="recruitment_number"]', '2');
    await page.getByRole('button', { name: ja.hostStory.submitUpdate }).click();
    await poll(() => dialogs.at(-1)).toBe(ja.hostStory.alertUpdateFailed);
    expect(dialogs).not.toContain(ja.hostStory.alertApplyFailed);
    await poll(() => page.locator('.field', { has: page.locator('select[name="recruitment_number"]') }).textContent()).toContain(
      '予約済みの人数(3名)より少ない募集人数にはできません',
    );
    // Nothing entered is lost.
    expect(await page.inputValue('select[name="recruitment_number"]')).toBe('2');
  });
});

describe('editing an experience awaiting publication', () => {
  it('offers the draft save, which after a confirmation withdraws the request and lists a draft', async () => {
    const host = await createUser(orm, { name: '申請中 ホスト', role: 'HOST' });
    const pending = await createExperience(orm, { hostUserId: host.id, title: '申請中の体験', approve: false });
    await createCalendar(orm, pending.id, { daysFromToday: 10 });
    const published = await createExperience(orm, { hostUserId: host.id, title: '公開中の体験', approve: true });
    const page = await s.signedInPage(host.email, { base, width: 375 });
    await page.goto(`${base}/host_story/${published.id}/edit`);
    await hydrated(page);
    expect(await page.getByTestId('withdraw-to-draft').count()).toBe(0);

    await page.goto(`${base}/host_story/${pending.id}/edit`);
    await hydrated(page);
    await page.getByTestId('withdraw-to-draft').click();
    const dialog = page.getByTestId('withdraw-dialog');
    await dialog.waitFor();
    await page.screenshot({ path: path.join(os.tmpdir(), 'details-withdraw-375.png') });
    await dialog.getByRole('button', { name: ja.details.withdrawConfirm }).click();
    await page.waitForURL('**/host/story');
    await hydrated(page);
    await page.getByTestId('host-card').filter({ hasText: '申請中の体験' }).waitFor();
    const own = await (await page.request.get(`${base}/api/v1/experiences`)).json();
    expect(own.experiences.map((e: { title: string }) => e.title)).toEqual(['公開中の体験']);
  });
});

describe("another host's experience and another user's draft", () => {
  it('show the not-found page on their edit pages (a published experience too), as unknown ids do', async () => {
    const host = await createUser(orm, { name: '他人 ホスト', role: 'HOST' });
    const pending = await createExperience(orm, { hostUserId: host.id, title: '他人の申請中の体験', approve: false });
    const published = await createExperience(orm, { hostUserId: host.id, title: '他人の公開中の体験', approve: true });
    const author = await s.signedInPage(host.email, { base });
    const draft = await author.request.post(`${base}/api/v1/experience_drafts`, { data: { title: '他人の下書き' } });
    expect(draft.status()).toBe(201);
    const draftId = ((await draft.json()) as { id: number }).id;

    const stranger = await createUser(orm, { name: '通りすがり ホスト', role: 'HOST' });
    const page = await s.signedInPage(stranger.email, { base });
    for (const url of [
      `/host_story/${pending.id}/edit`,
      `/host_story/${published.id}/edit`,
      '/host_story/999999/edit',
      `/host_story_drafts/${draftId}/edit`,
      '/host_story_drafts/999999/edit',
    ]) {
      const res = await page.goto(`${base}${url}`);
      expect(res?.status(), url).toBe(404);
      expect(await page.getByTestId('not-found').locator('h1').textContent(), url).toBe('ページが見つかりません');
      expect(await page.getByTestId('forbidden').count(), url).toBe(0);
    }
  });
});

describe('brand and ambassador pages (demo data)', () => {
  async function brandWithTwoImages(): Promise<number> {
    // Two of the demo's uploaded photos (an image must be one that was uploaded: its key is its file's name).
    const { images } = await s.getJson<{ images: { url: string }[] }>('/api/v1/experiences/1');
    const urls = images.map((i) => i.url);
    const admin = await s.newPage();
    await s.signIn(admin, 'admin@example.com');
    const created = await admin.request.post(`${s.baseUrl}/api/v1/brands`, {
      data: {
        name: `カルーセル確認ブランド${Date.now()}`,
        description: '写真が2枚あるブランドです。',
        published: true,
        images: urls.slice(0, 2).map((url) => ({ object_key: url.replace('/uploads/', ''), url })),
      },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: number }).id;
  }

  it('shows no English labels (BRANDS, STEP 1 …) on the program pages', async () => {
    const brandId = await brandWithTwoImages();
    const page = await s.newPage({ width: 375, height: 800 });
    for (const url of ['/brands', `/brands/${brandId}`, '/ambassadors', '/brand_ambassador', '/brand_ambassador/list']) {
      await page.goto(`${s.baseUrl}${url}`);
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text, url).not.toMatch(/\b(BRANDS?|AMBASSADORS?|PROGRAM|STEP\s*\d|NO IMAGE)\b/);
      if (url === `/brands/${brandId}`) await page.screenshot({ path: path.join(os.tmpdir(), 'details-brand-375.png') });
    }
    await page.goto(`${s.baseUrl}/brand_ambassador`);
    expect(await page.locator('main').textContent()).toContain('ステップ1');
  });

  it('advances the brand carousel every 3 seconds, keeps going after a click, waits out of sight, and stays still with reduced motion', async () => {
    const brandId = await brandWithTwoImages();
    const page = await s.newPage({ width: 1280, height: 900 });
    await page.goto(`${s.baseUrl}/brands/${brandId}`);
    await hydrated(page);
    const carousel = page.getByTestId('carousel');
    const dots = carousel.locator('.carousel__dot');
    await page.mouse.move(1, 1); // hovering pauses it
    await poll(() => carousel.getAttribute('data-autoplay')).toBe('running');
    await expect.poll(() => dots.nth(1).getAttribute('aria-current'), { timeout: 8000 }).toBe('true');
    // A click on a dot (focus stays on it) and the pointer leaving: the carousel runs on.
    await dots.nth(0).click();
    await page.mouse.move(1, 1);
    await poll(() => carousel.getAttribute('data-autoplay')).toBe('running');
    await expect.poll(() => dots.nth(1).getAttribute('aria-current'), { timeout: 8000 }).toBe('true');
    // The pause button stops it; pressing again resumes. It is a toggle with one label: its state is aria-pressed.
    const toggle = carousel.getByTestId('carousel-toggle');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await page.mouse.move(1, 1);
    await poll(() => carousel.getAttribute('data-autoplay')).toBe('paused');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await toggle.textContent()).toBe('自動再生を停止');
    await toggle.click();
    await page.mouse.move(1, 1);
    await poll(() => carousel.getAttribute('data-autoplay')).toBe('running');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await toggle.textContent()).toBe('自動再生を停止');
    // Out of sight it waits, and it goes on when it is back: scrolled out of the window, then the tab in the background.
    await page.setViewportSize({ width: 1280, height: 200 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await poll(() => carousel.getAttribute('data-autoplay')).toBe('paused');
    await page.evaluate(() => window.scrollTo(0, 0));
    await poll(() => carousel.getAttribute('data-autoplay')).toBe('running');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await poll(() => carousel.getAttribute('data-autoplay')).toBe('paused');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await poll(() => carousel.getAttribute('data-autoplay')).toBe('running');

    const still = await s.newPage({ width: 1280, height: 900 });
    await still.emulateMedia({ reducedMotion: 'reduce' });
    await still.goto(`${s.baseUrl}/brands/${brandId}`);
    await hydrated(still);
    await poll(() => still.getByTestId('carousel').getAttribute('data-autoplay')).toBe('off');
    expect(await still.getByTestId('carousel-toggle').count()).toBe(0);
    await still.getByRole('button', { name: ja.browse.carouselNext }).click();
    await poll(() => still.locator('.carousel__dot').nth(1).getAttribute('aria-current')).toBe('true');
  });
});
