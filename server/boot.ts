// Boot: env -> database (embedded or DATABASE_URL) -> migrations -> demo data (embedded only, when empty)
// -> services -> app -> listen; graceful shutdown on SIGTERM/SIGINT.
import type { Server } from 'node:http';
import pg from 'pg';
import { parseEnvOrExit, publicBaseUrl, type Env } from '#src/lib/env';
import type { MikroORM } from '#src/lib/orm';
import { createRoot, type Services } from '#src/root';
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

export async function boot(options: { pages: 'dev' | 'production' }): Promise<Running> {
  const env = parseEnvOrExit(1);
  // The composition root: embedded PostgreSQL unless DATABASE_URL, migrations under the advisory lock, services.
  // A failed start (the database folder held by another server, PostgreSQL not starting, a migration failing) prints
  // the reason and exits non-zero: a platform or a script must never read it as success (issue 14 #9).
  const root = await createRoot({ env, migrate: true }).catch((error: unknown) => {
    console.error(`たびとこ could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  const { orm, log, services, embedded, databaseUrl } = root;
  let seeded = false;
  // Demo data only on the embedded database, and only when it is empty; never on a DATABASE_URL database.
  if (embedded && (await isDatabaseEmpty(orm))) {
    await seedDemo(orm);
    seeded = true;
    log.info('demo data loaded');
  }

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  const { app, close } = await createApp({ services, pool, pages: options.pages });
  // Mail outbox delivery and the seat-hold sweeper (issue 4); safe to run in every process.
  const stopWorkers = env.DISABLE_WORKERS === '1' ? null : startWorkers(services);

  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(env.PORT, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = publicBaseUrl({ APP_URL: env.APP_URL, PORT: port });

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
      await root.close();
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

/** Shorter than the platform's 30 s between SIGTERM and SIGKILL, so that the process exits on its own terms. */
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * A platform signals the whole process group: node gets SIGTERM from the platform and again from npm, which forwards
 * it. A second signal must not end the process with requests in flight (the default action once a `once` handler
 * is used up), so every signal is handled, and only the first starts the shutdown. Requests already received
 * finish; after SHUTDOWN_GRACE_MS the remaining connections are cut and the process exits 1.
 */
export function handleSignals(running: Running): void {
  let stopping = false;
  const stop = (signal: string) => {
    running.services.log.info({ signal }, 'signal received');
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      running.services.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown grace period over: closing the remaining connections');
      running.server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    running.shutdown().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
