// The pages' turns in the app (server/page-gate.ts, mounted by server/app.ts): with DATABASE_POOL_MAX page requests
// held by a slow database, a further page waits before its session is read and, after the acquire timeout, answers
// the busy page; the APIs' calls never wait there; /metrics shows the waiting and the pages in progress. The pages
// are those `npm run build` made.
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createExperience } from '#tests/factories/experiences';
import * as ja from '#src/i18n/ja';

const TOKEN = 'page-turns-metrics-token-0123456789';
let t: TestApp;
let id = 0;

beforeAll(async () => {
  t = await setupTestApp(
    {
      DATABASE_POOL_MAX: '2',
      DATABASE_ACQUIRE_TIMEOUT_MS: '3000',
      DATABASE_LOCK_TIMEOUT_MS: '20000',
      DATABASE_STATEMENT_TIMEOUT_MS: '20000',
      METRICS_TOKEN: TOKEN,
    },
    { pages: 'production' },
  );
  id = (await createExperience(t.orm, { title: '竹かごの小物入れ作り' })).id;
});

const gauges = async () => {
  const res = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(res.text)?.[1]);
  return { waiting: value('tabitoko_pages_waiting'), inside: value('tabitoko_pages_in_progress') };
};

describe('page requests beyond DATABASE_POOL_MAX', () => {
  it('wait for their turn, answer the busy page after the acquire timeout, and leave the APIs alone', async () => {
    expect(await gauges()).toEqual({ waiting: 0, inside: 0 });
    // Another connection holds the experiences table: the experience page's statement waits for it.
    const holder = await t.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE experiences IN ACCESS EXCLUSIVE MODE');
      const slow = [
        request(t.app)
          .get(`/stories/${id}`)
          .then((r) => r),
        request(t.app)
          .get(`/stories/${id}`)
          .then((r) => r),
      ];
      await vi.waitFor(async () => expect(await gauges()).toEqual({ waiting: 0, inside: 2 }), { timeout: 5000 });

      // A page that reads nothing waits behind them (its turn, not a connection, is what it lacks) ...
      const started = Date.now();
      const waiting = request(t.app)
        .get('/logon')
        .then((r) => r);
      // (A scrape takes about a second here: the outbox's statement waits for one of the two busy connections.)
      await vi.waitFor(async () => expect(await gauges()).toEqual({ waiting: 1, inside: 2 }), { timeout: 2500 });
      // ... while an API call passes (an unknown API path answers at once, without a connection).
      const api = await request(t.app).get('/api/v1/no-such-call');
      expect(api.status).toBe(404);
      expect(api.body).toEqual({ status: 404, message: ja.errors.notFound, messages: { base: [ja.errors.notFound] } });

      const busy = await waiting;
      expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.headers['cache-control']).toBe('no-store');
      expect(busy.text).toContain(`<h1>${ja.errors.busyTitle}</h1>`);
      expect(await gauges()).toEqual({ waiting: 0, inside: 2 });

      await holder.query('COMMIT');
      const pages = await Promise.all(slow);
      expect(pages.map((r) => r.status)).toEqual([200, 200]);
      expect(pages[0]?.text).toContain('竹かごの小物入れ作り');
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
    expect((await request(t.app).get('/logon')).status).toBe(200);
    await vi.waitFor(async () => expect(await gauges()).toEqual({ waiting: 0, inside: 0 }));
  });
});
