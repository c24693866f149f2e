// A fresh database (cloned from the migrated template) and a real app for one test file.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { parseEnv, type Env } from '#src/lib/env';
import { createLogger, type Logger } from '#src/lib/logger';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { createServices, type Services } from '#src/services';
import { createApp } from '#server/app';
import type { Express } from 'express';

export async function createTestDatabase(): Promise<string> {
  const base = inject('pgBaseUrl');
  const template = inject('pgTemplate');
  const name = `t_${process.env.VITEST_POOL_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  return `${base}/${name}`;
}

export interface TestApp {
  app: Express;
  orm: MikroORM;
  services: Services;
  env: Env;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * Builds the app on its own database; closed automatically after the file's tests. `options.log` replaces the
 * silent logger (a test that reads what the app logs passes a pino logger writing to a buffer).
 */
export async function setupTestApp(envOverrides: Record<string, string> = {}, options: { log?: Logger } = {}): Promise<TestApp> {
  const databaseUrl = await createTestDatabase();
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DISABLE_WORKERS: '1', PUBLIC_CACHE_SECONDS: '0', ...envOverrides });
  const log = options.log ?? createLogger(env.LOG_LEVEL);
  const orm = await initOrm(databaseUrl, { pool: 10 });
  const services = createServices({ orm, env, log });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const built = await createApp({ services, pool, pages: false });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await built.close();
    await pool.end();
    await orm.close(true);
  };
  afterAll(close);
  return { app: built.app, orm, services, env, databaseUrl, close };
}
