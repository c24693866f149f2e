// Vike is mounted last: every GET not handled before renders a page (https://vike.dev/renderPage).
// Express 5 needs '/{*splat}' for a catch-all.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express, type Request } from 'express';
import { renderPage, createDevMiddleware } from 'vike/server';
import type { Services } from '#src/services';
import { publicCache, isAnonymous } from '#src/lib/ttl-cache';
import { consumeCompletion } from '#server/completion';

const root = fileURLToPath(new URL('..', import.meta.url));

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
}

export async function mountVike(app: Express, services: Services, options: { dev: boolean }): Promise<() => Promise<void>> {
  let close = async () => {};
  if (options.dev) {
    const { devMiddleware, viteServer } = await createDevMiddleware({ root });
    app.use(devMiddleware);
    close = () => viteServer.close();
  } else {
    // Hashed build assets never change: cache them for a year.
    app.use(
      '/assets',
      express.static(path.join(root, 'dist/client/assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
    );
    app.use(express.static(path.join(root, 'dist/client'), { index: false, maxAge: '1h' }));
  }

  // Signed-out renders are shared for PUBLIC_CACHE_SECONDS; only plain 200 pages are kept.
  const cache = publicCache<CachedPage | null>(services.env.PUBLIC_CACHE_SECONDS, (page) => page?.status === 200);

  async function render(req: Request): Promise<CachedPage | null> {
    const user = req.actor ? await services.users.me(req.ctx) : null;
    const pageContext = await renderPage({
      urlOriginal: req.originalUrl,
      headersOriginal: req.headers,
      user,
      services,
      ctx: req.ctx,
      consumeCompletion: (key: string) => consumeCompletion(req, key),
    });
    const { httpResponse } = pageContext;
    if (!httpResponse) return null;
    return { status: httpResponse.statusCode, headers: httpResponse.headers, body: await httpResponse.getBody() };
  }

  app.get('/{*splat}', async (req, res, next) => {
    const shared = cache !== null && !req.actor && isAnonymous(req.headers.cookie);
    const page = shared ? await cache.get(`${req.hostname}${req.originalUrl}`, () => render(req)) : await render(req);
    if (!page) return next();
    for (const [name, value] of page.headers) res.setHeader(name, value);
    // Pages can carry per-user content: never let a shared cache (CDN, proxy) keep them.
    res.setHeader('Cache-Control', 'private, no-cache');
    res.status(page.status).send(page.body);
  });
  return close;
}
