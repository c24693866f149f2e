// The /stories list and search (GET /api/v1/stories and the /stories pages): the filters resolved against the
// reference lists, one page of cards and its count (stories-search.ts), and the relaxed searches an empty result
// suggests.
import type { Ctx } from '#src/lib/context';
import { NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import { parseId, parseInput } from '#src/lib/isomorphic/validate';
import { addDays, addMonths, todayInJapan } from '#src/lib/isomorphic/dates';
import { type SqlReader, withConnection } from '#src/lib/read-sql';
import * as ja from '#src/i18n/ja';
import { dateRange, isSearchOrFilter, searchCounts, searchPage, type StoriesCriteria } from './stories-search';
import {
  REGIONS,
  SEARCH_LIMITS,
  STORIES_PER_PAGE,
  type ExperienceCardJson,
  type StoriesFilter,
  type StoriesListJson,
  type StoriesSearchJson,
  type StoriesSuggestionJson,
  type StoriesSuggestionKind,
} from './experiences.schemas';
import { storiesQuerySchema, type StoriesQuery, type StoriesQueryInput } from './stories-query.schemas';

/** The reference lists a search resolves its filters against (the reference service keeps them in memory). */
export interface Lookups {
  prefectures: { id: number; name: string }[];
  categories: { id: number; name: string }[];
  themes: { id: number; name: string }[];
}

function resolveState(lookups: Lookups, raw: string): StoriesFilter {
  const value = raw.trim();
  const id = /^\d{1,2}$/.test(value) ? parseId(value) : null;
  const prefecture = value ? lookups.prefectures.find((p) => (id ? p.id === id : p.name === value)) : undefined;
  if (!prefecture) throw new NotFoundError(ja.browse.unknownState, 'state');
  return { type: 'location', id: prefecture.id, name: prefecture.name };
}

function resolveCategory(lookups: Lookups, raw: string): StoriesFilter {
  const id = parseId(raw);
  const category = id ? lookups.categories.find((c) => c.id === id) : undefined;
  if (!category) throw new NotFoundError(ja.browse.unknownCategory, 'category');
  return { type: 'category', id: category.id, name: category.name };
}

function resolveTheme(lookups: Lookups, raw: string): StoriesFilter {
  const id = parseId(raw);
  const theme = id ? lookups.themes.find((t) => t.id === id) : undefined;
  if (!theme) throw new NotFoundError(ja.browse.unknownTheme, 'theme');
  return { type: 'theme', id: theme.id, name: theme.name };
}

/** `state` and `state[]` (Express's simple query parser keeps the brackets) as one list, or undefined. */
function stateValues(input: StoriesQueryInput): string[] | undefined {
  const values = [input.state, input['state[]']].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
  return values.length > 0 ? values : undefined;
}

function searchJson(query: StoriesQuery, states: StoriesFilter[], criteria: StoriesCriteria): StoriesSearchJson {
  return {
    q: query.q?.trim() ? query.q.trim() : null,
    date_from: criteria.dateFrom ?? null,
    date_to: criteria.dateTo ?? null,
    people: criteria.people ?? null,
    state: states.map((s) => ({ id: s.id, name: s.name })),
    category_id: criteria.categoryId ?? null,
    theme_id: criteria.themeId ?? null,
    price_min: criteria.priceMin ?? null,
    price_max: criteria.priceMax ?? null,
    online: criteria.online ?? null,
    sort: criteria.sort,
  };
}

/** A relaxed search of an empty result, and the prefectures of the region around its area (counted within it). */
interface Relaxed {
  kind: StoriesSuggestionKind;
  criteria: StoriesCriteria;
  search: StoriesSearchJson;
  nearby?: { id: number; name: string }[];
}

/**
 * Relaxed searches that find something, for an empty result: other dates, nearby areas, no keyword.
 *
 * One statement for a search without dates. A search with dates first counts itself without them (and without its
 * keyword, if it has one), and asks in the same statement about the whole catalogue (stories-search.ts
 * CatalogueQuestions): is any slot open for the party on the dates asked, and on the dates around them; does any
 * experience match the keyword at all. The second statement
 * counts only the relaxed searches that can still find something: those that keep the dates asked need an open slot
 * on them; those that keep the keyword need an experience that has it; the dates around the ones asked need both an
 * open slot on them and something found without dates (the dates around are a part of "any date").
 */
async function suggestions(
  sql: SqlReader,
  lookups: Lookups,
  base: StoriesCriteria,
  search: StoriesSearchJson,
  now: Date,
): Promise<StoriesSuggestionJson[]> {
  const tries: Relaxed[] = [];
  const counted = new Map<Relaxed, { count: number; countIn: number }>();
  const dated = base.dateFrom !== undefined || base.dateTo !== undefined;
  let onDates = true;
  let keywordFound = true;
  const withoutKeyword: Relaxed | undefined =
    base.q === undefined ? undefined : { kind: 'without_keyword', criteria: { ...base, q: undefined }, search: { ...search, q: null } };
  if (dated) {
    // The dates the search asked about, by the search's own rule (with dates, `to` is never open-ended).
    const { from, to } = dateRange(base, now);
    const today = todayInJapan(now);
    const wideFrom = addDays(from, -14) < today ? today : addDays(from, -14);
    const wideTo = addDays(to ?? from, 14);
    const withoutDates: Relaxed = {
      kind: 'without_dates',
      criteria: { ...base, dateFrom: undefined, dateTo: undefined },
      search: { ...search, date_from: null, date_to: null },
    };
    // The search without its keyword is counted here too, before it is known to be wanted: a keyword nobody offers
    // then needs no third statement (its only relaxed searches are this one and the one without dates); when the
    // dates have no open slot it is counted for nothing, in PostgreSQL only, which the slower host has more of.
    const first = await searchCounts(sql, withoutKeyword ? [withoutDates, withoutKeyword] : [withoutDates], now, {
      slots: {
        people: base.people ?? 1,
        ranges: [
          { from, to },
          { from: wideFrom, to: wideTo },
        ],
      },
      keyword: base.q,
    });
    counted.set(withoutDates, first.counts[0]);
    if (withoutKeyword) counted.set(withoutKeyword, first.counts[1]);
    onDates = first.open[0];
    keywordFound = first.keywordFound;
    if (first.open[1] && first.counts[0].count > 0) {
      tries.push({
        kind: 'other_dates',
        criteria: { ...base, dateFrom: wideFrom, dateTo: wideTo },
        search: { ...search, date_from: wideFrom, date_to: wideTo },
      });
    }
    tries.push(withoutDates);
  }
  if (onDates) {
    if (base.prefectureIds.length > 0 && keywordFound) {
      // Nearby prefectures are counted within the search without an area (the same search, narrowed to the
      // region), in that search's scan (stories-search.ts CountRequest).
      const ids = new Set(base.prefectureIds);
      const region = REGIONS.filter((r) => r.some((id) => ids.has(id))).flat();
      const nearby =
        region.length > ids.size ? lookups.prefectures.filter((p) => region.includes(p.id)).sort((a, b) => a.id - b.id) : undefined;
      tries.push({ kind: 'without_area', criteria: { ...base, prefectureIds: [] }, search: { ...search, state: [] }, nearby });
    }
    if (withoutKeyword) tries.push(withoutKeyword);
    if ((base.priceMin !== undefined || base.priceMax !== undefined) && keywordFound) {
      tries.push({
        kind: 'without_price',
        criteria: { ...base, priceMin: undefined, priceMax: undefined },
        search: { ...search, price_min: null, price_max: null },
      });
    }
  }
  const rest = tries.filter((t) => !counted.has(t));
  if (rest.length > 0) {
    const { counts } = await searchCounts(
      sql,
      rest.map((t) => ({ criteria: t.criteria, alsoIn: t.nearby?.map((p) => p.id) })),
      now,
    );
    for (const [i, t] of rest.entries()) counted.set(t, counts[i]);
  }
  return tries.flatMap((t): StoriesSuggestionJson[] => {
    const { count, countIn } = counted.get(t) ?? { count: 0, countIn: 0 };
    const here = count > 0 ? [{ kind: t.kind, count, search: t.search }] : [];
    if (t.nearby === undefined || countIn === 0) return here;
    return [{ kind: 'nearby', count: countIn, search: { ...search, state: t.nearby } }, ...here];
  });
}

/**
 * GET /api/v1/stories: published experiences matching the search (q, date_from, date_to, people,
 * state / state[], category_id, theme_id, price_min, price_max, online, sort, page), 12 per page. An unknown
 * prefecture, category or theme is a 404 (not an empty list); malformed values are a 422; a page past the end is
 * an empty list. Dates are Japan dates and may not be in the past.
 */
export async function listStories(ctx: Ctx, lookups: Lookups, input: StoriesQueryInput): Promise<StoriesListJson> {
  const query = parseInput(storiesQuerySchema, { ...input, state: stateValues(input) });
  const now = new Date();
  const today = todayInJapan(now);
  if (query.date_from !== undefined && query.date_from < today) throw ValidationError.of('date_from', ja.search.pastDate);
  if (query.date_to !== undefined && query.date_to < today) throw ValidationError.of('date_to', ja.search.pastDate);
  const lastDate = addMonths(today, SEARCH_LIMITS.yearsAhead * 12);
  for (const field of ['date_from', 'date_to'] as const) {
    const value = query[field];
    if (value !== undefined && value > lastDate) throw ValidationError.of(field, ja.search.tooFarDate(SEARCH_LIMITS.yearsAhead, lastDate));
  }

  const filters: StoriesFilter[] = [];
  for (const state of query.state ?? []) {
    const filter = resolveState(lookups, state);
    if (!filters.some((f) => f.id === filter.id)) filters.push(filter);
  }
  const states = [...filters];
  if (query.category_id !== undefined) filters.push(resolveCategory(lookups, query.category_id));
  if (query.theme_id !== undefined) filters.push(resolveTheme(lookups, query.theme_id));

  const criteria: StoriesCriteria = {
    q: query.q?.trim() ? query.q : undefined,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    people: query.people,
    prefectureIds: states.map((s) => s.id),
    categoryId: filters.find((f) => f.type === 'category')?.id,
    themeId: filters.find((f) => f.type === 'theme')?.id,
    priceMin: query.price_min,
    priceMax: query.price_max,
    online: query.online,
    sort: query.sort,
  };
  const search = searchJson(query, states, criteria);
  const offset = (query.page - 1) * STORIES_PER_PAGE;
  const result = (experiences: ExperienceCardJson[], total: number, relaxed: StoriesSuggestionJson[]) => ({
    experiences,
    meta: {
      total_count: total,
      page: query.page,
      per_page: STORIES_PER_PAGE,
      total_pages: Math.max(1, Math.ceil(total / STORIES_PER_PAGE)),
    },
    filters,
    search,
    suggestions: relaxed,
  });
  if (!isSearchOrFilter(criteria)) {
    // The list without a filter: its page carries its count (searchPage); a page without cards falls through to the
    // statements below (past the end, or nothing published).
    const { cards, total } = await searchPage(ctx.sql, criteria, STORIES_PER_PAGE, offset, now);
    if (total !== null) return result(cards, total, []);
  }
  if (offset > 0) {
    // A later page: the page and the count at once, on two connections.
    const [{ cards: experiences }, [counted]] = await Promise.all([
      searchPage(ctx.sql, criteria, STORIES_PER_PAGE, offset, now),
      searchCounts(ctx.sql, [{ criteria }], now).then((r) => r.counts),
    ]);
    const relaxed = counted.count === 0 ? await suggestions(ctx.sql, lookups, criteria, search, now) : [];
    return result(experiences, counted.count, relaxed);
  }
  // The first page, then what depends on it, on one connection: a first page that is not full is the whole result
  // (its length is the count, and no count statement runs: most narrow searches); a full one is followed by the
  // count; an empty one by the relaxed searches' counts (suggestions).
  return withConnection(ctx.sql, async (sql) => {
    const { cards: experiences } = await searchPage(sql, criteria, STORIES_PER_PAGE, 0, now);
    if (experiences.length === STORIES_PER_PAGE) {
      return result(experiences, (await searchCounts(sql, [{ criteria }], now)).counts[0].count, []);
    }
    const relaxed = experiences.length === 0 ? await suggestions(sql, lookups, criteria, search, now) : [];
    return result(experiences, experiences.length, relaxed);
  });
}
