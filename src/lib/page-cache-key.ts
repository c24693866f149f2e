// The key of a shared signed-out page render (server/vike.ts): a page is keyed by its path and the query
// parameters it reads, so a unique query string (?utm_source=…, ?r=123, an unknown name on /stories) cannot bypass
// the cache or fill it. Every parameter not listed for the page is dropped, and the render is made for the key (the
// page never sees a dropped parameter). A page that starts reading a parameter must be listed here with it:
// `page-cache-key.test.ts` reads the pages' sources and fails for a `search.<name>` the table does not keep.
// Server-only.
import { STORIES_QUERY_KEYS } from '#src/modules/experiences/experiences.shared';

/** The pages that read query parameters, with the names each reads (any other page reads none). */
const PAGE_PARAMETERS: [RegExp, readonly string[]][] = [
  // The list and search, and the chip routes (the same search with one filter pre-set); `state[]` repeats.
  [/^\/stories(?:\/(?:location|category|theme)\/[^/]+)?$/, [...STORIES_QUERY_KEYS, 'state[]']],
  [/^\/(?:brands|ambassadors|reviews\/\d+|host\/reviews)$/, ['page']],
  [/^\/logon$/, ['redirect', 'mode']],
  [/^\/(?:brand\/)?password_reset$/, ['reset_password_token']],
  [/^\/(?:email_change\/(?:confirm|undo)|email_verification)$/, ['token']],
  [/^\/brand\/sign_in$/, ['redirect']],
  [/^\/brand\/invitation$/, ['email', 'invitation_token']],
  // The portal's lists read their page and filters (src/modules/brand-portal/brand-portal.schemas.ts *_FILTER_NAMES).
  [/^\/brand\/community_applications$/, ['page', 'q', 'community_id', 'handled', 'since', 'until']],
  [/^\/brand\/communities\/\d+\/experience$/, ['page', 'held_at', 'q', 'ambassador_id']],
  [/^\/brand\/(?:communities|communities\/\d+\/ambassadors)$/, ['page']],
  // Pages for signed-in people: a signed-out render is the redirect to the sign-in, whose return URL keeps these.
  [/^\/reservations\/(?:new|complete)$/, ['tour_id', 'cid', 'confirm_reservation']],
  [/^\/reservations$/, ['scope', 'page']],
  [/^\/favorites$/, ['page']],
  [/^\/host\/reservations$/, ['scope', 'page', 'reservation', 'experience_id']],
  [/^\/host\/story$/, ['tab', 'page', 'drafts_page']],
  [/^\/host\/earnings$/, ['month', 'ambassador_id']],
  // The admin lists read their page and their filters (src/components/admin/ListFilters.tsx; each list's schema).
  [
    /^\/admin(?:\/.*)?$/,
    [
      'page',
      'kind',
      'q',
      'resolved',
      'subject',
      'since',
      'until',
      'brand_id',
      'published',
      'waiting',
      'active',
      'community_id',
      'handled',
      'number',
      'status',
      'slot_since',
      'slot_until',
      'booked_since',
      'booked_until',
      'role',
      'left',
      'entity',
    ],
  ],
];

/** The normalised URL (path + the parameters the page reads, sorted) that identifies a shared render. */
export function pageCacheKey(urlOriginal: string): string {
  const url = new URL(urlOriginal, 'http://cache.invalid');
  const path = url.pathname;
  const read = PAGE_PARAMETERS.find(([pattern]) => pattern.test(path))?.[1];
  if (!read) return path;
  const params = [...url.searchParams]
    .filter(([name]) => read.includes(name))
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return params.length === 0 ? path : `${path}?${new URLSearchParams(params).toString()}`;
}
