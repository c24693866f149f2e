// In Chromium: a guest searches /stories by keyword, date and party size, the URL keeps the search (back
// button), the count shows, and the result is booked. An empty search offers what to relax. Own built server and
// PostgreSQL so the data is exactly what the test made.
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, type Session } from '#tests/e2e/browser';
import { startIsolatedServer, type IsolatedServer } from '#tests/setup/server-process';
import type { MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { addDays, addMonths, todayInJapan } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import { STORIES_SORTS, type StoriesSort } from '#src/modules/experiences/experiences.shared';

let s: Session;
let orm: MikroORM;
let world: IsolatedServer;
let base: string;
let guestEmail: string;
let wanted: { id: number; slot: number };
const date = addDays(todayInJapan(), 6);

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

beforeAll(async () => {
  s = await openBrowser();
  world = await startIsolatedServer();
  ({ base, orm } = world);
  guestEmail = (await createUser(orm, { name: 'ブラウザ 検索子' })).email;
  // The one that fits: 藍染め, 3 seats left on the date.
  const fits = await createExperience(orm, { title: '藍染めのハンカチづくり', price: 3000, prefectureId: 26 });
  const slot = await createCalendar(orm, fits.id, { date, recruitmentNumber: 5, participantNumber: 2 });
  wanted = { id: fits.id, slot: slot.id };
  // Same word, one seat left on the date: not for a party of 2.
  const small = await createExperience(orm, { title: 'アイゾメのストール', price: 5000, prefectureId: 26 });
  await createCalendar(orm, small.id, { date, recruitmentNumber: 5, participantNumber: 4 });
  // Same word, another date.
  const other = await createExperience(orm, { title: '藍染め体験（午後の部）', price: 3500, prefectureId: 13 });
  await createCalendar(orm, other.id, { date: addDays(date, 3) });
  // Another word on the date.
  const pottery = await createExperience(orm, { title: '手びねり陶芸', price: 4000, prefectureId: 26 });
  await createCalendar(orm, pottery.id, { date });
}, 180_000);

afterAll(async () => {
  await world?.stop();
});

describe('/stories search', () => {
  it('searches by keyword, date and people, keeps the search in the URL, and books the result', async () => {
    const page = await s.signedInPage(guestEmail, { base, width: 375 });
    await page.goto(`${base}/stories`);
    await hydrated(page);
    expect(await page.getByTestId('stories-count').textContent()).toBe(ja.browse.totalCount(4));

    const form = page.locator('search form');
    await form.locator('[name="q"]').fill('藍染め');
    await form.locator('[name="date_from"]').fill(date);
    await form.locator('[name="people"]').selectOption('2');
    await form.getByRole('button', { name: ja.search.submit }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === '藍染め');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/stories');
    expect(url.searchParams.get('date_from')).toBe(date);
    expect(url.searchParams.get('people')).toBe('2');
    await poll(() => page.getByTestId('stories-count').textContent()).toBe(ja.search.resultsCount(1));
    expect(await page.locator('h1').textContent()).toBe(ja.search.resultsFor('藍染め'));
    // The form shows the search it ran.
    expect(await form.locator('[name="q"]').inputValue()).toBe('藍染め');
    expect(await form.locator('[name="people"]').inputValue()).toBe('2');

    // Back and forward move between the list and the search.
    await page.goBack();
    await poll(() => page.getByTestId('stories-count').textContent()).toBe(ja.browse.totalCount(4));
    await page.goForward();
    await poll(() => page.getByTestId('stories-count').textContent()).toBe(ja.search.resultsCount(1));

    await page
      .getByRole('link', { name: /藍染めのハンカチづくり/ })
      .first()
      .click();
    await page.waitForURL(`**/stories/${wanted.id}`);
    await hydrated(page);
    await page.locator(`[data-calendar-id="${wanted.slot}"]`).click();
    const apply = page.getByTestId('apply-button');
    await poll(() => apply.getAttribute('href')).toBe(`/reservations/new?cid=${wanted.slot}&tour_id=${wanted.id}`);
    await apply.click();
    await page.waitForURL(`**/reservations/new?cid=${wanted.slot}&tour_id=${wanted.id}`);
    await hydrated(page);
    await page.selectOption('select[name="number_of_people"]', '2');
    await poll(() => page.getByTestId('price-tour').textContent()).toBe('¥6,000');
    await page.fill('input[name="cardnumber"]', '4242 4242 4242 4242');
    await page.fill('input[name="cc-exp"]', '1230');
    await page.fill('input[name="cvc"]', '123');
    await page.getByTestId('card-ready').waitFor();
    await page.getByRole('button', { name: ja.reservations.submit }).click();
    await page.waitForURL(`**/reservations/complete?cid=${wanted.slot}&tour_id=${wanted.id}`);
    await page.getByTestId('reservation-complete').waitFor();
    const saved = await orm.em.fork().findOneOrFail(Reservation, { experience: wanted.id });
    expect(saved.status).toBe('confirmed');
    expect(saved.numberOfPeople).toBe(2);

    // The slot now has 1 seat left: the same search finds nothing and offers what to relax.
    await page.goto(`${base}/stories?q=${encodeURIComponent('藍染め')}&date_from=${date}&people=2`);
    await hydrated(page);
    await poll(() => page.getByTestId('stories-count').textContent()).toBe(ja.search.resultsCount(0));
    await page.getByTestId('stories-empty').waitFor();
    const otherDates = page.locator('[data-suggestion="other_dates"]');
    expect(await otherDates.textContent()).toBe(ja.search.otherDates(1));
    await otherDates.click();
    await poll(() => page.getByTestId('stories-count').textContent()).toBe(ja.search.resultsCount(1));
    expect(await page.getByRole('link', { name: /藍染め体験（午後の部）/ }).count()).toBeGreaterThan(0);
  });

  it('keeps the chip routes as pre-set filters of the same search, and shows bad input in Japanese', async () => {
    const page = await s.newPage({ width: 1280, height: 900 });
    await page.goto(`${base}/stories/location/${encodeURIComponent('京都府')}?q=${encodeURIComponent('陶芸')}`);
    await hydrated(page);
    await poll(() => page.getByTestId('stories-count').textContent()).toBe(ja.search.resultsCount(1));
    const form = page.locator('search form');
    // The area list is rendered when its box is opened, with the search's area checked.
    await form.getByText(`${ja.search.area}（${ja.search.areaSelected(1)}）`).click();
    // The list is rendered after the click: wait for its checkbox (the hidden input carrying the filter while the box is
    // closed has the same name and value).
    await poll(() => form.locator('input[type="checkbox"][name="state[]"][value="京都府"]').isChecked()).toBe(true);

    await page.goto(`${base}/stories/location/${encodeURIComponent('京都府')}`);
    await hydrated(page);
    expect(await page.getByTestId('stories-count').textContent()).toBe(ja.browse.totalCount(3));

    await page.goto(`${base}/stories?people=99`);
    await hydrated(page);
    expect(await page.getByRole('alert').textContent()).toBe(ja.search.invalidPeople(30));
    // A refused search shows no list: neither a count nor cards pass for its results.
    expect(await page.getByTestId('stories-count').count()).toBe(0);
    expect(await page.locator('.xgrid a[href^="/stories/"]').count()).toBe(0);
  });

  it('keeps what was typed in the form when the search is refused, and shows no unfiltered list', async () => {
    for (const width of [375, 1280]) {
      const page = await s.newPage({ width, height: 900 });
      const query = new URLSearchParams({
        q: '藍染め',
        date_from: addDays(date, 3),
        date_to: date,
        category_id: '1',
        price_min: '5000',
        price_max: '4000',
      });
      const res = await page.goto(`${base}/stories?${query}`);
      // The page says why, with the form as typed, and answers 400 as the API answers bad input.
      expect(res?.status()).toBe(400);
      await hydrated(page);
      expect(await page.getByRole('alert').locator('li').allTextContents()).toEqual([ja.search.dateOrder, ja.search.priceOrder]);
      expect(await page.locator('h1').textContent()).toBe('検索結果');
      const form = page.locator('search form');
      expect(await form.locator('[name="q"]').inputValue()).toBe('藍染め');
      expect(await form.locator('[name="date_from"]').inputValue()).toBe(addDays(date, 3));
      expect(await form.locator('[name="date_to"]').inputValue()).toBe(date);
      // 条件をさらに指定 is open with the category and the prices as typed.
      await poll(() => form.locator('select[name="category_id"]').inputValue()).toBe('1');
      expect(await form.locator('[name="price_min"]').inputValue()).toBe('5000');
      expect(await form.locator('[name="price_max"]').inputValue()).toBe('4000');
      expect(await page.getByTestId('stories-count').count()).toBe(0);
      expect(await page.locator('.xgrid a[href^="/stories/"]').count()).toBe(0);
      expect(await page.getByText(ja.browse.totalCount(4)).count()).toBe(0);
      await page.screenshot({ path: path.join(os.tmpdir(), `search-refused-${width}.png`), fullPage: true });

      // A keyword over the limit: the same, with the keyword as typed.
      const long = 'あ'.repeat(600);
      await page.goto(`${base}/stories?q=${encodeURIComponent(long)}`);
      await hydrated(page);
      expect(await page.getByRole('alert').textContent()).toBe(ja.search.qTooLong(100));
      expect(await page.locator('search form [name="q"]').inputValue()).toBe(long);
      expect(await page.locator('.xgrid a[href^="/stories/"]').count()).toBe(0);
    }
  });

  it('renders the closed panels once opened, by keyboard too, and keeps a pre-set filter while they are closed', async () => {
    const page = await s.newPage({ width: 375, height: 900 });
    await page.goto(`${base}/stories/location/${encodeURIComponent('京都府')}`);
    await hydrated(page);
    const form = page.locator('search form');
    expect(await form.locator('input[type="checkbox"], select[name="category_id"]').count()).toBe(0);
    // A keyword search from the chip route keeps its area, sent by the closed panel.
    await form.locator('[name="q"]').fill('陶芸');
    await form.locator('[name="q"]').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === '陶芸');
    expect(new URL(page.url()).searchParams.getAll('state[]')).toEqual(['京都府']);
    await poll(() => page.getByTestId('stories-count').textContent()).toBe(ja.search.resultsCount(1));

    // On /stories: 条件をさらに指定 and the area list opened with the keyboard, 東京都 ticked, searched.
    await page.goto(`${base}/stories`);
    await hydrated(page);
    await form.locator('details.search__more > summary').press('Enter');
    await form.locator('details.search__areas-box > summary').press('Enter');
    await form.getByRole('checkbox', { name: '東京都' }).check();
    await form.getByRole('combobox', { name: ja.search.category }).waitFor();
    await form.getByRole('button', { name: ja.search.submit }).click();
    await page.waitForURL((url) => url.searchParams.getAll('state[]').includes('東京都'));
    await poll(() => page.getByTestId('stories-count').textContent()).toBe(ja.browse.totalCount(1));
    // The card's link (the heart beside it is a link named ログインして『…』をお気に入りに追加 for a signed-out visitor).
    expect(await page.getByRole('link', { name: /^(?!ログインして).*藍染め体験（午後の部）/ }).count()).toBe(1);
  });

  it('changes the order only with 並び替える: arrow keys on the sort select load nothing', async () => {
    const page = await s.newPage({ width: 375, height: 900 });
    await page.goto(`${base}/stories`);
    await hydrated(page);
    // 条件をクリア beside the sort controls is one line, never broken inside the word (条件をクリ / ア).
    const clearLines = await page.locator('search form .search__clear').evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return range.getClientRects().length;
    });
    expect(clearLines).toBe(1);
    // A page load would drop this mark.
    await page.evaluate(() => {
      (window as unknown as { sortMark: boolean }).sortMark = true;
    });
    const sort = page.locator('search form select[name="sort"]');
    const presses = STORIES_SORTS.indexOf('price_asc') - STORIES_SORTS.indexOf((await sort.inputValue()) as StoriesSort);
    expect(presses).toBeGreaterThan(0);
    await sort.focus();
    for (let i = 0; i < presses; i++) await page.keyboard.press('ArrowDown');
    expect(await sort.inputValue()).toBe('price_asc');

    // The button beside the select is the next stop, on the same page (no load, no ?sort= yet).
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(ja.search.applySort);
    expect(await page.evaluate(() => (window as unknown as { sortMark?: boolean }).sortMark)).toBe(true);
    expect(new URL(page.url()).searchParams.get('sort')).toBeNull();

    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { sortMark?: boolean }).sortMark)).toBeUndefined();
    expect(await sort.inputValue()).toBe('price_asc');
    // 料金の安い順: the 3,000円 one first.
    await poll(() => page.getByTestId('experience-card').first().textContent()).toContain('藍染めのハンカチづくり');
  });

  it('answers a date past two years ahead on the four list pages with the Japanese message, never a 500', async () => {
    const page = await s.newPage({ width: 375, height: 900 });
    const lastDate = addMonths(todayInJapan(), 24);
    const lists = ['/stories', `/stories/location/${encodeURIComponent('京都府')}`, '/stories/category/1', '/stories/theme/1'];
    for (const path of lists) {
      const res = await page.goto(`${base}${path}?date_from=9999-12-18`);
      expect(res?.status(), path).toBe(400);
      expect(await page.getByRole('alert').textContent(), path).toBe(ja.search.tooFarDate(2, lastDate));
      // The date pickers offer nothing later.
      expect(await page.locator('search form [name="date_from"]').getAttribute('max'), path).toBe(lastDate);
    }
  });
});
