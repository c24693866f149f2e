// A fresh database (cloned from the migrated template) and a real app for one test file.
import pg from 'pg';
import { atFileEnd } from './file-end';
import { createTestDatabase } from './test-database';
import { parseEnv, type Env } from '#src/lib/env';
import { PRODUCTION_TEST_ENV } from '#tests/setup/built';
import type { Logger } from '#src/lib/logger';
import type { MikroORM } from '#src/lib/orm';
import { createRoot, type Services } from '#src/root';
import { createApp, type App } from '#server/app';
import type { Express } from 'express';

export interface TestApp {
  app: Express;
  orm: MikroORM;
  services: Services;
  env: Env;
  databaseUrl: string;
  /** The session store's pool (tests of the request path end it to prove a request never touches it). */
  pool: pg.Pool;
  /** The app's metrics (null without METRICS_TOKEN). */
  metrics: App['metrics'];
  /** What server/boot.ts calls when a shutdown begins (/readyz answers 503 from then on). */
  beginShutdown(): void;
  close(): Promise<void>;
}

/**
 * Builds the app on its own database; closed automatically after the file's tests. `options.log` replaces the
 * silent logger (a test that reads what the app logs passes a pino logger writing to a buffer); `options.assets`
 * is the folder of built assets to serve; `options.pages: 'production'` also serves the pages `npm run build` made.
 */
export async function setupTestApp(
  envOverrides: Record<string, string> = {},
  options: { log?: Logger; assets?: string; pages?: 'production' } = {},
): Promise<TestApp> {
  const databaseUrl = await createTestDatabase();
  // The tests stand behind one simulated proxy hop (TRUST_PROXY=1: X-Forwarded-For gives each request its client
  // address); a production app needs its APP_URL and the issuer and transfer-file variables (test values).
  const production = envOverrides.NODE_ENV === 'production' ? { APP_URL: 'https://tabitoko.example', ...PRODUCTION_TEST_ENV } : {};
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent',
    DISABLE_WORKERS: '1',
    PUBLIC_CACHE_SECONDS: '0',
    TRUST_PROXY: '1',
    ...production,
    ...envOverrides,
  });
  const root = await createRoot({ env, databaseUrl, pool: envOverrides.DATABASE_POOL_MAX ? undefined : 10, log: options.log });
  const { orm, services } = root;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const built = await createApp({ services, orm, pool, pages: options.pages ?? false, assets: options.assets });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await built.close();
    if (!pool.ended) await pool.end();
    // A test that ended the ORM's pool itself (the database gone, tests/api/health.test.ts) has done that part.
    if ((await orm.em.getConnection().getNativeClient()).ended) services.mail.close();
    else await root.close();
  };
  atFileEnd(close);
  return { app: built.app, orm, services, env, databaseUrl, pool, metrics: built.metrics, beginShutdown: built.beginShutdown, close };
}
