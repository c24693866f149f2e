// A page whose hooks cannot get a database connection in time answers like the API in the same case: the Japanese
// 「ただいま混み合っています」 page with status 503 and Retry-After, kept by no cache, logged as one warning. The built
// server runs with a pool of one connection; a request that waits on a table lock the test holds keeps that
// connection, so the next page request finds none within the acquire timeout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IsolatedServer, startIsolatedServer } from '#tests/setup/server-process';
import { transaction } from '#src/lib/transaction';

let server: IsolatedServer;
beforeAll(async () => {
  server = await startIsolatedServer({
    DATABASE_POOL_MAX: '1',
    DATABASE_ACQUIRE_TIMEOUT_MS: '300',
    DATABASE_LOCK_TIMEOUT_MS: '20000',
    DATABASE_STATEMENT_TIMEOUT_MS: '30000',
    PUBLIC_CACHE_SECONDS: '60',
  });
});
afterAll(async () => {
  await server?.stop();
});

type LogLine = { level: number; msg: string; reason?: string };

/**
 * The server's log lines (JSON) that mention `text`, once `count` of them have arrived: the server writes its log in
 * batches, at the latest a fraction of a second after a line (src/lib/logger.ts).
 */
async function logLines(text: string, count: number): Promise<LogLine[]> {
  const found = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes(text))
      .map((line): LogLine => JSON.parse(line));
  for (let waited = 0; found().length < count && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  return found();
}

/** Waits until one of the server's connections waits for a lock (the request holding the pool's only connection). */
async function untilWaitingOnLock(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const rows = await server.orm.em
      .fork()
      .execute<{ n: string }[]>(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
      );
    if (Number(rows[0].n) > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no request waited on the lock');
}

describe('a page while the database has no free connection', () => {
  it('answers the Japanese 503 page with Retry-After, not kept by the page cache, and logs one warning per page', async () => {
    let held!: Promise<unknown>;
    let unlock!: () => void;
    const locked = new Promise<void>((resolve) => {
      held = transaction(server.orm.em.fork(), async (tx) => {
        await tx.execute('LOCK TABLE experiences IN ACCESS EXCLUSIVE MODE');
        resolve();
        await new Promise<void>((release) => (unlock = release));
      });
    });
    await locked;
    // This request takes the server's only connection and waits on the lock.
    const waiting = fetch(`${server.base}/api/v1/experiences/1`);
    let busy: Response;
    let html: string;
    // The experience page reads its data before Vike's render (server/read-ahead.ts): the same 503 page.
    let busyStory: Response;
    let storyHtml: string;
    try {
      await untilWaitingOnLock();
      busy = await fetch(`${server.base}/`);
      html = await busy.text();
      busyStory = await fetch(`${server.base}/stories/1`);
      storyHtml = await busyStory.text();
    } finally {
      unlock();
      await held;
    }
    expect((await waiting).status).toBe(404);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(busy.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('ただいま混み合っています');
    expect(html).toContain('data-testid="busy"');
    expect(html).not.toContain('エラーが発生しました');
    expect(busyStory.status).toBe(503);
    expect(busyStory.headers.get('retry-after')).toBe('5');
    expect(storyHtml).toContain('data-testid="busy"');

    // The busy page was not kept by the public page cache: the same page renders once the connection is free.
    const after = await fetch(`${server.base}/`);
    expect(after.status).toBe(200);
    expect(await after.text()).not.toContain('ただいま混み合っています');

    // One warning with the pool's reason for each of the two pages; no error line and no stack for them.
    const warnings = await logLines('database busy', 2);
    expect(warnings).toHaveLength(2);
    for (const warning of warnings) {
      expect(warning).toMatchObject({ level: 40, reason: expect.stringMatching(/timeout exceeded when trying to connect/) });
    }
    const answered = await logLines('"statusCode":503', 2);
    expect(answered.map((l) => l.level)).toEqual([40, 40]);
    expect(server.output()).not.toMatch(/"level":50|\n\s+at /);
  });
});
