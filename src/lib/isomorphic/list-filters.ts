// The search and filter parameters of the admin and brand portal lists: one set of zod pieces that every list's
// query schema extends `listQuerySchema` with, so the API's query, the page's URL and the CLI read them alike
// (docs/decisions/admin-lists.md). An empty value means "no filter" (a GET form sends every field). Browser-safe.
import { z } from 'zod';
import { isValidYmd } from '#src/lib/isomorphic/dates';
import { parseId } from '#src/lib/isomorphic/ids';
import * as ja from '#src/i18n/ja';

const t = ja.lists;

/** Longest keyword a list search takes. */
export const LIST_KEYWORD_MAX = 100;

/** Rows a list counts at most: beyond it the page shows "10,000件以上" (a bounded count, not a scan per request). */
export const LIST_COUNT_LIMIT = 10_000;

/** A list's page meta (`readPage`), with `total_count_capped` when the count stopped at LIST_COUNT_LIMIT. */
export interface ListPageMeta {
  current_page: number;
  total_pages: number;
  total_count: number;
  total_count_capped?: boolean;
}

export const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** ?q=: trimmed, at most LIST_KEYWORD_MAX characters; blank is no keyword. */
export const keywordFilter = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: t.invalid })
      .trim()
      .max(LIST_KEYWORD_MAX, { error: t.keywordTooLong(LIST_KEYWORD_MAX) })
      .optional(),
  );

/** `true` / `false` (a query string's words); blank is no filter. */
export const booleanFilter = (message: string = t.invalid) =>
  z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : emptyToUndefined(value)),
    z.boolean({ error: message }).optional(),
  );

/** One of `values`; blank is no filter. */
export const choiceFilter = <const T extends readonly [string, ...string[]]>(values: T, message: string = t.invalid) =>
  z.preprocess(emptyToUndefined, z.enum(values, { error: message }).optional());

/** A row's id (the one id rule, `parseId`); blank is no filter. */
export const idFilter = (message: string = t.invalid) =>
  z.preprocess((value) => {
    const present = emptyToUndefined(value);
    if (present === undefined) return undefined;
    return parseId(present) ?? Number.NaN;
  }, z.number({ error: message }).int({ error: message }).optional());

/** A Japan-time day, YYYY-MM-DD; blank is no filter. */
export const dayFilter = (message: string) =>
  z.preprocess(emptyToUndefined, z.string({ error: message }).refine(isValidYmd, { error: message }).optional());

/** since ≤ until when both are given (for `.refine(rangeInOrder, …)` on a schema with a date range). */
export const rangeInOrder = (q: { since?: string; until?: string }) => !q.since || !q.until || q.since <= q.until;
