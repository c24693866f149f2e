// The /stories list pages' data when the search is refused (a malformed or contradictory value): the messages, the
// search as typed for the form, and no results (never the unfiltered list passing for the search's results).
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageContextServer } from 'vike/types';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createExperience } from '#tests/factories/experiences';
import { GUEST } from '#src/lib/context';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { loadStories, type ListFilterInput } from '#pages/stories/list-data';
import { listHeading } from '#pages/stories/list-head';
import * as ja from '#src/i18n/ja';

let t: TestApp;
const day = (n: number) => addDays(todayInJapan(), n);

beforeAll(async () => {
  t = await setupTestApp();
  for (let i = 0; i < 3; i++) await createExperience(t.orm, { title: `体験${i}`, categoryId: 1, prefectureId: 26 });
});

/**
 * The page's data for `path?query` as Vike parses its URL (`search`: the last value of a key, `searchAll`: all), and
 * the statuses the hook answered the page with (`request.answerWith`).
 */
async function load(query: string, filter: ListFilterInput = {}, path = '/stories') {
  const answered: number[] = [];
  const params = new URLSearchParams(query);
  const searchAll = Object.fromEntries([...new Set(params.keys())].map((key) => [key, params.getAll(key)]));
  const pageContext = {
    services: t.services,
    ctx: t.services.context(GUEST),
    user: null,
    urlOriginal: `${path}?${query}`,
    urlParsed: { pathname: path, search: Object.fromEntries(params), searchAll, searchOriginal: `?${query}` },
    request: { answerWith: (status: number) => answered.push(status) },
  } as unknown as PageContextServer;
  return { ...(await loadStories(pageContext, filter)), answered };
}

describe('a refused search on /stories', () => {
  it('keeps the dates, keyword, category and prices as typed and shows no results', async () => {
    const query = new URLSearchParams({
      q: '陶芸',
      date_from: day(10),
      date_to: day(5),
      category_id: '1',
      price_min: '5000',
      price_max: '4000',
      people: '2',
      'state[]': '京都府',
      online: 'false',
      sort: 'price_asc',
    }).toString();
    const { data, serverOnly, answered } = await load(query);
    expect(data.errors).toEqual([ja.search.dateOrder, ja.search.priceOrder]);
    expect(data.refused).toBe(true);
    expect(answered).toEqual([400]);
    expect(data.list.search).toEqual({
      q: '陶芸',
      date_from: day(10),
      date_to: day(5),
      people: 2,
      state: [{ id: 26, name: '京都府' }],
      category_id: 1,
      theme_id: null,
      price_min: 5000,
      price_max: 4000,
      online: false,
      sort: 'price_asc',
    });
    expect(data.cardCount).toBe(0);
    expect(serverOnly.lateHtml.cards).toBe('');
    expect(data.list.suggestions).toEqual([]);
    expect(listHeading(data)).toBe('検索結果');
  });

  it('keeps a keyword over the limit as typed, and the heading does not repeat it', async () => {
    const q = 'あ'.repeat(600);
    const { data } = await load(new URLSearchParams({ q }).toString());
    expect(data.errors).toEqual([ja.search.qTooLong(100)]);
    expect(data.refused).toBe(true);
    expect(data.list.search.q).toBe(q);
    expect(data.cardCount).toBe(0);
    expect(listHeading(data)).toBe('検索結果');
  });

  it("keeps a chip route's own filter in the refused search", async () => {
    const { data } = await load('price_min=9&price_max=1', { category_id: '1' }, '/stories/category/1');
    expect(data.errors).toEqual([ja.search.priceOrder]);
    expect(data.list.search).toMatchObject({ category_id: 1, price_min: 9, price_max: 1 });
    expect(data.list.filters.map((f) => f.type)).toEqual(['category']);
    expect(data.cardCount).toBe(0);
  });

  it('a valid search is not refused and shows its results', async () => {
    const { data, answered } = await load('category_id=1');
    expect(data.errors).toEqual([]);
    expect(data.refused).toBe(false);
    expect(answered).toEqual([]);
    expect(data.cardCount).toBe(3);
  });
});
