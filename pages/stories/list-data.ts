// Shared by the /stories list pages (+onBeforeRender.ts of index, location, category, theme): the page's data in two
// parts, `data` (sent to the browser in the page context) and `serverOnly` (kept on the server, list-server.ts): the
// chips' categories and the cards as markup, written into the page after its render (the grid is server-only HTML).
// Every search parameter lives in the URL; the chip routes are the same search with one filter pre-set.
import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { cardItemHtml } from '#src/components/experience-card-html';
import { heartsHtml } from '#src/components/FavoriteHeart';
import { siteOrigin } from '#src/components/seo';
import { seoHeadHtml } from '#src/components/SeoHead';
import { favoriteIdsOf } from '#src/lib/isomorphic/page-helpers';
import { addMonths, todayInJapan } from '#src/lib/isomorphic/dates';
import { SEARCH_LIMITS, STORIES_QUERY_KEYS, STORIES_SORTS } from '#src/modules/experiences/experiences.shared';
import type { StoriesSearchJson } from '#src/modules/experiences/experiences.schemas';
import type { StoriesServerPart } from './list-server';
import type { SearchChoices } from './SearchFilters';
import { listPath } from './list-head';
import type { StoriesQueryInput } from '#src/modules/experiences/stories-query.schemas';

export interface ListFilterInput {
  state?: string;
  category_id?: string;
  theme_id?: string;
}

/** The search parameters of the URL as the service's input (`state` and `state[]` may repeat). */
function urlInput(pageContext: PageContextServer, filter: ListFilterInput): StoriesQueryInput {
  const { search, searchAll } = pageContext.urlParsed;
  const input: StoriesQueryInput = {};
  for (const key of STORIES_QUERY_KEYS) if (key !== 'state' && search[key] !== undefined) input[key] = search[key];
  const states = [...(filter.state !== undefined ? [filter.state] : []), ...(searchAll.state ?? []), ...(searchAll['state[]'] ?? [])];
  if (states.length > 0) input.state = states;
  if (filter.category_id !== undefined) input.category_id = filter.category_id;
  if (filter.theme_id !== undefined) input.theme_id = filter.theme_id;
  return input;
}

type Rows = readonly { id: number; name: string }[];

/** The JSON of SearchChoices made from the lists it was made of (the reference service keeps each list for a while). */
const choicesTexts = new WeakMap<Rows, { categories: Rows; themes: Rows; text: string }>();

/**
 * The search panel's reference lists as one JSON text (SearchChoices, SearchFilters.tsx), made once per lists the
 * reference service keeps: Vike's page-context serializer walks every value it sends, and these were about a hundred
 * values the browser reads only once the panel opens.
 */
function choicesText(categories: Rows, themes: Rows, prefectures: Rows): string {
  const kept = choicesTexts.get(prefectures);
  if (kept?.categories === categories && kept.themes === themes) return kept.text;
  const choices: SearchChoices = {
    categories: categories.map(({ id, name }) => ({ id, name })),
    themes: themes.map(({ id, name }) => ({ id, name })),
    prefectureNames: Object.fromEntries(prefectures.map((row) => [row.id, row.name])),
  };
  const text = JSON.stringify(choices);
  choicesTexts.set(prefectures, { categories, themes, text });
  return text;
}

function statusOf(error: unknown): number | undefined {
  return (error as { status?: number })?.status;
}

const oneText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A typed number the form's fields can show again (the message says what is wrong with it), else null. */
function typedNumber(value: unknown): number | null {
  const text = oneText(value);
  const n = Number(text);
  return text !== '' && Number.isFinite(n) ? n : null;
}

/**
 * A refused search as its form shows it: the values as the URL has them, as far as the fields can hold them (a date
 * input shows only a well-formed date, a select only one of its choices). Prefectures are typed as names or ids.
 */
function typedSearch(input: StoriesQueryInput, prefectures: Rows): StoriesSearchJson {
  const date = (value: unknown) => (/^\d{4}-\d{2}-\d{2}$/.test(oneText(value)) ? oneText(value) : null);
  const typedStates = [input.state, input['state[]']].flat().filter((v): v is string => typeof v === 'string');
  const state = prefectures.filter((p) => typedStates.includes(p.name) || typedStates.includes(String(p.id)));
  const online = oneText(input.online);
  const sort = oneText(input.sort);
  return {
    q: typeof input.q === 'string' && input.q !== '' ? input.q : null,
    date_from: date(input.date_from),
    date_to: date(input.date_to),
    people: typedNumber(input.people),
    state: state.map(({ id, name }) => ({ id, name })),
    category_id: typedNumber(input.category_id),
    theme_id: typedNumber(input.theme_id),
    price_min: typedNumber(input.price_min),
    price_max: typedNumber(input.price_max),
    online: online === 'true' || online === '1' ? true : online === 'false' || online === '0' ? false : null,
    sort: (STORIES_SORTS as readonly string[]).includes(sort) ? (sort as StoriesSearchJson['sort']) : 'newest',
  };
}

/**
 * Loads one page of the list or search. An unknown filter value, a malformed page number and a page past the end
 * are the 404 page (spec: an unknown filter value is a 404, not an empty 200). Any other malformed search value is
 * refused: the page shows the messages and the form with the values as typed, and no results (a list that ignored
 * the search would pass for its results).
 */
export async function loadStories(pageContext: PageContextServer, filter: ListFilterInput) {
  const { services, ctx } = pageContext;
  const input = urlInput(pageContext, filter);
  let errors: string[] = [];
  let refused = false;
  let list: Awaited<ReturnType<typeof services.experiences.list>>;
  try {
    list = await services.experiences.list(ctx, input);
  } catch (error) {
    const status = statusOf(error);
    const messages = (error as { details?: Record<string, string[]> }).details ?? {};
    if (status === 422 && !messages.page) {
      refused = true;
      errors = Object.values(messages).flat();
      // The route's own filter: its name for the heading and the crumbs (an unknown one is the 404 page).
      list = await services.experiences.list(ctx, filter).catch(() => {
        throw render(404);
      });
    } else if (status === 404 || status === 422) throw render(404);
    else throw error;
  }
  if (list.meta.page > list.meta.total_pages) throw render(404);
  const [categories, themes, prefectures] = await Promise.all([
    services.reference.categories(ctx),
    services.reference.themes(ctx),
    services.reference.prefectures(ctx),
  ]);
  if (refused) {
    list = { ...list, experiences: [], search: typedSearch(input, prefectures), suggestions: [] };
    // The page shows why with the form as typed, and answers 400 as the API answers bad input.
    pageContext.request.answerWith(400);
  }
  const today = todayInJapan();
  const { experiences, ...listRest } = list;
  // The cards' photos load at once for the first screen's four; their titles are h2 right under the page's h1.
  const heart = heartsHtml(await favoriteIdsOf(pageContext, experiences), Boolean(pageContext.user), pageContext.urlOriginal);
  let cards = '';
  for (let i = 0; i < experiences.length; i++)
    cards += cardItemHtml(experiences[i], { eager: i < 4, headingLevel: 2 }, heart(experiences[i]));
  const stories: StoriesServerPart = { categories, lateHtml: { cards }, head: '' };
  const data = {
    list: listRest,
    /** The page's number of cards (the cards themselves are server-only HTML). */
    cardCount: experiences.length,
    choices: choicesText(categories, themes, prefectures),
    errors,
    /** The search was refused (`errors` say why): `list.search` is the search as typed, and there are no results. */
    refused,
    today,
    lastDate: addMonths(today, SEARCH_LIMITS.yearsAhead * 12),
  };
  // The head's tags as one string (pages/+headHtmlEnd.ts), made with the data: no React render of their own.
  stories.head = seoHeadHtml({
    url: `${siteOrigin(services.env)}${listPath(data)}${data.list.meta.page > 1 ? `?page=${data.list.meta.page}` : ''}`,
  });
  return { data, serverOnly: stories };
}

export type StoriesData = Awaited<ReturnType<typeof loadStories>>['data'];
