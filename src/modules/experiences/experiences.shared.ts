// The zod-free half of the experiences' isomorphic code: constants, the search's query string and the page links.
// Pages and components import it instead of experiences.schemas.ts, so a page's JavaScript carries no zod (about
// 25 kB gzipped). Types come from the schemas with `import type`, which the build erases.
// biome-ignore lint/style/noRestrictedImports: types only (erased by the build; the shapes live with their schemas).
import type { StoriesFilter, StoriesSearchJson } from './experiences.schemas';

/** The orders of the /stories list. `newest` is the default (the list's order before search). */
export const STORIES_SORTS = ['newest', 'recommended', 'price_asc', 'price_desc', 'date', 'rating'] as const;
export type StoriesSort = (typeof STORIES_SORTS)[number];

/**
 * The `rating` order ranks by the mean rating only the experiences with at least this many reviews (one 5-star review
 * does not lead); the others follow, by their mean, then newest. The same number is written in the index that serves
 * the order (Migration20261129160000_guest_features, experiences_rating_list_index).
 */
export const RATING_MIN_REVIEWS = 3;

/**
 * Every query parameter the /stories pages and GET /api/v1/stories read; a page cache keyed on the URL
 * needs only these (`state` also as `state[]`).
 */
export const STORIES_QUERY_KEYS = [
  'q',
  'date_from',
  'date_to',
  'people',
  'state',
  'category_id',
  'theme_id',
  'price_min',
  'price_max',
  'online',
  'sort',
  'page',
] as const;

/** Limits of the search parameters (enforced here, on the server). */
/**
 * `yearsAhead`: the latest search date, in years after today (Japan time). Slots exist at most six months ahead, so a
 * later date can find nothing, and the search's "other dates (±14 days)" must stay inside PostgreSQL's date range.
 */
export const SEARCH_LIMITS = {
  qLength: 100,
  terms: 5,
  maxPeople: 30,
  maxPrice: 10_000_000,
  rangeDays: 92,
  states: 47,
  yearsAhead: 2,
} as const;

/** The query string of a search (page 1 unless given), in a stable order; empty for the plain list. */
export function storiesQueryString(search: StoriesSearchJson, page = 1): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.date_from) params.set('date_from', search.date_from);
  if (search.date_to) params.set('date_to', search.date_to);
  if (search.people !== null) params.set('people', String(search.people));
  for (const s of search.state) params.append('state[]', s.name);
  if (search.category_id !== null) params.set('category_id', String(search.category_id));
  if (search.theme_id !== null) params.set('theme_id', String(search.theme_id));
  if (search.price_min !== null) params.set('price_min', String(search.price_min));
  if (search.price_max !== null) params.set('price_max', String(search.price_max));
  if (search.online !== null) params.set('online', String(search.online));
  if (search.sort !== 'newest') params.set('sort', search.sort);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when the search narrows the list beyond one chip filter (the page then shows search results). */
export function isSearch(search: StoriesSearchJson): boolean {
  return (
    search.q !== null ||
    search.date_from !== null ||
    search.date_to !== null ||
    search.people !== null ||
    search.state.length > 1 ||
    search.price_min !== null ||
    search.price_max !== null ||
    search.online !== null ||
    search.sort !== 'newest' ||
    [search.state.length > 0, search.category_id !== null, search.theme_id !== null].filter(Boolean).length > 1
  );
}

/** Prefecture ids (JIS order, 1..47) of the eight regions, for "nearby prefectures". */
export const REGIONS: readonly (readonly number[])[] = [
  [1],
  [2, 3, 4, 5, 6, 7],
  [8, 9, 10, 11, 12, 13, 14],
  [15, 16, 17, 18, 19, 20, 21, 22, 23],
  [24, 25, 26, 27, 28, 29, 30],
  [31, 32, 33, 34, 35],
  [36, 37, 38, 39],
  [40, 41, 42, 43, 44, 45, 46, 47],
];

/** The page link of a filter (spec route table). Prefecture links use the name, which is the API's `state`. */
export function filterPath(filter: StoriesFilter): string {
  if (filter.type === 'location') return `/stories/location/${encodeURIComponent(filter.name)}`;
  if (filter.type === 'category') return `/stories/category/${filter.id}`;
  return `/stories/theme/${filter.id}`;
}
