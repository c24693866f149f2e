// What every render's page context starts with, besides the request's own values (server/vike.ts).

/**
 * `_pageId` as a plain property. Vike gives every page context that has no `_pageId` a getter of that name (the
 * deprecated alias of `pageId`), made for each render as a closure over the page context. V8 allocates the pair that
 * holds an accessor's getter in the old generation, where it stays until the next full collection even when dead,
 * and a scavenge treats every pointer from the old generation into the young one as live: through that pair, each
 * render's page context, with its HTML, its request and its response, was kept through scavenges and promoted. With
 * the property present, Vike defines no getter. Nothing reads `_pageId` (pages and hooks read `pageId`).
 */
export const PAGE_CONTEXT_DEFAULTS: { readonly _pageId: undefined } = { _pageId: undefined };
