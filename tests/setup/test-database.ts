// A fresh database on the run's one embedded PostgreSQL (tests/setup/global-db.ts): for one test file or one browser
// test's server a clone of the template the global setup migrated, made in milliseconds (CREATE DATABASE … TEMPLATE);
// for a test of the migrations themselves an empty one.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** Creates a database named after the worker and a random suffix (`sql` is the statement after its name). */
async function createDatabase(prefix: string, sql: string): Promise<string> {
  const base = inject('pgBaseUrl');
  const name = `${prefix}_${process.env.VITEST_POOL_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" ${sql}`);
  } finally {
    await admin.end();
  }
  return `${base}/${name}`;
}

export function createTestDatabase(): Promise<string> {
  // FILE_COPY copies the template's files, where the default writes every page of it to the log as well: a third of
  // the time on the memory-backed folder the clusters live in (tests/setup/scratch.ts).
  return createDatabase('t', `TEMPLATE "${inject('pgTemplate')}" STRATEGY FILE_COPY`);
}

/** An empty database (no table, no migration) on the run's embedded PostgreSQL: what a release phase first meets. */
export function createEmptyDatabase(): Promise<string> {
  return createDatabase('e', '');
}
