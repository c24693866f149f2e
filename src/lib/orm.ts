// MikroORM setup shared by server, CLI, tests and benchmarks (MikroORM guide: initORM()).
import type { Pool } from 'pg';
import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { entities } from './entities';
import { guardPool, type ConnectionGuardMode } from './transaction';
import { projectRoot as root } from './project-root';
import { DetachedClient } from './pg-client';

/**
 * Every wait bounded (milliseconds; 0: no limit, as for migrations): `acquire` for a pooled connection (pg-pool's
 * connectionTimeoutMillis: the request then answers 503), and PostgreSQL's own statement_timeout, lock_timeout and
 * idle_in_transaction_session_timeout, sent when each connection starts.
 */
export interface DbTimeouts {
  acquire: number;
  statement: number;
  lock: number;
  idleInTransaction: number;
}

/** No limits but the acquire: migrations and the release phase may rewrite large tables. */
export const MAINTENANCE_TIMEOUTS: DbTimeouts = { acquire: 30_000, statement: 0, lock: 0, idleInTransaction: 0 };

export interface OrmOptions {
  debug?: boolean;
  pool: number;
  /** Default: MAINTENANCE_TIMEOUTS (tests and tools); the app passes the environment's (dbTimeouts). */
  timeouts?: DbTimeouts;
  /** What a second acquire inside an open transaction does (src/lib/transaction.ts); default 'throw'. */
  guard?: ConnectionGuardMode;
  /** Where the guard's 'log' mode reports. */
  warn?: (error: Error) => void;
}

/**
 * The node-postgres pool options of the ORM's pool and the session store's: `timeouts` applied, and connections
 * opened outside the asking request's async context (DetachedClient).
 */
export function pgPoolOptions(timeouts: DbTimeouts) {
  return {
    Client: DetachedClient,
    connectionTimeoutMillis: timeouts.acquire,
    statement_timeout: timeouts.statement,
    lock_timeout: timeouts.lock,
    idle_in_transaction_session_timeout: timeouts.idleInTransaction,
  };
}

function ormConfig(clientUrl: string, options: OrmOptions) {
  const timeouts = options.timeouts ?? MAINTENANCE_TIMEOUTS;
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator, SeedManager],
    debug: options.debug ?? false,
    pool: { min: 0, max: options.pool },
    driverOptions: {
      ...pgPoolOptions(timeouts),
      onPoolCreated: (pool: Pool) => guardPool(pool, options.guard ?? 'throw', options.warn ?? (() => {})),
    },
    // The app never relies on implicit global-context usage: every request and command forks its own EntityManager.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    schemaGenerator: {
      // Tables created by hand-written migrations, not entities (Migration20261121000000_base, the published count of
      // Migration20261125100000_published_count, the communities' keyword bigrams of
      // Migration20261130110000_community_keyword_bigrams): without this the generated diff would drop them.
      skipTables: ['session', 'rate_limits', 'published_experience_count', 'password_reset_requests', 'community_keyword_bigrams'],
      // Hand-written triggers and functions live in migrations only (the experiences_search_text trigger
      // and tabitoko_search_norm, Migration20261123130000_search): without these the diff would drop them.
      ignoreTriggers: true,
      ignoreRoutines: true,
    },
    migrations: {
      path: `${root}/migrations`,
      glob: '!(*.d).{js,ts}',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
      emit: 'ts',
    },
    seeder: {
      path: `${root}/seeds`,
      glob: '!(*.d).{js,ts}',
      defaultSeeder: 'DatabaseSeeder',
      emit: 'ts',
    },
  });
}

/** `pool`: the most connections (a process's default is DATABASE_POOL_MAX, applied by createRoot). */
export async function initOrm(clientUrl: string, options: OrmOptions): Promise<MikroORM> {
  return MikroORM.init(ormConfig(clientUrl, options));
}

/** Applies pending migrations; returns how many ran. */
export async function migrate(orm: MikroORM): Promise<number> {
  const applied = await orm.migrator.up();
  return applied.length;
}

export { MikroORM };
