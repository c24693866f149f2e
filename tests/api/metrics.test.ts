// GET /metrics (server/metrics.ts): Prometheus text for the scraper that holds METRICS_TOKEN, 401 for anyone else,
// 404 without the variable; requests counted by route pattern, the pools, the outbox and the refunds read at scrape
// time, the seat holds swept and the Stripe webhook events with their lag.
import Stripe from 'stripe';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';

const TOKEN = 'metrics-test-token-0123456789';
const WEBHOOK_SECRET = 'whsec_test_metrics';

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is 404, whatever the request carries', async () => {
    const t = await setupTestApp();
    const res = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('tabitoko_');
    expect(t.metrics).toBeNull();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    return res.text;
  };
  beforeAll(async () => {
    t = await setupTestApp({ METRICS_TOKEN: TOKEN, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  });

  it('refuses a scrape without the token or with a wrong one (401)', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, TOKEN]) {
      const req = request(t.app).get('/metrics');
      if (authorization) req.set('Authorization', authorization);
      const res = await req;
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.text).not.toContain('tabitoko_');
    }
  });

  it('answers the Prometheus text format with the named metrics, never cached', async () => {
    const res = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    for (const name of [
      '# TYPE tabitoko_http_requests_total counter',
      '# TYPE tabitoko_http_request_duration_seconds histogram',
      'tabitoko_db_pool_in_use{pool="orm"}',
      'tabitoko_db_pool_idle{pool="orm"}',
      'tabitoko_db_pool_waiting{pool="orm"} 0',
      'tabitoko_db_pool_waiting{pool="sessions"} 0',
      'tabitoko_backlog_up 1',
      'tabitoko_mail_outbox_pending 0',
      'tabitoko_mail_outbox_failed 0',
      'tabitoko_mail_outbox_oldest_pending_age_seconds 0',
      'tabitoko_refunds_pending 0',
      'tabitoko_seat_holds_swept_total 0',
      '# TYPE tabitoko_stripe_webhook_events_total counter',
      '# TYPE tabitoko_stripe_webhook_lag_seconds histogram',
      '# TYPE nodejs_eventloop_lag_seconds gauge',
      '# TYPE nodejs_heap_size_used_bytes gauge',
      '# TYPE process_resident_memory_bytes gauge',
    ]) {
      expect(res.text).toContain(name);
    }
  });

  it('counts a request under its route pattern and status, never its raw path', async () => {
    expect((await request(t.app).get('/api/v1/experiences/987654')).status).toBe(404);
    expect((await request(t.app).get('/api/v1/experiences/987653')).status).toBe(404);
    expect((await request(t.app).get('/healthz')).status).toBe(200);
    const text = await scrape();
    expect(text).toContain('tabitoko_http_requests_total{method="GET",route="/api/v1/experiences/:id",status="404"} 2');
    expect(text).toContain('tabitoko_http_request_duration_seconds_count{method="GET",route="/api/v1/experiences/:id",status="404"} 2');
    expect(text).toContain('tabitoko_http_requests_total{method="GET",route="/healthz",status="200"} 1');
    expect(text).not.toContain('987654');
    // A path no route has: one bounded label.
    expect((await request(t.app).get('/api/v1/no-such-thing/12345')).status).toBe(404);
    const after = await scrape();
    expect(after).toContain('tabitoko_http_requests_total{method="GET",route="none",status="404"} 1');
    expect(after).not.toContain('no-such-thing');
  });

  it('reads the outbox and the pending refunds at scrape time', async () => {
    await t.orm.em.getConnection().execute(
      `INSERT INTO mail_outbox (dedupe_key, to_address, subject, text_body, status, created_at)
       VALUES ('metrics:1', 'a@example.com', '件名', '本文', 'pending', now() - interval '15 minutes'),
              ('metrics:2', 'b@example.com', '件名', '本文', 'pending', now() - interval '1 minute'),
              ('metrics:3', 'c@example.com', '件名', '本文', 'failed', now() - interval '2 hours')`,
    );
    const text = await scrape();
    expect(text).toContain('tabitoko_mail_outbox_pending 2');
    expect(text).toContain('tabitoko_mail_outbox_failed 1');
    const age = Number(/^tabitoko_mail_outbox_oldest_pending_age_seconds (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(900);
    expect(age).toBeLessThan(960);
  });

  it('counts the seat holds the worker swept', async () => {
    t.metrics?.jobDone('seat-holds', 3);
    t.metrics?.jobDone('seat-holds', 0);
    t.metrics?.jobDone('mail', 5);
    expect(await scrape()).toContain('tabitoko_seat_holds_swept_total 3');
  });

  it('counts a handled Stripe webhook event by outcome, with its lag since Stripe created it', async () => {
    const event = {
      id: 'evt_metrics_1',
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000) - 30,
      data: { object: { id: 'cus_1' } },
    };
    const payload = JSON.stringify(event);
    const res = await request(t.app)
      .post('/api/v1/payments/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
      .send(payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'ignored' });
    const text = await scrape();
    expect(text).toContain('tabitoko_stripe_webhook_events_total{outcome="ignored"} 1');
    expect(text).toContain('tabitoko_stripe_webhook_lag_seconds_bucket{le="15"} 0');
    expect(text).toContain('tabitoko_stripe_webhook_lag_seconds_bucket{le="60"} 1');
    expect(text).toContain('tabitoko_stripe_webhook_lag_seconds_count 1');
  });
});
