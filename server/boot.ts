// Boot: env -> database (embedded or DATABASE_URL) -> migrations -> demo data (embedded only, when empty)
// -> services -> app -> listen; graceful shutdown on SIGTERM/SIGINT.
import type { Server } from 'node:http';
import pg from 'pg';
import { parseEnv, EnvError, type Env } from '#src/lib/env';
import { createLogger } from '#src/lib/logger';
import { initOrm, migrate, type MikroORM } from '#src/lib/orm';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '#src/lib/embedded-db';
import { createServices, type Services } from '#src/services';
import { createApp } from './app';
import { startWorkers } from '#src/modules/mail/mail.worker';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#seeds/demo-accounts';
import { isDatabaseEmpty, seedDemo } from '#seeds/demo';

export interface Running {
  env: Env;
  orm: MikroORM;
  services: Services;
  server: Server;
  url: string;
  shutdown(): Promise<void>;
}

/** Migrations under an advisory lock on one dedicated connection, so processes starting together migrate once. */
async function migrateLocked(orm: MikroORM, databaseUrl: string): Promise<number> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(727001)');
    return await migrate(orm);
  } finally {
    await lock.end(); // ending the session releases the lock
  }
}

export async function boot(options: { pages: 'dev' | 'production' }): Promise<Running> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(env.LOG_LEVEL);

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase({ dir: `${env.DATA_DIR}/pg`, database: 'marketplace' });
    databaseUrl = embedded.url;
    log.info({ created: embedded.created }, 'embedded PostgreSQL started');
  }

  const orm = await initOrm(databaseUrl);
  const applied = await migrateLocked(orm, databaseUrl);
  if (applied) log.info({ applied }, 'migrations applied');
  let seeded = false;
  // Demo data only on the embedded database, and only when it is empty; never on a DATABASE_URL database.
  if (embedded && (await isDatabaseEmpty(orm))) {
    await seedDemo(orm);
    seeded = true;
    log.info('demo data loaded');
  }

  const services = createServices({ orm, env, log });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  const { app, close } = await createApp({ services, pool, pages: options.pages });
  // Mail outbox delivery and the seat-hold sweeper (issue 4); safe to run in every process.
  const stopWorkers = env.DISABLE_WORKERS === '1' ? null : startWorkers(services);

  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(env.PORT, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = env.APP_URL ?? `http://localhost:${port}`;

  let stopping: Promise<void> | null = null;
  const shutdown = () =>
    (stopping ??= (async () => {
      log.info('shutting down: finishing requests in flight');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await stopWorkers?.();
      await close();
      await pool.end();
      await orm.close(true);
      if (embedded) await embedded.stop();
      log.info('stopped');
    })());

  if (embedded || seeded) {
    const lines = [
      '',
      `  たびとこ is running: ${url}`,
      '',
      `  Demo accounts (password: ${DEMO_PASSWORD})`,
      ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(26)} ${a.label}`),
      '',
    ];
    console.log(lines.join('\n'));
  } else {
    log.info({ url }, 'listening');
  }
  return { env, orm, services, server, url, shutdown };
}

export function handleSignals(running: Running): void {
  const stop = (signal: string) => {
    running.services.log.info({ signal }, 'signal received');
    running.shutdown().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
