// Every wait for the database is bounded, and no unit of work waits for a second pooled connection while it holds one
// in a transaction (src/lib/transaction.ts): the guard fails such an acquire, the pool's acquire timeout answers 503
// with Retry-After, and PostgreSQL's own timeouts are set on every connection the app opens.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { sourceFiles } from '#tests/setup/source-files';
import { NestedConnectionError, transaction } from '#src/lib/transaction';
import * as ja from '#src/i18n/ja';

let t: TestApp;
let small: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ DATABASE_STATEMENT_TIMEOUT_MS: '1500', DATABASE_LOCK_TIMEOUT_MS: '700' });
});

describe('the connection guard', () => {
  it('fails an acquire made inside an open transaction, and lets the transaction itself and later work run', async () => {
    const other = t.orm.em.fork();
    const inside = await transaction(t.orm.em.fork(), async (tx) => {
      const [{ one }] = await tx.execute<{ one: number }[]>('SELECT 1 AS one');
      const nested = await other.execute('SELECT 2').then(
        () => null,
        (error: unknown) => error,
      );
      return { one, nested };
    });
    expect(inside.one).toBe(1);
    expect(inside.nested).toMatchObject({ message: new NestedConnectionError().message });
    // A transaction opened inside another asks for a second connection too.
    const nestedTransaction = await transaction(t.orm.em.fork(), () =>
      transaction(t.orm.em.fork(), async () => 'never').catch((error: unknown) => error),
    );
    expect(nestedTransaction).toMatchObject({ message: new NestedConnectionError().message });
    // Once the transaction has ended, the same code acquires normally.
    expect(await other.execute<{ n: number }[]>('SELECT 3 AS n')).toEqual([{ n: 3 }]);
  });

  it('is the only way transactions are opened, and raw statements follow the EntityManager into its transaction', () => {
    // em.transactional bypasses the guard's mark; getConnection().execute runs outside the em's transaction.
    const offenders = sourceFiles(['src', 'server', 'cli', 'seeds', 'pages'], /\.tsx?$/)
      .filter((f) => !f.path.endsWith('.test.ts') && f.path !== 'src/lib/transaction.ts')
      .filter((f) => /\.transactional\(|getConnection\(\)\s*\.execute/.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});

describe('bounded waits', () => {
  it('sets statement_timeout, lock_timeout and idle_in_transaction_session_timeout on the app connections', async () => {
    const rows = await t.orm.em
      .fork()
      .execute<{ name: string; setting: string }[]>(
        `SELECT name, setting FROM pg_settings WHERE name IN ('statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout') ORDER BY name`,
      );
    expect(rows).toEqual([
      { name: 'idle_in_transaction_session_timeout', setting: '15000' },
      { name: 'lock_timeout', setting: '700' },
      { name: 'statement_timeout', setting: '1500' },
    ]);
  });

  it('ends a statement that runs past statement_timeout, and a lock wait past lock_timeout', async () => {
    await expect(t.orm.em.fork().execute('SELECT pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
    await t.orm.em.fork().execute('CREATE TABLE IF NOT EXISTS wait_probe (id int primary key)');
    await t.orm.em.fork().execute('INSERT INTO wait_probe VALUES (1) ON CONFLICT DO NOTHING');
    const holder = await t.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT * FROM wait_probe WHERE id = 1 FOR UPDATE');
      await expect(t.orm.em.fork().execute('UPDATE wait_probe SET id = 1 WHERE id = 1')).rejects.toMatchObject({ code: '55P03' });
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });
});

/** What the small app logs, parsed. */
const smallLog: { level: number; msg: string; reason?: string; err?: unknown }[] = [];

describe('a pool with no free connection', () => {
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) smallLog.push(JSON.parse(line));
        done();
      },
    });
    small = await setupTestApp(
      { DATABASE_POOL_MAX: '1', DATABASE_ACQUIRE_TIMEOUT_MS: '300' },
      { log: pino({ level: 'info', base: undefined }, sink) },
    );
  });
  afterAll(async () => small?.close());

  it('answers 503 with Retry-After and a Japanese message after the acquire timeout, then recovers', async () => {
    // The pool's only connection is held by a transaction that waits (a stand-in for a slow unit of work).
    let release!: () => void;
    let started!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = new Promise<void>((resolve) => (started = resolve));
    const busy = transaction(small.orm.em.fork(), async (tx) => {
      await tx.execute('SELECT 1');
      started();
      await held;
    });
    await holding;
    try {
      const res = await request(small.app).get('/api/v1/categories');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ status: 503, message: ja.errors.busy, messages: { base: [ja.errors.busy] } });
    } finally {
      release();
      await busy;
    }
    // Load, not a fault: one warning with the pool's reason, and no error line (no stack) for it.
    expect(smallLog.filter((l) => l.msg.startsWith('database busy'))).toEqual([
      expect.objectContaining({ level: 40, reason: 'timeout exceeded when trying to connect' }),
    ]);
    expect(smallLog.filter((l) => l.level >= 50)).toEqual([]);
    expect((await request(small.app).get('/api/v1/categories')).status).toBe(200);
  });
});
