// GET /healthz and GET /readyz (server/health.ts): the process answers; the database answers within 1 s with every
// migration applied; 503 once a shutdown has begun (tests/e2e/shutdown.test.ts tries it on a real process).
import type { PoolClient } from 'pg';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '#tests/setup/test-app';

describe('GET /healthz', () => {
  it('answers without the database and without a session', async () => {
    const t = await setupTestApp();
    await (await t.orm.em.getConnection().getNativeClient()).end();
    await t.pool.end();
    const res = await request(t.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /readyz', () => {
  it('is 200 when the database answers and every migration is applied', async () => {
    const t = await setupTestApp();
    const res = await request(t.app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is 503 while a migration of this code is not applied', async () => {
    const t = await setupTestApp();
    await t.orm.em.getConnection().execute('DELETE FROM mikro_orm_migrations WHERE id = (SELECT max(id) FROM mikro_orm_migrations)');
    const res = await request(t.app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', reason: 'migrations_pending' });
  });

  it('is 503 when the database gives no connection within 1 s', async () => {
    const t = await setupTestApp();
    const pool = await t.orm.em.getConnection().getNativeClient();
    // Every connection of the ORM's pool (10 in tests) held elsewhere: /readyz waits in the pool's queue.
    const held: PoolClient[] = [];
    for (let i = 0; i < 10; i++) held.push(await pool.connect());
    const started = Date.now();
    const res = await request(t.app).get('/readyz');
    const took = Date.now() - started;
    for (const c of held) c.release();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', reason: 'database_timeout' });
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(3000);
  });

  it('is 503 when the database is gone', async () => {
    const t = await setupTestApp();
    await (await t.orm.em.getConnection().getNativeClient()).end();
    const res = await request(t.app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', reason: 'database_unavailable' });
  });

  it('is 503 from the moment a shutdown begins, while /healthz still answers', async () => {
    const t = await setupTestApp();
    expect((await request(t.app).get('/readyz')).status).toBe(200);
    t.beginShutdown();
    const res = await request(t.app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', reason: 'shutting_down' });
    expect((await request(t.app).get('/healthz')).status).toBe(200);
  });
});
