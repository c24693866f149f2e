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
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  return `${base}/${name}`;
}
