// Search on GET /api/v1/stories (q, date_from, date_to, people, state[], category_id, theme_id, price_min,
// price_max, online, sort, page), availability at the edges, the Japanese 422s, the empty-result suggestions and
// the chip pages as pre-set filters. The server runs in UTC; dates and deadlines are Japan time.

import { timeZoneForThisFile } from '#tests/setup/time-zone';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { loggedQueries } from '#tests/setup/logged-queries';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience, type ExperienceOverrides } from '#tests/factories/experiences';
import { expectDocumented } from '#tests/api/openapi-contract';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { addDays, addMonths, todayInJapan } from '#src/lib/isomorphic/dates';
import { SEARCH_LIMITS } from '#src/modules/experiences/experiences.shared';

timeZoneForThisFile('UTC');

let t: TestApp;
const T = todayInJapan();
const day = (n: number) => addDays(T, n);
const ids: Record<string, number> = {};

interface Extra {
  description?: string;
  address?: string;
  createdAt?: Date;
}

async function make(key: string, overrides: ExperienceOverrides & Extra, hostName = 'ホスト') {
  const host = await createUser(t.orm, { role: 'HOST', name: hostName });
  const created = await createExperience(t.orm, { hostUserId: host.id, ...overrides });
  const em = t.orm.em.fork();
  const e = await em.findOneOrFail(Experience, { id: created.id });
  if (overrides.description !== undefined) e.description = overrides.description;
  if (overrides.address !== undefined) e.address = overrides.address;
  // Creation order is the "newest" order: A is the oldest.
  e.createdAt = new Date(Date.UTC(2026, 0, 1 + Object.keys(ids).length));
  await em.flush();
  ids[key] = e.id;
  return e.id;
}

async function search(query: string) {
  const res = await request(t.app).get(`/api/v1/stories${query ? `?${query}` : ''}`);
  expectDocumented(res);
  return res;
}

/** The fixture keys (A, B, …) of the result, in order. */
async function found(query: string): Promise<string[]> {
  const res = await search(query);
  expect(res.status, query).toBe(200);
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  expect(res.body.meta.total_count, query).toBe(res.body.experiences.length);
  return res.body.experiences.map((e: { id: number }) => byId[e.id] ?? `?${e.id}`);
}

const sorted = (keys: string[]) => [...keys].sort();

/**
 * An empty search's suggestions as [kind, count], and the statements its second run sent (a first search may also
 * read the reference lists, which are then kept in memory).
 */
async function relaxed(query: string): Promise<{ kinds: [string, number][]; statements: number; queries: string[] }> {
  let res = await search(query);
  const queries = await loggedQueries(t.orm, async () => {
    res = await search(query);
  });
  expect(res.body.meta.total_count, query).toBe(0);
  return {
    kinds: res.body.suggestions.map((s: { kind: string; count: number }) => [s.kind, s.count]),
    statements: queries.length,
    queries,
  };
}

// The file's clock stands at noon in Japan today (only Date is faked; the search takes its `now` from it), so the
// slots of today are open or closed by the rules, not by the hour the suite happens to run at.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${T}T12:00:00+09:00`) });
});
afterAll(() => {
  vi.useRealTimers();
});

beforeAll(async () => {
  t = await setupTestApp();
  const kyoto = 26;
  // A: pottery in Kyoto; 3 of 10 seats left on day 3 (exactly enough for 3), a slot not accepting on day 10.
  const a = await make(
    'A',
    {
      title: '手びねり陶芸体験',
      prefectureId: kyoto,
      categoryId: 1,
      themeIds: [1],
      price: 4500,
      description: '粘土にふれながら器をつくります。',
      address: '京都府京都市東山区五条橋東6-583',
    },
    '藤田 工房',
  );
  await createCalendar(t.orm, a, { date: day(3), recruitmentNumber: 10, participantNumber: 7 });
  await createCalendar(t.orm, a, { date: day(10), acceptingReservation: false });
  // B: kimono in Kyoto; 2 seats left on day 3, full on day 5.
  const b = await make('B', {
    title: '着物で歩く祇園',
    prefectureId: kyoto,
    categoryId: 2,
    themeIds: [2],
    price: 8000,
    description: 'きものの着付けから散策まで。',
    address: '京都府京都市東山区祇園町',
  });
  await createCalendar(t.orm, b, { date: day(3), recruitmentNumber: 4, participantNumber: 2 });
  await createCalendar(t.orm, b, { date: day(5), recruitmentNumber: 10, participantNumber: 10 });
  // C: katakana title in Tokyo; booking closes the day before, so today's slot is closed; open on day 20.
  const c = await make('C', {
    title: 'ソバ打ち道場',
    prefectureId: 13,
    categoryId: 3,
    price: 3000,
    reservationDeadline: 'the_day_before',
    description: '石臼挽きの粉で打ちます。',
    address: '東京都台東区浅草',
  });
  await createCalendar(t.orm, c, { date: day(0), startTime: '23:00', endTime: '23:30' });
  await createCalendar(t.orm, c, { date: day(20) });
  // D: online tea ceremony mentioning pottery in its description; 5 seats on day 4.
  const d = await make('D', {
    title: 'オンライン茶道',
    online: true,
    categoryId: 1,
    price: 2000,
    description: '陶芸家の茶碗でお茶をいただきます。',
  });
  await createCalendar(t.orm, d, { date: day(4), recruitmentNumber: 5 });
  // E: unpublished pottery: never found.
  const e = await make('E', { title: '陶芸の森', approve: false, prefectureId: kyoto, categoryId: 1, description: '陶芸' });
  await createCalendar(t.orm, e, { date: day(3) });
  // F: DIY in Osaka, bookable until the start time: today 23:58 (open at the file's noon).
  const f = await make('F', {
    title: 'DIY木工ワークショップ',
    prefectureId: 27,
    categoryId: 4,
    price: 6000,
    reservationDeadline: 'on_the_day',
    description: '木の椅子をつくります。',
    address: '大阪府大阪市北区',
  });
  await createCalendar(t.orm, f, { date: day(0), startTime: '23:58', endTime: '23:59' });
  // G: free walk in Shiga (one person per reservation), 10 seats on day 3.
  const g = await make('G', {
    title: '無料の散歩',
    prefectureId: 25,
    categoryId: 5,
    price: 0,
    description: '湖畔を歩きます。',
    address: '滋賀県大津市',
  });
  await createCalendar(t.orm, g, { date: day(3) });
  // H: its only slot started at 00:00 today, Japan time (in the future if read as UTC).
  const h = await make('H', {
    title: '朝市めぐり',
    prefectureId: 25,
    categoryId: 5,
    price: 1000,
    reservationDeadline: 'on_the_day',
    description: '朝の市場を歩きます。',
    address: '滋賀県長浜市',
  });
  await createCalendar(t.orm, h, { date: day(0), startTime: '00:00', endTime: '00:30' });
});

describe('GET /api/v1/stories: each parameter alone', () => {
  it('lists every published experience newest first without parameters', async () => {
    expect(await found('')).toEqual(['H', 'G', 'F', 'D', 'C', 'B', 'A']);
    const res = await search('');
    expect(res.body.search).toMatchObject({ q: null, state: [], sort: 'newest', people: null });
    expect(res.body.suggestions).toEqual([]);
  });

  it('q matches the title, description, host name and place, never an unpublished experience', async () => {
    expect(await found('q=陶芸')).toEqual(['D', 'A']);
    expect(await found('q=粘土')).toEqual(['A']);
    expect(await found('q=藤田')).toEqual(['A']);
    expect(await found('q=東山区')).toEqual(['B', 'A']);
    expect(await found('q=浅草')).toEqual(['C']);
    // A substring search: 京都 is also inside 東京都 (the prefecture filter is the exact way to ask for an area).
    expect(await found(`q=${encodeURIComponent('京都')}`)).toEqual(['C', 'B', 'A']);
    // Two-character and one-character words (no trigram) match too.
    expect(await found('q=着物')).toEqual(['B']);
    expect(await found('q=茶')).toEqual(['D']);
  });

  it('a two-character word follows an edit of the text (the trigger keeps search_bigrams and its index current)', async () => {
    const em = t.orm.em.fork();
    expect(await found('q=盆栽')).toEqual([]);
    await em.execute(`UPDATE experiences SET description = description || ' 盆栽も' WHERE title = '着物で歩く祇園'`);
    try {
      expect(await found('q=盆栽')).toEqual(['B']);
      expect(await found(`q=${encodeURIComponent('ぼんさい')}`)).toEqual([]);
    } finally {
      await em.execute(`UPDATE experiences SET description = replace(description, ' 盆栽も', '') WHERE title = '着物で歩く祇園'`);
    }
    expect(await found('q=盆栽')).toEqual([]);
  });

  it('q matches hiragana, katakana, half-width and full-width variants of the same word', async () => {
    expect(await found('q=そば')).toEqual(['C']);
    expect(await found(`q=${encodeURIComponent('ｿﾊﾞ打ち')}`)).toEqual(['C']);
    expect(await found('q=ソバ')).toEqual(['C']);
    expect(await found(`q=${encodeURIComponent('ＤＩＹ')}`)).toEqual(['F']);
    expect(await found('q=diy')).toEqual(['F']);
    expect(await found('q=ちゃどう')).toEqual([]);
  });

  it('q with several words needs all of them, and treats % and _ as plain characters', async () => {
    expect(await found(`q=${encodeURIComponent('京都 着物')}`)).toEqual(['B']);
    expect(await found(`q=${encodeURIComponent('京都　陶芸')}`)).toEqual(['A']);
    expect(await found(`q=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await found(`q=${encodeURIComponent('_')}`)).toEqual([]);
    expect(await found(`q=${encodeURIComponent('陶%芸')}`)).toEqual([]);
  });

  it('date_from alone is that day: slots accepting, with a seat, before their deadline', async () => {
    expect(sorted(await found(`date_from=${day(3)}`))).toEqual(['A', 'B', 'G']);
    // B is full on day 5; A does not accept on day 10.
    expect(await found(`date_from=${day(5)}`)).toEqual([]);
    expect(await found(`date_from=${day(10)}`)).toEqual([]);
  });

  it('today in Japan: the day-before deadline and a start time already past (Japan time, server in UTC) close a slot', async () => {
    // C (closes the day before) and H (started at 00:00 Japan time) are out; F (23:58) is in.
    expect(await found(`date_from=${T}`)).toEqual(['F']);
  });

  it('date_to alone is today to date_to; a range is both ends included', async () => {
    expect(sorted(await found(`date_to=${day(3)}`))).toEqual(['A', 'B', 'F', 'G']);
    expect(sorted(await found(`date_from=${day(3)}&date_to=${day(4)}`))).toEqual(['A', 'B', 'D', 'G']);
    expect(sorted(await found(`date_from=${day(4)}&date_to=${day(20)}`))).toEqual(['C', 'D']);
  });

  it('people alone: a future slot with enough seats; a free experience takes one person', async () => {
    expect(sorted(await found('people=5'))).toEqual(['C', 'D', 'F']);
    expect(sorted(await found('people=1'))).toEqual(['A', 'B', 'C', 'D', 'F', 'G']);
    expect(await found('people=11')).toEqual([]);
  });

  it('state takes one or several prefectures, by name or id (state or state[])', async () => {
    expect(await found(`state=${encodeURIComponent('大阪府')}`)).toEqual(['F']);
    expect(await found(`state[]=${encodeURIComponent('京都府')}&state[]=27`)).toEqual(['F', 'B', 'A']);
    expect(await found('state=26&state=25')).toEqual(['H', 'G', 'B', 'A']);
    const res = await search(`state[]=26&state[]=${encodeURIComponent('京都府')}`);
    expect(res.body.search.state).toEqual([{ id: 26, name: '京都府' }]);
  });

  it('category_id, theme_id, price_min, price_max and online', async () => {
    expect(await found('category_id=2')).toEqual(['B']);
    expect(await found('category_id=1')).toEqual(['D', 'A']);
    expect(await found('theme_id=2')).toEqual(['B']);
    expect(await found('price_min=4500&price_max=6000')).toEqual(['F', 'A']);
    expect(await found('price_max=0')).toEqual(['G']);
    expect(await found('price_min=8000')).toEqual(['B']);
    expect(await found('online=true')).toEqual(['D']);
    expect(await found('online=false')).toEqual(['H', 'G', 'F', 'C', 'B', 'A']);
  });

  it('sort: newest, price both ways, nearest bookable date, recommended', async () => {
    expect(await found('sort=newest')).toEqual(['H', 'G', 'F', 'D', 'C', 'B', 'A']);
    expect(await found('sort=price_asc')).toEqual(['G', 'H', 'D', 'C', 'A', 'F', 'B']);
    expect(await found('sort=price_desc')).toEqual(['B', 'F', 'A', 'C', 'D', 'H', 'G']);
    // F today; G, B, A on day 3 (newest first among them); D day 4; C day 20; H none.
    expect(await found('sort=date')).toEqual(['F', 'G', 'B', 'A', 'D', 'C', 'H']);
    // Title hits first (A), then the description hit (D).
    expect(await found('q=陶芸&sort=recommended')).toEqual(['A', 'D']);
    // Without a keyword: bookable in the next 30 days first (H is not), then newest.
    expect(await found('sort=recommended')).toEqual(['G', 'F', 'D', 'C', 'B', 'A', 'H']);
  });

  it('page: 12 per page, the count stays the total', async () => {
    const res = await search('page=2');
    expect(res.status).toBe(200);
    expect(res.body.experiences).toEqual([]);
    expect(res.body.meta).toEqual({ total_count: 7, page: 2, per_page: 12, total_pages: 1 });
  });
});

describe('GET /api/v1/stories: combined', () => {
  it('keyword + date + prefecture + people', async () => {
    const base = `q=${encodeURIComponent('陶芸')}&date_from=${day(3)}&state[]=${encodeURIComponent('京都府')}`;
    expect(await found(`${base}&people=3`)).toEqual(['A']);
    expect(await found(`${base}&people=4`)).toEqual([]);
    expect(await found(`${base}&people=2&category_id=2`)).toEqual([]);
    expect(await found(`date_from=${day(3)}&people=2&state[]=26&state[]=25`)).toEqual(['B', 'A']);
    expect(await found(`date_to=${day(4)}&online=true&price_max=2000&theme_id=1&category_id=1`)).toEqual(['D']);
    expect(await found(`date_from=${day(3)}&price_min=1000&sort=price_desc`)).toEqual(['B', 'A']);
  });

  it('echoes the search it ran, with prefecture names', async () => {
    const res = await search(`q=${encodeURIComponent(' 陶芸 ')}&date_from=${day(3)}&people=3&state[]=26&sort=price_asc&online=false`);
    expect(res.body.search).toEqual({
      q: '陶芸',
      date_from: day(3),
      date_to: null,
      people: 3,
      state: [{ id: 26, name: '京都府' }],
      category_id: null,
      theme_id: null,
      price_min: null,
      price_max: null,
      online: false,
      sort: 'price_asc',
    });
  });
});

describe('GET /api/v1/stories: validation', () => {
  it('answers malformed values with 422 and a Japanese message for the field', async () => {
    const cases: [string, string, string][] = [
      ['date_from=2026-02-30', 'date_from', '日付はYYYY-MM-DDの形式で、実在する日付を入力してください'],
      ['date_to=tomorrow', 'date_to', '日付はYYYY-MM-DDの形式で、実在する日付を入力してください'],
      [`date_from=${day(5)}&date_to=${day(4)}`, 'date_to', '終了日は開始日以降の日付を指定してください'],
      [`date_from=${day(1)}&date_to=${day(93)}`, 'date_to', '日付の範囲は92日以内で指定してください'],
      [`date_from=${day(-1)}`, 'date_from', '過去の日付は指定できません（日本時間）'],
      [`date_to=${day(-1)}`, 'date_to', '過去の日付は指定できません（日本時間）'],
      // Two years ahead at most: the "other dates (±14 days)" of a later date would leave PostgreSQL's range.
      [`date_from=${addDays(addMonths(T, 24), 1)}`, 'date_from', `日付は2年先（${addMonths(T, 24)}）までで指定してください`],
      ['date_from=9999-12-18', 'date_from', `日付は2年先（${addMonths(T, 24)}）までで指定してください`],
      ['date_from=9999-12-31&date_to=9999-12-31', 'date_from', `日付は2年先（${addMonths(T, 24)}）までで指定してください`],
      ['date_to=9999-12-31', 'date_to', `日付は2年先（${addMonths(T, 24)}）までで指定してください`],
      ['people=0', 'people', '人数は1〜30の整数で指定してください'],
      ['people=31', 'people', '人数は1〜30の整数で指定してください'],
      ['people=two', 'people', '人数は1〜30の整数で指定してください'],
      ['price_min=-1', 'price_min', '料金は0以上の整数（円）で指定してください'],
      ['price_max=1.5', 'price_max', '料金は0以上の整数（円）で指定してください'],
      ['price_min=5000&price_max=4000', 'price_max', '料金の上限は下限以上の金額を指定してください'],
      ['online=maybe', 'online', '開催形式の指定が正しくありません'],
      ['sort=popular', 'sort', '並び順の指定が正しくありません'],
      [`q=${'あ'.repeat(101)}`, 'q', 'キーワードは100文字以内で入力してください'],
      ['q=a&q=b', 'q', 'キーワードの形式が正しくありません'],
    ];
    for (const [query, field, message] of cases) {
      const res = await search(query);
      expect(res.status, query).toBe(422);
      expect(res.body.messages[field], query).toEqual([message]);
    }
  });

  it('accepts today in Japan (the server is in UTC) and empty values', async () => {
    expect((await search(`date_from=${T}`)).status).toBe(200);
    // The last date a search may ask about: two years ahead, with its "other dates" suggestion counted.
    expect((await search(`date_from=${addMonths(T, 24)}`)).status).toBe(200);
    const res = await search('q=&date_from=&date_to=&people=&price_min=&price_max=&online=&sort=');
    expect(res.status).toBe(200);
    expect(res.body.meta.total_count).toBe(7);
  });

  it('answers unknown prefectures, categories and themes with 404', async () => {
    expect((await search('state[]=26&state[]=ムー大陸')).status).toBe(404);
    expect((await search('category_id=999')).status).toBe(404);
    expect((await search('theme_id=abc')).status).toBe(404);
  });
});

describe('GET /api/v1/stories: an empty result suggests what to relax', () => {
  it('other dates, no dates, no keyword, no price', async () => {
    const res = await search(`q=${encodeURIComponent('陶芸')}&date_from=${day(5)}&price_max=4000`);
    expect(res.body.experiences).toEqual([]);
    const kinds = Object.fromEntries(res.body.suggestions.map((s: { kind: string; count: number }) => [s.kind, s.count]));
    // ±14 days: nothing under 4000 yen with 陶芸 except D (day 4); without dates: D; without the price: nothing
    // on day 5 (omitted); without the keyword: nothing on day 5 (omitted).
    expect(kinds).toEqual({ other_dates: 1, without_dates: 1 });
    const other = res.body.suggestions.find((s: { kind: string }) => s.kind === 'other_dates');
    expect(other.search).toMatchObject({ q: '陶芸', date_from: T, date_to: day(19), price_max: 4000 });
  });

  it('nearby prefectures of the same region', async () => {
    const res = await search(`q=${encodeURIComponent('着物')}&state[]=${encodeURIComponent('滋賀県')}`);
    expect(res.body.meta.total_count).toBe(0);
    const nearby = res.body.suggestions.find((s: { kind: string }) => s.kind === 'nearby');
    expect(nearby.count).toBe(1);
    expect(nearby.search.state.map((s: { name: string }) => s.name)).toEqual([
      '三重県',
      '滋賀県',
      '京都府',
      '大阪府',
      '兵庫県',
      '奈良県',
      '和歌山県',
    ]);
    expect(res.body.suggestions.find((s: { kind: string }) => s.kind === 'without_keyword').count).toBe(2);
    expect(res.body.suggestions.find((s: { kind: string }) => s.kind === 'without_area')).toMatchObject({
      count: 1,
      search: { state: [] },
    });
  });

  it('nearby prefectures are a part of the search without an area, listed before it', async () => {
    // 陶芸 in Osaka: nothing; in the Kinki region: A (Kyoto); anywhere: A and D (online, no prefecture);
    // Osaka without the keyword: F.
    const res = await search(`q=${encodeURIComponent('陶芸')}&state[]=${encodeURIComponent('大阪府')}`);
    expect(res.body.meta.total_count).toBe(0);
    expect(res.body.suggestions.map((s: { kind: string; count: number }) => [s.kind, s.count])).toEqual([
      ['nearby', 1],
      ['without_area', 2],
      ['without_keyword', 1],
    ]);
  });

  it('a later page of an empty search suggests the same', async () => {
    const query = `q=${encodeURIComponent('陶芸')}&state[]=${encodeURIComponent('大阪府')}`;
    const first = await search(query);
    const later = await search(`${query}&page=2`);
    expect(later.body.meta.total_count).toBe(0);
    expect(later.body.suggestions).toEqual(first.body.suggestions);
    expect(later.body.suggestions.length).toBeGreaterThan(0);
  });

  it('dates with an open slot only elsewhere: the searches that keep them are counted', async () => {
    // Day 4: only D (online) has a slot; 陶芸 in Kyoto has A on day 3 (within ±14 days), 陶芸 anywhere on day 4: D.
    expect(await relaxed(`q=${encodeURIComponent('陶芸')}&state[]=${encodeURIComponent('京都府')}&date_from=${day(4)}`)).toMatchObject({
      kinds: [
        ['other_dates', 1],
        ['without_dates', 1],
        ['without_area', 1],
      ],
      statements: 3,
    });
  });

  it('dates on which no experience has an open slot: only the search without dates is counted', async () => {
    // The page, then the count without dates with the questions about the catalogue; nothing else is planned.
    expect(await relaxed(`q=${encodeURIComponent('陶芸')}&state[]=${encodeURIComponent('京都府')}&date_from=${day(60)}`)).toMatchObject({
      kinds: [['without_dates', 1]],
      statements: 2,
    });
  });

  it('a word no experience has: only the search without the keyword is counted', async () => {
    // Kyoto on day 3: A and B. The page, then the first count with the questions, which also counts the search
    // without the keyword: no statement for the searches that keep the keyword (without an area, other dates).
    const kyoto = `state[]=${encodeURIComponent('京都府')}`;
    const unknown = await relaxed(`q=${encodeURIComponent('流鏑馬')}&${kyoto}&date_from=${day(3)}`);
    expect(unknown).toMatchObject({ kinds: [['without_keyword', 2]], statements: 2 });
    expect(unknown.queries.map((sql) => sql.includes('search_text LIKE'))).toEqual([true, true]);
    expect(unknown.queries[1].match(/count\(\*\)/g)).toHaveLength(2);
    // The question is about the terms of two characters or more (陶 alone is read from no index).
    expect((await relaxed(`q=${encodeURIComponent('流鏑馬 陶')}&${kyoto}&date_from=${day(3)}`)).kinds).toEqual([['without_keyword', 2]]);
    // Without dates it is not asked (it would cost a statement of its own): the page, then every relaxed search.
    expect(await relaxed(`q=${encodeURIComponent('流鏑馬')}&${kyoto}`)).toMatchObject({ kinds: [['without_keyword', 2]], statements: 2 });
  });

  it('with dates, the search without the keyword is counted with the first relaxed count, in the same order', async () => {
    // 陶芸 in Shiga on day 3: nothing. In the Kinki region and anywhere on day 3: A. Shiga on day 3 without the
    // keyword: G. The page, the first count (without dates, and without the keyword), then the search without an area.
    const res = await relaxed(`q=${encodeURIComponent('陶芸')}&state[]=${encodeURIComponent('滋賀県')}&date_from=${day(3)}`);
    expect(res).toMatchObject({
      kinds: [
        ['nearby', 1],
        ['without_area', 1],
        ['without_keyword', 1],
      ],
      statements: 3,
    });
    expect(res.queries[1].match(/count\(\*\)/g)).toHaveLength(2);
    expect(res.queries[2].match(/count\(\*\)/g)).toHaveLength(2);
    expect(res.queries[2]).toContain('FILTER');
  });

  it('a search whose only filter is the party size has nothing to relax', async () => {
    const res = await search(`people=${SEARCH_LIMITS.maxPeople}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ experiences: [], meta: { total_count: 0 }, suggestions: [] });
  });
});

describe('GET /api/v1/stories: connections', () => {
  it('a search gives its connection back to the pool, whichever way it ends', async () => {
    const pool = await t.orm.em.getConnection().getNativeClient();
    const queries = [
      '',
      `q=${encodeURIComponent('陶芸')}`,
      `q=${encodeURIComponent('陶芸')}&state[]=${encodeURIComponent('大阪府')}`,
      `people=${SEARCH_LIMITS.maxPeople}`,
      'page=2',
      `date_from=${day(-1)}`,
    ];
    // More searches than the pool has connections, so a connection kept by any of them would leave the last waiting.
    for (let round = 0; round < 4; round++) {
      const statuses = await Promise.all(queries.map(async (q) => (await search(q)).status));
      expect(statuses).toEqual([200, 200, 200, 200, 200, 422]);
    }
    expect(pool.waitingCount).toBe(0);
    expect(pool.idleCount).toBe(pool.totalCount);
  });
});

describe('GET /api/v1/stories: what a search costs the server', () => {
  it('forks no EntityManager: the reference lists come from their cache and the search reads through ctx.sql', async () => {
    await search(''); // loads the reference lists once
    const em = t.orm.em;
    const fork = em.fork;
    let forks = 0;
    em.fork = function counted(this: typeof em, ...args: Parameters<typeof fork>) {
      forks++;
      return fork.apply(this, args);
    } as typeof fork;
    try {
      const full = await search(`q=${encodeURIComponent('陶芸')}&date_from=${day(3)}&people=2`);
      const empty = await search(`q=${encodeURIComponent('陶芸')}&state[]=${encodeURIComponent('大阪府')}`);
      expect(full.body.meta.total_count).toBeGreaterThan(0);
      expect(empty.body.suggestions.length).toBeGreaterThan(0);
    } finally {
      em.fork = fork;
    }
    expect(forks).toBe(0);
  });
});
