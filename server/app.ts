// createApp(deps) builds the Express app without listening, so tests and benchmarks use the same app.
import express, { type Express } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import type pg from 'pg';
import type { Services } from '#src/root';
import type { MikroORM } from '#src/lib/orm';
import { errorHandler, apiNotFound, isApiPath } from './middleware/errors';
import { contextMiddleware } from './middleware/context';
import { createSessionStore } from './session-store';
import { sameOrigin } from './middleware/same-origin';
import { cleanBody, cleanUrl } from './middleware/clean-input';
import { seoRoutes } from './seo.routes';
import { uploadsServeRoutes } from './uploads-serve.routes';
import { apiDocsRoutes } from './api/v1/openapi.routes';
import { mountBrandRoutes, mountV1Routes, mountWebhookRoutes } from './api/api-routes';
import { mountAssets, mountVike } from './vike';
import { isAnonymous } from '#src/lib/ttl-cache';
import { compressAnswers } from './compress';
import { mountRequestLog } from './middleware/request-log';
import { staticHeaders } from './middleware/static-headers';
import { healthRoutes } from './health';
import { createMetrics, metricsRoutes, type Metrics } from './metrics';
import { pageGate } from './page-gate';

const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD';

export interface AppDeps {
  services: Services;
  /** The ORM the services run on (/readyz asks its pool and its migrator). */
  orm: MikroORM;
  /** Pool for the session store. */
  pool: pg.Pool;
  /** Mount the pages (Vike). Tests of the API alone leave it off. */
  pages?: false | 'dev' | 'production';
  /**
   * Serve the built client's static files (default: with production pages). A folder serves that folder instead of
   * dist/client (tests of the request path).
   */
  assets?: boolean | string;
}

export interface App {
  app: Express;
  /** The metrics of this app (null without METRICS_TOKEN): the workers report their jobs to it. */
  metrics: Metrics | null;
  /** From now on /readyz answers 503, so the platform's router stops sending (server/boot.ts calls it first). */
  beginShutdown(): void;
  close(): Promise<void>;
}

const DEV_SECRET = 'development-only-session-secret-change-me';

export async function createApp(deps: AppDeps): Promise<App> {
  const { services, pool } = deps;
  const { env, log } = services;
  const production = env.NODE_ENV === 'production';
  const app = express();
  app.disable('x-powered-by');
  // No ETag hashing of every answer: API answers are no-store, and a page sets its own (computed once per render,
  // server/vike.ts); static files have theirs from the file.
  app.set('etag', false);
  // req.ip and req.secure come from X-Forwarded-* only across the configured number of proxy hops (TRUST_PROXY:
  // 1 behind the platform's router in production, 0 elsewhere), so a client cannot choose its own IP.
  app.set('trust proxy', env.TRUST_PROXY);

  // At most as many page requests at once as the pool has connections; the others wait before the session middleware
  // (server/page-gate.ts, mounted below), at most as long as a request waits for a connection.
  const gate = deps.pages ? pageGate({ limit: env.DATABASE_POOL_MAX, waitMs: env.DATABASE_ACQUIRE_TIMEOUT_MS }) : null;
  // Every request counted and timed when metrics are on (server/metrics.ts); then the health probes and the scrape:
  // no log line, no session, no page cache (server/health.ts).
  const metrics = env.METRICS_TOKEN ? createMetrics({ orm: deps.orm, sessionPool: pool, token: env.METRICS_TOKEN, pageGate: gate }) : null;
  metrics?.mount(app);
  const lifecycle = { stopping: false };
  const probes = express.Router();
  healthRoutes(probes, deps.orm, lifecycle);
  metricsRoutes(probes, metrics);
  app.use(probes);

  mountRequestLog(app, log);

  // Helmet's headers do not depend on the request (no nonces): they are worked out once and then set as a list,
  // instead of running helmet's dozen middlewares on every request.
  app.use(
    staticHeaders(
      helmet({
        contentSecurityPolicy: production
          ? {
              directives: {
                defaultSrc: ["'self'"],
                scriptSrc: ["'self'", 'https://js.stripe.com'],
                frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
                connectSrc: ["'self'", 'https://api.stripe.com'],
                imgSrc: ["'self'", 'data:', 'https:'],
                styleSrc: ["'self'", "'unsafe-inline'"],
              },
            }
          : false,
        crossOriginEmbedderPolicy: false,
      }),
    ),
  );

  // Static files (built assets, favicon, public files) come before everything that touches the database.
  let closeAssets = async () => {};
  const assets = deps.assets ?? (deps.pages === 'production' || deps.pages === 'dev');
  if (assets) {
    closeAssets = await mountAssets(app, {
      dev: deps.pages === 'dev',
      clientDir: typeof assets === 'string' ? assets : undefined,
    });
  }

  // Every answer the app makes (pages, the API, the sitemap) is compressed whole, in the encoding one rule picks
  // (server/compress.ts); static files were compressed at build time and are served as they are (mountAssets above).
  app.use(compressAnswers);

  // Malformed escapes and text PostgreSQL cannot hold (NUL, lone surrogates) in the path or query: refused here,
  // once, before anything reads them (422 for the APIs, the Japanese 400 page for pages).
  app.use(cleanUrl);

  // Uploaded images need no session: served before it (one query per image). robots.txt and sitemap.xml: public, no
  // session (one query for the sitemap). One router: any other path is tested against its few routes and passes on.
  const publicFiles = express.Router();
  uploadsServeRoutes(publicFiles, services);
  seoRoutes(publicFiles, services);
  app.use(publicFiles);

  const sessions = session({
    name: 'sid',
    // A request's session is read with its marketplace user in one statement (server/session-store.ts).
    store: createSessionStore({ pool, config: deps.orm.config, prune: production }),
    secret: env.SESSION_SECRET ?? DEV_SECRET,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: production, maxAge: 1000 * 60 * 60 * 24 * 30 },
  });
  // Page requests take their turn here, before anything of theirs is read or built; the APIs' calls do not.
  if (gate) app.use((req, res, next) => (isSafeMethod(req.method) && !isApiPath(req.path) ? gate.middleware(req, res, next) : next()));

  // A GET without the session cookie can neither read nor start a session (every handler that writes one is a
  // POST/PUT/DELETE), so it skips the session machinery, which costs about a quarter of a cached request.
  app.use((req, res, next) => (isSafeMethod(req.method) && isAnonymous(req.headers.cookie) ? next() : sessions(req, res, next)));

  app.use(contextMiddleware(services));

  const api = express.Router();
  // The Stripe webhook reads its raw body and comes from Stripe's servers: before the JSON parser and the origin check.
  const webhook = express.Router();
  mountWebhookRoutes(webhook, services, { webhookHandled: metrics?.webhookHandled });
  api.use('/v1', webhook);
  api.use(express.json({ limit: '200kb' }));
  api.use(cleanBody);
  api.use(sameOrigin);
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Every /api/v1 route on one router, in the order of server/api/api-routes.ts: Express tests a request against the
  // routes one after another inside it, without leaving the router between two areas' routes.
  const v1 = express.Router();
  mountV1Routes(v1, services);
  api.use('/v1', v1);
  api.use(apiDocsRoutes());
  api.use(apiNotFound);
  app.use('/api', api);

  // The brand portal's calls: the same JSON, origin check, no-store and error shapes as /api; the context
  // middleware gives these paths only the portal session's actor.
  const brandApi = express.Router();
  brandApi.use(express.json({ limit: '200kb' }));
  brandApi.use(cleanBody);
  brandApi.use(sameOrigin);
  brandApi.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const portal = express.Router();
  mountBrandRoutes(portal, services);
  brandApi.use('/v1', portal);
  brandApi.use(apiNotFound);
  app.use('/brand/api', brandApi);

  if (deps.pages) await mountVike(app, services, { production: deps.pages === 'production' });

  app.use(errorHandler);

  return {
    app,
    metrics,
    beginShutdown() {
      lifecycle.stopping = true;
    },
    async close() {
      await closeAssets();
    },
  };
}
