// GET /api/v1/stories and the /stories pages: the search's query (parsed by the service, the pages' URL read the
// same way) and the keyword's terms (normalised by normalizeSearchText). Browser-safe.
import { z } from 'zod';
import type { InputOf } from '#src/lib/isomorphic/validate';
import { normalizeSearchText } from '#src/lib/isomorphic/search-text';
import * as ja from '#src/i18n/ja';
import { pageSchema } from './experiences.schemas';
import { SEARCH_LIMITS, STORIES_SORTS, type StoriesSort } from './experiences.shared';

const YMD = /^\d{4}-\d{2}-\d{2}$/;

function realYmd(value: string): boolean {
  if (!YMD.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An optional query value: absent or empty is undefined; anything but one string (e.g. a repeated key) is refused. */
function optionalText(message: string) {
  return z.preprocess((v) => (v === '' ? undefined : v), z.string({ error: message }).optional());
}

function optionalDate(message: string) {
  return optionalText(message).refine((v) => v === undefined || realYmd(v), { message });
}

function optionalInt(message: string, min: number, max: number) {
  return optionalText(message).transform((v, ctx) => {
    if (v === undefined) return undefined;
    const n = /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}

/** The keyword's terms (split on any space, normalised, at most SEARCH_LIMITS.terms, duplicates dropped). */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  const terms = normalizeSearchText(q).split(/\s+/).filter(Boolean);
  return [...new Set(terms)].slice(0, SEARCH_LIMITS.terms);
}

/**
 * GET /api/v1/stories (the /stories list and search). Prefecture, category and theme values stay strings:
 * an unknown or malformed one is a 404 (the service looks it up), like the /stories/location|category|theme pages.
 * Everything else that is malformed is a 422 with a Japanese message. `state` is one value or several (`state[]`).
 */
export const storiesQuerySchema = z
  .object({
    page: pageSchema,
    q: optionalText(ja.search.invalidQ).refine((v) => v === undefined || v.length <= SEARCH_LIMITS.qLength, {
      message: ja.search.qTooLong(SEARCH_LIMITS.qLength),
    }),
    date_from: optionalDate(ja.search.invalidDate),
    date_to: optionalDate(ja.search.invalidDate),
    people: optionalInt(ja.search.invalidPeople(SEARCH_LIMITS.maxPeople), 1, SEARCH_LIMITS.maxPeople),
    /** Prefecture names (the experience's `state`, e.g. 京都府) or ids 1..47. */
    state: z
      .array(z.string({ error: ja.search.invalidState }).max(20, { error: ja.search.invalidState }), { error: ja.search.invalidState })
      .max(SEARCH_LIMITS.states, { error: ja.search.invalidState })
      .optional(),
    category_id: optionalText(ja.browse.unknownCategory).refine((v) => v === undefined || v.length <= 12, {
      message: ja.browse.unknownCategory,
    }),
    theme_id: optionalText(ja.browse.unknownTheme).refine((v) => v === undefined || v.length <= 12, {
      message: ja.browse.unknownTheme,
    }),
    price_min: optionalInt(ja.search.invalidPrice, 0, SEARCH_LIMITS.maxPrice),
    price_max: optionalInt(ja.search.invalidPrice, 0, SEARCH_LIMITS.maxPrice),
    online: optionalText(ja.search.invalidOnline).transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
      ctx.addIssue({ code: 'custom', message: ja.search.invalidOnline });
      return z.NEVER;
    }),
    sort: optionalText(ja.search.invalidSort).transform((v, ctx) => {
      if (v === undefined) return 'newest' as StoriesSort;
      if ((STORIES_SORTS as readonly string[]).includes(v)) return v as StoriesSort;
      ctx.addIssue({ code: 'custom', message: ja.search.invalidSort });
      return z.NEVER;
    }),
  })
  .superRefine((query, ctx) => {
    if (query.date_from && query.date_to) {
      if (query.date_to < query.date_from) ctx.addIssue({ code: 'custom', path: ['date_to'], message: ja.search.dateOrder });
      else {
        const days = (Date.parse(query.date_to) - Date.parse(query.date_from)) / 86_400_000;
        if (days >= SEARCH_LIMITS.rangeDays)
          ctx.addIssue({ code: 'custom', path: ['date_to'], message: ja.search.rangeTooLong(SEARCH_LIMITS.rangeDays) });
      }
    }
    if (query.price_min !== undefined && query.price_max !== undefined && query.price_min > query.price_max)
      ctx.addIssue({ code: 'custom', path: ['price_max'], message: ja.search.priceOrder });
  });
export type StoriesQuery = z.output<typeof storiesQuerySchema>;
/**
 * What the service takes: the query as the route or the page has it, where `state` may be one value and Express's
 * simple parser keeps `state[]` under its own key (the service joins them before the parse).
 */
export type StoriesQueryInput = Omit<InputOf<typeof storiesQuerySchema>, 'state'> & {
  state?: string | string[];
  'state[]'?: string | string[];
};
