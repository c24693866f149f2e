// The one id rule, without zod: pages import it for their guards and data hooks (which ran in the browser
// too under client routing), and validate.ts brings zod with it. validate.ts re-exports both. Isomorphic.

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647;

/** The largest ?page= a list accepts (the API answers 422 above it; a page's URL falls back to page 1). */
export const MAX_LIST_PAGE = 100_000;

/**
 * The one id rule (route parameters, query strings, CLI arguments, JSON fields): a positive integer that fits an
 * integer column, given as a number or as digits. Anything else is null.
 */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 && value <= MAX_ID ? value : null;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= MAX_ID ? n : null;
}

/**
 * An id inside a service's input: a number (pages' data hooks, the CLI, tests), its digits (path and query strings)
 * or null (not given). The service reads it with parseId / idFrom: a missing or malformed one is the resource's 404.
 */
export type IdInput = number | string | null;

/**
 * Full-width digits (０-９, as Japanese IMEs type them) become ASCII digits; nothing else is rewritten. Here, without
 * zod, so that the CLI's argument parsers may use it (validate.ts re-exports it).
 */
export function toHalfWidthDigits(value: string): string {
  return value.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}
