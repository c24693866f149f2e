// createApp(deps) builds the Express app without listening, so tests and benchmarks use the same app.
import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type pg from 'pg';
import type { Services } from '../src/services';
import { errorHandler, apiNotFound } from './middleware/errors';
import { contextMiddleware } from './middleware/context';
import { sameOrigin } from './middleware/same-origin';
import { sessionsRoutes } from './api/v1/sessions.routes';
import { mountVike } from './vike';

export interface AppDeps {
  services: Services;
  /** Pool for the session store. */
  pool: pg.Pool;
  /** Mount the pages (Vike). Tests of the API alone leave it off. */
  pages?: false | 'dev' | 'production';
}

export interface App {
  app: Express;
  close(): Promise<void>;
}

const DEV_SECRET = 'development-only-session-secret-change-me';

export async function createApp(deps: AppDeps): Promise<App> {
  const { services, pool } = deps;
  const { env, log } = services;
  const production = env.NODE_ENV === 'production';
  const app = express();
  app.disable('x-powered-by');
  // Behind the platform's router (one proxy hop) req.ip and req.secure come from X-Forwarded-*.
  app.set('trust proxy', 1);

  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url?.startsWith('/assets/') ?? false },
      // Lean request lines: the request id, method, path and status are what operators search by.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    }),
  );

  app.use(
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
  );

  const PgStore = connectPgSimple(session);
  app.use(
    session({
      name: 'sid',
      store: new PgStore({ pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: production ? 900 : false }),
      secret: env.SESSION_SECRET ?? DEV_SECRET,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      cookie: { httpOnly: true, sameSite: 'lax', secure: production, maxAge: 1000 * 60 * 60 * 24 * 30 },
    }),
  );

  app.use(contextMiddleware(services));

  const api = express.Router();
  api.use(express.json({ limit: '200kb' }));
  api.use(sameOrigin);
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use('/v1', sessionsRoutes(services));
  api.use(apiNotFound);
  app.use('/api', api);

  let closePages = async () => {};
  if (deps.pages) closePages = await mountVike(app, services, { dev: deps.pages === 'dev' });

  app.use(errorHandler);

  return {
    app,
    async close() {
      await closePages();
    },
  };
}
