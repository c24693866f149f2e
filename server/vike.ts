// Vike is mounted last: every GET not handled before renders a page (https://vike.dev/renderPage).
// Express 5 needs '/{*splat}' for a catch-all.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Express, Request } from 'express';
import { renderPage, createDevMiddleware } from 'vike/server';
import type { Services } from '#src/root';
import { publicCache } from '#src/lib/ttl-cache';
import { pageCacheKey } from '#src/lib/page-cache-key';
import { consumeCompletion } from '#server/completion';
import expressStaticGzip from 'express-static-gzip';
import { type LateParts, pageBytes } from '#server/inline-css';
import { serverOnlyPart } from '#src/components/server-html';
import { type KeptBody, sendKept } from '#server/compress';
import { projectRoot as root } from '#src/lib/project-root';
import { pageServices } from '#server/page-services';
import { RETRY_AFTER_SECONDS } from '#server/middleware/errors';
import { readAhead } from '#server/read-ahead';

/** A render; a shared one keeps its compressed copies (`encoded`, KeptBody) until the page expires. */
interface CachedPage extends KeptBody {
  status: number;
  /** Vike's id of the page that answered: the route label of the request metrics (server/metrics.ts). */
  pageId: string | null;
  headers: [string, string][];
  /** The HTML as bytes. */
  body: Buffer;
  /**
   * A shared render's ETag, hashed once for every later visitor. A render of one's own has none: it carries the
   * visitor's state and, on most pages, the server's clock, so a revalidation could almost never match, and hashing
   * its whole body on every render cost more than it could save.
   */
  etag?: string;
}

/**
 * What the shared renders may hold together: a page weighs its HTML plus room for its brotli and gzip copies (made
 * later, at their first request; HTML compresses to well under half its size), so 16 MB keeps about a hundred
 * pages of 60–80 kB, the hot ones within a few seconds' TTL.
 */
const PAGE_CACHE_LIMITS = {
  maxEntries: 500,
  maxBytes: 16 * 1024 * 1024,
  sizeOf: (page: CachedPage | null) => (page ? page.body.length * 2 : 0),
};

/** A weak ETag in the form Express's default makes (length and SHA-1 of the bytes); 304s still come from res.send. */
function weakEtag(body: Buffer): string {
  return `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`;
}

/**
 * Whether this request's render may differ from a signed-out visitor's: a signed-in account on either door, or a
 * completion flag the page may consume (server/completion.ts). Only a session the store loaded can hold those: the
 * session middleware reads one only for a cookie signed with SESSION_SECRET that names a live row, so a junk or
 * unknown `sid` cookie gets the shared render like no cookie at all.
 */
function rendersForWhoAsks(req: Request): boolean {
  if (req.actor || req.ctx.actor.kind !== 'guest') return true;
  const flags = req.session?.flags;
  return flags !== undefined && Object.values(flags).some(Boolean);
}

/** The built client (hashed assets under assets/, public files such as the favicon at its root). */
const CLIENT_DIR = path.join(root, 'dist/client');

/**
 * Static files: mounted BEFORE the session and context middleware (server/app.ts), so an asset request of a signed-in
 * user never reads the session store or the user (no PostgreSQL at all). Development: Vite's middleware (it serves
 * modules and public files and passes every other request on). Returns what closes it.
 */
export async function mountAssets(app: Express, options: { dev: boolean; clientDir?: string }): Promise<() => Promise<void>> {
  if (options.dev) {
    const { devMiddleware, viteServer } = await createDevMiddleware({ root });
    app.use(devMiddleware);
    return () => viteServer.close();
  }
  const dir = options.clientDir ?? CLIENT_DIR;
  // Hashed build assets never change: cache them for a year; an unknown /assets/ file is a plain 404.
  // Each file is sent as its build-time brotli/gzip sibling (vite.config.ts) when the browser accepts one, brotli
  // first as for every other answer (server/compress.ts).
  const staticFiles = (folder: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions['serveStatic']) =>
    expressStaticGzip(folder, { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false, serveStatic });
  app.use('/assets', staticFiles(path.join(dir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  // The public files (the favicon …) all have an extension: pages and API paths never do, so they skip the file
  // lookup (a stat per request).
  const publicFiles = staticFiles(dir, { index: false, maxAge: '1h' });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
  return async () => {};
}

/** The one line of Vike's warning about pages/+onBeforeRoute.ts returning a pageId (see below). */
const ROUTING_OVERRIDE_WARNING = "which means that Vike's routing is overridden";

/**
 * Vike warns once per process that pages/+onBeforeRoute.ts "sets pageContext.pageId which means that Vike's routing is
 * overridden. This is an experimental feature". It is deliberate and measured, kept until Vike caches its parsed
 * Route Strings (docs/decisions/routing.md, with the fix proposed to Vike): the hook matches the routes compiled once
 * and answers only when exactly one route matches, so the page is always the one Vike's router would have picked, and
 * src/lib/isomorphic/route-table.ts's tests hold it to that. Vike has no setting to acknowledge it, so that one warning
 * is dropped from console.warn; every other line passes unchanged.
 */
function acknowledgeRoutingOverride(): void {
  const warn = console.warn;
  if ((warn as { acknowledgesRoutingOverride?: true }).acknowledgesRoutingOverride) return;
  const filtered = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes(ROUTING_OVERRIDE_WARNING)) return;
    warn.apply(console, args);
  };
  console.warn = Object.assign(filtered, { acknowledgesRoutingOverride: true as const });
}

/** What a render leaves for its answer beside Vike's document. */
export interface PageAnswer {
  /** The status a page's hook asked its answer to have (`request.answerWith`); none: Vike's own. */
  status?: number;
  /** The page's HTML from React's render, out of Vike's document (`request.keepPageHtml`). */
  pageHtml?: string;
}

/**
 * What the server puts into a render's page context (Vike's `renderPage` argument; the types are in pages/vike.d.ts).
 * Its top-level properties are few on purpose, and server/vike.test.ts lists them: Vike copies every property of the
 * page context several times per render, and one property more made those copies allocate measurably more
 * (docs/decisions/page-render.md). The request's own parts travel in `request`.
 */
export function pageContextInit(
  req: Request,
  parts: {
    urlOriginal: string;
    user: Vike.PageContext['user'];
    services: Services;
    readAhead: Vike.PageContextServer['request']['readAhead'];
    /** Where `answerWith` leaves the status the page is answered with, and `keepPageHtml` the page's HTML. */
    answer: PageAnswer;
  },
) {
  // The request part typed by its declaration (pages/vike.d.ts), so what the hooks read and what is put here cannot
  // drift apart.
  const request: Vike.PageContextServer['request'] = {
    consumeCompletion: (key: string) => consumeCompletion(req, key),
    currentSession: { current_session_id: req.sessionID ?? '', current_device: req.session?.device ?? null },
    readAhead: parts.readAhead,
    answerWith: (status) => {
      parts.answer.status = status;
    },
    keepPageHtml: (html) => {
      parts.answer.pageHtml = html;
    },
  };
  return {
    // `_pageId` as a plain property: Vike gives a page context without one a getter of that name (the deprecated
    // alias of `pageId`), a closure over the page context made for each render. V8 allocates the pair holding an
    // accessor in the old generation, where it stays until the next full collection even when dead, and a scavenge
    // treats every pointer from the old generation into the young one as live: through it each render's page
    // context, HTML, request and response survived scavenges and were promoted. Nothing here reads `_pageId`.
    _pageId: undefined,
    urlOriginal: parts.urlOriginal,
    headersOriginal: req.headers,
    user: parts.user,
    services: parts.services,
    ctx: req.ctx,
    request,
  };
}

/**
 * The pages (after the session and context middleware): every GET not handled before renders a page. With the
 * production build, each page's stylesheets are inlined into its HTML; a page's late parts are written in with them
 * (server/inline-css.ts).
 */
export async function mountVike(app: Express, services: Services, options: { production?: boolean } = {}): Promise<void> {
  acknowledgeRoutingOverride();
  const toBytes = pageBytes(options.production ? CLIENT_DIR : null);
  // The pages' hooks see a busy database as a 503 page (server/page-services.ts).
  const servicesForPages = pageServices(services);
  const readFor = readAhead(options.production === true);
  // Signed-out renders are shared for PUBLIC_CACHE_SECONDS; only plain 200 pages are kept, within a byte budget
  // (the bodies are Buffers, outside V8's heap limit, so only this budget bounds them).
  const cache = publicCache<CachedPage | null>(services.env.PUBLIC_CACHE_SECONDS, (page) => page?.status === 200, PAGE_CACHE_LIMITS);

  /** Renders the page; a shared render is made for its normalised key (`url`) and gets an ETag. */
  async function render(req: Request, shared: { url: string } | null): Promise<CachedPage | null> {
    // The context middleware read the user with the session (one statement); `me` only if something replaced it.
    const user = req.actor ? (req.currentUser ?? (await services.users.me(req.ctx, {}))) : null;
    // The page's data before the render, when the page names a read (server/read-ahead.ts): while the request waits
    // for PostgreSQL, no page context exists yet.
    const readAhead = await readFor(req.path, { services: servicesForPages, ctx: req.ctx });
    const answer: PageAnswer = {};
    const pageContext = await renderPage(
      pageContextInit(req, { urlOriginal: shared?.url ?? req.originalUrl, user, services: servicesForPages, readAhead, answer }),
    );
    const { httpResponse } = pageContext;
    if (!httpResponse) return null;
    // A page that refused its URL's input is answered with the hook's status; an error page keeps Vike's.
    const status = httpResponse.statusCode === 200 && answer.status ? answer.status : httpResponse.statusCode;
    const late = serverOnlyPart<{ lateHtml?: LateParts }>(pageContext)?.lateHtml;
    const body = toBytes(await httpResponse.getBody(), late, answer.pageHtml);
    const etag = shared ? weakEtag(body) : undefined;
    return { status, pageId: pageContext.pageId ?? null, headers: httpResponse.headers, body, etag };
  }

  app.get('/{*splat}', async (req, res, next) => {
    const shared = cache !== null && !rendersForWhoAsks(req);
    // Keyed by the path and the query parameters the page reads (src/lib/page-cache-key.ts), never by the
    // request's host (a page's links come from APP_URL). The shared render is made for that key, so it
    // never carries another visitor's extra parameters (e.g. in the sign-in link's redirect).
    let page: CachedPage | null;
    if (shared) {
      const key = pageCacheKey(req.originalUrl);
      page = await cache.get(key, () => render(req, { url: key }));
    } else {
      page = await render(req, null);
    }
    if (!page) return next();
    res.locals.routePattern = page.pageId ?? 'none';
    for (const [name, value] of page.headers) res.setHeader(name, value);
    // Pages can carry per-user content: never let a shared cache (CDN, proxy) keep them. The busy page (503, never
    // kept by the public cache either) is not stored at all, and says when to ask again, like the API's 503.
    if (page.status === 503) {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
    } else res.setHeader('Cache-Control', 'private, no-cache');
    // A shared render's ETag (Express makes none: server/app.ts); res.send still answers 304 when it matches.
    if (page.etag) res.setHeader('ETag', page.etag);
    // A shared render is compressed once per encoding for every later visitor: compressing 60 KB of HTML on each
    // hit cost about as much as serving it. A render of one's own is compressed as it is sent (server/compress.ts).
    if (shared) sendKept(res.status(page.status), page);
    else res.status(page.status).send(page.body);
  });
}
