// A shared (signed-out, cached) page is compressed once per encoding and served as those bytes to every
// later visitor, instead of being compressed again on each hit. Against the built server with the public cache on.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IsolatedServer, startIsolatedServer } from '#tests/setup/server-process';
import { createExperience } from '#tests/factories/experiences';
import { createUser, TEST_PASSWORD } from '#tests/factories/users';
import { Experience } from '#src/modules/experiences/experiences.entity';

const SESSION_SECRET = 'page-cache-test-session-secret';
let server: IsolatedServer;
beforeAll(async () => {
  server = await startIsolatedServer({ PUBLIC_CACHE_SECONDS: '60', SESSION_SECRET });
});
afterAll(async () => {
  await server?.stop();
});

async function get(path: string, encoding: string, cookie?: string) {
  const res = await fetch(`${server.base}${path}`, {
    headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) },
  });
  return { res, html: await res.text() };
}

describe('the public page cache and compression', () => {
  it('answers a cached page in brotli, gzip or as it is, with the same HTML, a length and Vary', async () => {
    const plain = await get('/', 'identity');
    expect(plain.res.status).toBe(200);
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.html).toContain('<html');
    for (const encoding of ['br', 'gzip']) {
      for (let hit = 0; hit < 2; hit++) {
        const { res, html } = await get('/', `${encoding}, identity`);
        expect(res.headers.get('content-encoding'), encoding).toBe(encoding);
        expect(res.headers.get('vary'), encoding).toMatch(/Accept-Encoding/);
        expect(Number(res.headers.get('content-length')), encoding).toBeGreaterThan(1000);
        expect(Number(res.headers.get('content-length')), encoding).toBeLessThan(Buffer.byteLength(plain.html) / 2);
        expect(html, encoding).toBe(plain.html);
      }
    }
  });

  it('answers what browsers send (gzip listed first) with brotli, shared or not', async () => {
    // Chrome's and Firefox's header: every encoding of weight 1, gzip first; the server's order picks brotli.
    const browser = 'gzip, deflate, br, zstd';
    const shared = await get('/', browser);
    expect(shared.res.headers.get('content-encoding')).toBe('br');
    const own = await get('/', browser, await signedInCookie());
    expect(own.res.status).toBe(200);
    expect(own.res.headers.get('content-encoding')).toBe('br');
    // Compressed whole as it is sent, so it has its length too.
    expect(Number(own.res.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(own.html).toContain('<html');
  });

  it('shares the render with any sid cookie that does not name a live session (junk, forged, unknown)', async () => {
    // express-session's cookie: "s:" + id + "." + the id's HMAC-SHA256 under SESSION_SECRET, base64 without padding.
    const signed = (id: string, secret: string) =>
      `sid=${encodeURIComponent(`s:${id}.${createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, '')}`)}`;
    const cookies = [
      'sid=not-a-session',
      signed('no-such-session-id', 'another-secret-of-some-length'),
      signed('no-such-session-id', SESSION_SECRET),
    ];
    for (const cookie of cookies) {
      const { res } = await get('/', 'br', cookie);
      expect(res.status, cookie).toBe(200);
      // Stored bytes have a length: the shared render, compressed once.
      expect(Number(res.headers.get('content-length')), cookie).toBeGreaterThan(1000);
    }
  });

  it('drops query parameters a page does not read from the key: they share one render', async () => {
    const experience = await createExperience(server.orm, { title: '共有される古い題名' });
    const first = await get('/stories?utm_source=a', 'identity');
    expect(first.html).toContain('共有される古い題名');
    await server.orm.em.fork().nativeUpdate(Experience, { id: experience.id }, { title: '新しい題名' });
    for (const path of ['/stories?utm_source=b', '/stories?zzz=1', '/stories']) {
      const { html } = await get(path, 'identity');
      expect(html, path).toContain('共有される古い題名');
    }
    // A parameter the page reads is its own key, rendered afresh.
    expect((await get('/stories?sort=newest', 'identity')).html).toContain('新しい題名');
  });

  it('gives the shared render an ETag that answers 304, and a render for one visitor none', async () => {
    const shared = await get('/', 'identity');
    const etag = shared.res.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]+-/);
    // node:http, not fetch: fetch adds `Cache-Control: no-cache` to a conditional request, which forbids a 304.
    const revalidated = await new Promise<number>((resolve, reject) => {
      http
        .get(`${server.base}/`, { headers: { 'if-none-match': etag ?? '' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(revalidated).toBe(304);
    const own = await get('/', 'identity', await signedInCookie());
    expect(own.res.status).toBe(200);
    expect(own.res.headers.get('etag')).toBeNull();
    expect(own.html).toContain('<style data-href="/assets/');
  });
});

/** The cookie of a signed-in marketplace session. */
async function signedInCookie(): Promise<string> {
  const user = await createUser(server.orm);
  const res = await fetch(`${server.base}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base },
    body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(201);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}
