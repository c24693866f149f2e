// Issue 16: a shared (signed-out, cached) page is compressed once per encoding and served as those bytes to every
// later visitor, instead of being compressed again on each hit. Against the built server with the public cache on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IsolatedServer, startIsolatedServer } from '#tests/setup/server-process';

let server: IsolatedServer;
beforeAll(async () => {
  server = await startIsolatedServer('page-cache', { PUBLIC_CACHE_SECONDS: '60' });
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
        // Stored bytes have a length; the on-the-fly compression streams without one.
        expect(Number(res.headers.get('content-length')), encoding).toBeGreaterThan(1000);
        expect(Number(res.headers.get('content-length')), encoding).toBeLessThan(Buffer.byteLength(plain.html) / 2);
        expect(html, encoding).toBe(plain.html);
      }
    }
  });

  it('compresses a page that is not shared on the fly (a visitor with a session cookie)', async () => {
    const { res, html } = await get('/', 'br', 'sid=not-a-session');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBeNull();
    expect(html).toContain('<html');
  });
});
