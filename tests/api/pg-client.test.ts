// Pooled connections are opened outside the async context of the request that asked for them (src/lib/pg-client.ts):
// a connection lives for many requests, and its socket keeps the context it was opened in.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { MAINTENANCE_TIMEOUTS, pgPoolOptions } from '#src/lib/orm';

const requestStore = new AsyncLocalStorage<{ request: string }>();
let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = await createTestDatabase();
});

/** The store the connection's socket sees when PostgreSQL's answer to a query arrives, for a pool opened in a request. */
async function storeSeenBySocket(options: pg.PoolConfig): Promise<{ request: string } | undefined> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, ...options });
  try {
    const client = await requestStore.run({ request: 'the first request' }, () => pool.connect());
    const stream = (client as unknown as { connection: { stream: NodeJS.EventEmitter } }).connection.stream;
    let seen: { request: string } | undefined | 'none' = 'none';
    stream.once('data', () => {
      seen = requestStore.getStore();
    });
    await client.query('SELECT 1');
    client.release();
    expect(seen).not.toBe('none');
    return seen === 'none' ? undefined : seen;
  } finally {
    await pool.end();
  }
}

describe('pooled connections', () => {
  it("keep the opening request's context with a plain client, and none with the app's pool options", async () => {
    expect(await storeSeenBySocket({})).toEqual({ request: 'the first request' });
    expect(await storeSeenBySocket(pgPoolOptions(MAINTENANCE_TIMEOUTS))).toBeUndefined();
  });

  it('still answer queries, and the request awaiting a connection resumes in its own context', async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, ...pgPoolOptions(MAINTENANCE_TIMEOUTS) });
    try {
      const answer = await requestStore.run({ request: 'a request' }, async () => {
        const { rows } = await pool.query<{ n: number }>('SELECT 41 + 1 AS n');
        return { n: rows[0].n, store: requestStore.getStore() };
      });
      expect(answer).toEqual({ n: 42, store: { request: 'a request' } });
    } finally {
      await pool.end();
    }
  });
});
