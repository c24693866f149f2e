// A process that prepared a read before a migration changed its result columns' types keeps answering: the read that
// meets the stale plan is tried again on a fresh connection (src/lib/read-sql.ts), against real PostgreSQL.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';

let t: TestApp;
let pool: pg.Pool;
let reader: SqlReader;
beforeAll(async () => {
  t = await setupTestApp();
  // One connection, so the second read meets the plan the first one prepared.
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
  reader = { getConnection: () => ({ getNativeClient: async () => pool }), config: t.orm.em.config } as unknown as SqlReader;
  await t.orm.em.execute('CREATE TABLE stale_plan_probe (n integer NOT NULL)');
  await t.orm.em.execute('INSERT INTO stale_plan_probe (n) VALUES (7)');
});
afterAll(async () => {
  await pool.end();
});

describe('a prepared read across a migration', () => {
  it('answers with the new type after the column changes under it', async () => {
    const statement = readStatement('SELECT n FROM stale_plan_probe WHERE n IS NOT NULL AND ? = ?');
    expect(await readRows(reader, statement, [1, 1])).toEqual([{ n: 7 }]);
    await t.orm.em.execute('ALTER TABLE stale_plan_probe ALTER COLUMN n TYPE text');
    // PostgreSQL refuses the connection's cached plan once; the read goes on on a new connection.
    expect(await readRows(reader, statement, [1, 1])).toEqual([{ n: '7' }]);
    expect(await readRows(reader, statement, [2, 2])).toEqual([{ n: '7' }]);
  });
});
