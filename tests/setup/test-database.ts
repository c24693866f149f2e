// A fresh database for one test file or one browser test's server: a clone of the template the global setup migrated
// (tests/setup/global-db.ts) on the run's one embedded PostgreSQL, made in milliseconds (CREATE DATABASE … TEMPLATE).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export async function createTestDatabase(): Promise<string> {
  const base = inject('pgBaseUrl');
  const template = inject('pgTemplate');
  const name = `t_${process.env.VITEST_POOL_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    // FILE_COPY copies the template's files, where the default writes every page of it to the log as well: a third of
    // the time on the memory-backed folder the clusters live in (tests/setup/scratch.ts).
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY FILE_COPY`);
  } finally {
    await admin.end();
  }
  return `${base}/${name}`;
}
