// The client IP comes from X-Forwarded-For only across TRUST_PROXY hops (default 1 in production,
// 0 elsewhere), so a client cannot escape the sign-in and sign-up limits by sending a new header per request.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { PRODUCTION_TEST_ENV } from '#tests/setup/built';
import { parseEnv } from '#src/lib/env';
import { SIGN_IN_PER_IP } from '#server/api/v1/sessions.routes';

let n = 0;
const spoofed = () => `203.0.113.${++n % 250}, 192.0.2.${n % 250}`;

describe('TRUST_PROXY=0 (development, tests without a proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp({ TRUST_PROXY: '0' });
  });

  it('a new X-Forwarded-For per request does not escape the per-IP sign-in limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_PER_IP; i++) {
      const res = await request(t.app)
        .post('/api/v1/sessions')
        .set('X-Forwarded-For', spoofed())
        .send({ email: `nobody${i}@example.com`, password: 'wrongpass1' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, SIGN_IN_PER_IP).every((s) => s === 401)).toBe(true);
    expect(statuses[SIGN_IN_PER_IP]).toBe(429);
  });

  it('a new X-Forwarded-For per request does not escape the sign-up limit (20 an hour)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await request(t.app).post('/api/v1/users').set('X-Forwarded-For', spoofed()).send({})).status);
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('X-Forwarded-Proto does not make a plain request secure (no Secure session cookie in production)', async () => {
    const prod = await setupTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'production-test-session-secret-0123456789',
      TRUST_PROXY: '0',
    });
    const res = await request(prod.app)
      .post('/api/v1/users')
      .set('X-Forwarded-Proto', 'https')
      .send({ name: '山田 太郎', email: 'proxy-zero@example.com', password: 'password123', agree_terms: true });
    // Express refuses to set a Secure cookie over a connection it does not believe is secure.
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/Secure/);
  });
});

describe('TRUST_PROXY=1 (behind the platform router)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp({ TRUST_PROXY: '1' });
  });

  it('the last hop is the client: what a client prepends does not matter', async () => {
    const client = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_PER_IP; i++) {
      const res = await request(t.app)
        .post('/api/v1/sessions')
        .set('X-Forwarded-For', `10.9.${i}.1, ${client}`)
        .send({ email: `someone${i}@example.com`, password: 'wrongpass1' });
      statuses.push(res.status);
    }
    expect(statuses[SIGN_IN_PER_IP]).toBe(429);
    // Another client behind the same router is not affected.
    const other = await request(t.app)
      .post('/api/v1/sessions')
      .set('X-Forwarded-For', `${client}, 198.51.100.78`)
      .send({ email: 'x@example.com', password: 'wrongpass1' });
    expect(other.status).toBe(401);
  });
});

describe('parseEnv: TRUST_PROXY', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(32),
    APP_URL: 'https://tabitoko.example',
    ...PRODUCTION_TEST_ENV,
  };
  it('defaults to 1 in production and 0 in development and test', () => {
    expect(parseEnv(production).TRUST_PROXY).toBe(1);
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ NODE_ENV: 'test' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ ...production, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ ...production, TRUST_PROXY: '0' }).TRUST_PROXY).toBe(0);
  });

  it('refuses a value that is not a hop count, naming the variable', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '1.5' })).toThrow(/TRUST_PROXY/);
  });
});
