// The key of a shared signed-out page render (server/vike.ts), issue 16: a page is keyed by the query parameters it
// reads, so a unique query string (?utm_source=…, ?r=123) cannot bypass the cache or fill it. Pages listed here read
// no query parameter at all (checked: their +data/+Page/+Head and the Layout read only routeParams and the path);
// every other page keeps all its parameters, sorted. A page that starts reading a parameter must leave this list.
// Server-only.

/** Paths of pages whose render reads no query parameter. */
const PARAMETERLESS_PAGES: RegExp[] = [
  /^\/$/,
  /^\/stories\/\d+$/,
  /^\/stories\/\d+\/calendars$/,
  /^\/users\/\d+$/,
  /^\/ambassadors\/\d+$/,
  /^\/brands\/\d+$/,
  /^\/communities\/\d+$/,
];

/** The normalised URL (path + the parameters the page reads, sorted) that identifies a shared render. */
export function pageCacheKey(urlOriginal: string): string {
  const url = new URL(urlOriginal, 'http://cache.invalid');
  const path = url.pathname;
  if (PARAMETERLESS_PAGES.some((pattern) => pattern.test(path))) return path;
  const params = [...url.searchParams].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return params.length === 0 ? path : `${path}?${new URLSearchParams(params).toString()}`;
}
