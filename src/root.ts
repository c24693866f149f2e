// The composition root (ARCHITECTURE.md): env -> database (embedded PostgreSQL when DATABASE_URL is unset) -> ORM
// -> migrations under the advisory lock (optional) -> every service, built once, in dependency order (src/services.ts).
// The server, the CLI, the tests and the bench (through the server) all start here, so there is one way the app is
// assembled. `openDatabase` is the same root without the services, for what needs only the database (the CLI's
// export and db: commands): the services' modules load with createRoot, not with this file. Server-only.
import path from 'node:path';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { parseEnv, type Env } from './lib/env';
import { createLogger, type Logger } from './lib/logger';
import { initOrm, migrate, type DbTimeouts } from './lib/orm';
import { runningEmbeddedDatabase, SharedDatabaseError, startEmbeddedDatabase, type EmbeddedDatabase } from './lib/embedded-db';
import { Ctx, type Actor } from './lib/context';
import type { Services } from './services';

export type { Services };

/** PostgreSQL advisory lock key held while migrating (boot and `db:migrate`), so processes migrate one at a time. */
const MIGRATION_LOCK_KEY = 727001;

/** The app's database timeouts (docs/operations.md): requests, jobs and commands. */
export function dbTimeouts(env: Env): DbTimeouts {
  return {
    acquire: env.DATABASE_ACQUIRE_TIMEOUT_MS,
    statement: env.DATABASE_STATEMENT_TIMEOUT_MS,
    lock: env.DATABASE_LOCK_TIMEOUT_MS,
    idleInTransaction: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * Migrations under an advisory lock on one dedicated connection, so processes starting together migrate once. They
 * run on an ORM of their own without the app's statement and lock timeouts (a migration may rewrite a large table).
 */
export async function migrateLocked(databaseUrl: string): Promise<number> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const orm = await initOrm(databaseUrl, { pool: 1 });
    try {
      return await migrate(orm);
    } finally {
      await orm.close(true);
    }
  } finally {
    await lock.end(); // ending the session releases the lock
  }
}

/** The embedded cluster's database (server, CLI and tests alike). */
const EMBEDDED_DATABASE = 'marketplace';

export interface RootOptions {
  /** Parsed environment; default: parseEnv(process.env) (throws EnvError naming the variable). */
  env?: Env;
  log?: Logger;
  /** Overrides env.DATABASE_URL (tests: their own cloned database). */
  databaseUrl?: string;
  /** Apply pending migrations under the advisory lock before building the services. */
  migrate?: boolean;
  /** ORM connection pool size (default: DATABASE_POOL_MAX). */
  pool?: number;
  /**
   * Without DATABASE_URL: connect to the embedded database another live process (a running server) already runs on
   * DATA_DIR instead of refusing the folder (the CLI beside `npm start`). That process keeps it; close() leaves it.
   */
  shareRunningEmbedded?: boolean;
}

/** The root without its services: what `openDatabase` returns. */
export interface DatabaseRoot {
  env: Env;
  log: Logger;
  orm: MikroORM;
  databaseUrl: string;
  /** The embedded PostgreSQL this root started, or null (DATABASE_URL, or one shared with another process). */
  embedded: EmbeddedDatabase | null;
  /** The embedded database of another process this root connected to (shareRunningEmbedded), or null. */
  shared: { port: number; ownerPid: number } | null;
  /** How many migrations ran (0 unless options.migrate). */
  migrated: number;
  /**
   * A context with its own EntityManager fork: one per request, per command, per job. The fork is made when `em` is
   * first read, and the logger (which may be given as a function, a request's: server/middleware/request-log.ts)
   * when `log` is first read (src/lib/context.ts).
   */
  context(actor: Actor, ctxLog?: Logger | (() => Logger)): Ctx;
  /** Closes the ORM and stops the embedded PostgreSQL, if any. Idempotent. */
  close(): Promise<void>;
}

export interface Root extends DatabaseRoot {
  services: Services;
  /** Closes the services' transports, the ORM and the embedded PostgreSQL, if any. Idempotent. */
  close(): Promise<void>;
}

/** Env, database, ORM and migrations (when asked), without the services. */
export async function openDatabase(options: RootOptions = {}): Promise<DatabaseRoot> {
  const env = options.env ?? parseEnv();
  const log = options.log ?? createLogger(env.LOG_LEVEL);
  let embedded: EmbeddedDatabase | null = null;
  let shared: DatabaseRoot['shared'] = null;
  let databaseUrl = options.databaseUrl ?? env.DATABASE_URL;
  const dir = `${env.DATA_DIR}/pg`;
  if (!databaseUrl) {
    const running = options.shareRunningEmbedded ? runningEmbeddedDatabase(dir, EMBEDDED_DATABASE) : null;
    if (running) {
      shared = { port: running.port, ownerPid: running.ownerPid };
      databaseUrl = running.url;
    } else {
      embedded = await startEmbeddedDatabase({ dir, database: EMBEDDED_DATABASE });
      databaseUrl = embedded.url;
      log.info({ created: embedded.created, port: embedded.port }, 'embedded PostgreSQL started');
    }
  }
  let orm: MikroORM;
  let migrated = 0;
  try {
    orm = await initOrm(databaseUrl, {
      pool: options.pool ?? env.DATABASE_POOL_MAX,
      timeouts: dbTimeouts(env),
      // Tests and development fail on a second acquire inside a transaction; production logs it (src/lib/transaction.ts).
      guard: env.NODE_ENV === 'production' ? 'log' : 'throw',
      warn: (error) => log.error({ err: error }, 'second connection inside a transaction'),
    });
    // The shared database is checked at once: its owner may be stopping.
    if (shared) await orm.em.execute('SELECT 1');
  } catch (error) {
    await embedded?.stop();
    if (shared) throw new SharedDatabaseError(path.resolve(dir), shared.port, shared.ownerPid, { cause: error });
    throw error;
  }
  try {
    if (options.migrate) migrated = await migrateLocked(databaseUrl);
  } catch (error) {
    await orm.close(true);
    await embedded?.stop();
    throw error;
  }
  if (migrated) log.info({ applied: migrated }, 'migrations applied');
  const fork = () => orm.em.fork();
  const context = (actor: Actor, ctxLog: Logger | (() => Logger) = log) => new Ctx(fork, orm.em, actor, ctxLog);
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await orm.close(true);
      await embedded?.stop();
    })());
  return { env, log, orm, databaseUrl, embedded, shared, migrated, context, close };
}

export async function createRoot(options: RootOptions = {}): Promise<Root> {
  const database = await openDatabase(options);
  let services: Services;
  try {
    const { buildServices } = await import('./services');
    services = buildServices({ orm: database.orm, env: database.env, log: database.log, context: database.context });
  } catch (error) {
    await database.close();
    throw error;
  }
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      services.mail.close();
      await database.close();
    })());
  return { ...database, services, close };
}
