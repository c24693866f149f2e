// Every text response is compressed. Static files are served as their build-time brotli/gzip siblings (written by
// the build's compression plugin, vite.config.ts; here by the test itself, as the build would; served by
// express-static-gzip), every answer the app makes is compressed whole from 1 KB on (server/compress.ts). The HTML
// pages and the real build are checked against the built server in tests/e2e/performance.test.ts and page-cache.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { expectDocumented } from '#tests/api/openapi-contract';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES } from '#server/compress';

const clientDir = mkdtempSync(path.join(os.tmpdir(), 'compression-'));
mkdirSync(path.join(clientDir, 'assets', 'chunks'), { recursive: true });
const bigJs = `${Array.from({ length: 400 }, (_, i) => `export const value${i} = "たびとこ ${i}";`).join('\n')}\n`;
writeFileSync(path.join(clientDir, 'assets', 'chunks', 'chunk-abc.js'), bigJs);
const bigCss = `${Array.from({ length: 200 }, (_, i) => `.c${i} { color: #c2410c; margin: ${i}px; }`).join('\n')}\n`;
writeFileSync(path.join(clientDir, 'assets', 'style-abc.css'), bigCss);
writeFileSync(path.join(clientDir, 'assets', 'tiny-abc.js'), 'export {};\n');
writeFileSync(path.join(clientDir, 'robots-like.txt'), 'x'.repeat(2000));

/** The siblings the build writes for a text file from 1 KB on. */
function compressAsTheBuildDoes(file: string) {
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}

let t: TestApp;
beforeAll(async () => {
  compressAsTheBuildDoes(path.join(clientDir, 'assets', 'chunks', 'chunk-abc.js'));
  compressAsTheBuildDoes(path.join(clientDir, 'assets', 'style-abc.css'));
  compressAsTheBuildDoes(path.join(clientDir, 'robots-like.txt'));
  t = await setupTestApp({}, { assets: clientDir });
});

/** A request whose body is kept as bytes (supertest decodes br and gzip, so the body is the original). */
function raw(url: string, acceptEncoding: string) {
  return request(t.app)
    .get(url)
    .set('Accept-Encoding', acceptEncoding)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

describe('static files', () => {
  it('sends the brotli sibling to a browser that accepts brotli, with the original type and Vary', async () => {
    const res = await raw('/assets/chunks/chunk-abc.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type'].toLowerCase()).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    // (supertest decodes brotli and gzip itself: the body is the original file.)
    expect(res.body.toString()).toBe(bigJs);
  });

  it('sends the gzip sibling when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await raw('/assets/style-abc.css', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type'].toLowerCase()).toBe('text/css; charset=utf-8');
    expect(gz.body.toString()).toBe(bigCss);

    const plain = await raw('/assets/style-abc.css', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.body.toString()).toBe(bigCss);

    // br refused explicitly (q=0): gzip.
    expect((await raw('/assets/style-abc.css', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('compresses the public files at the root too, and leaves a file below the threshold as it is', async () => {
    expect((await raw('/robots-like.txt', 'br')).headers['content-encoding']).toBe('br');
    const tiny = await raw('/assets/tiny-abc.js', 'br, gzip');
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
  });

  it('still answers 404 for an unknown asset', async () => {
    expect((await raw('/assets/missing.js', 'br')).status).toBe(404);
  });
});

describe('dynamic JSON', () => {
  it('is compressed on the fly with brotli, or gzip, from the threshold on', async () => {
    const plain = await request(t.app).get('/api/v1/prefectures').set('Accept-Encoding', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await request(t.app).get('/api/v1/prefectures').set('Accept-Encoding', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.body).toEqual(plain.body);
    expectDocumented(br);

    const gz = await request(t.app).get('/api/v1/prefectures').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toEqual(plain.body);
  });

  it('sends a JSON answer compressed whole, with its length, and no body for HEAD (server/compress.ts)', async () => {
    const plain = await request(t.app).get('/api/v1/prefectures').set('Accept-Encoding', 'identity');
    const br = await request(t.app).get('/api/v1/prefectures').set('Accept-Encoding', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    // Sent whole: its Content-Length is the compressed size (supertest hands over the decoded JSON).
    expect(Number(br.headers['content-length'])).toBeLessThan(Buffer.byteLength(plain.text) / 2);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));
    expect(br.body).toEqual(plain.body);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-store');
    const head = await request(t.app).head('/api/v1/prefectures').set('Accept-Encoding', 'br');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.text ?? '').toBe('');
  });

  it('sends every API answer whole: the reference page, and its viewer files compressed once and kept', async () => {
    // res.send of the reference page (HTML): compressed in one call, so it has its compressed length.
    const docs = await request(t.app).get('/api/docs').set('Accept-Encoding', 'br');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(docs.headers['content-length'])).toBeGreaterThan(0);
    expect(docs.text).toContain('swagger-ui');
    const viewer = /src="(\/api\/docs\/viewer\/[^"]+\.js)"/.exec(docs.text)?.[1];
    expect(viewer).toBeDefined();
    const file = await raw(viewer as string, 'gzip, deflate, br, zstd');
    expect(file.status).toBe(200);
    expect(file.headers['content-encoding']).toBe('br');
    expect(Number(file.headers['content-length'])).toBeGreaterThan(0);
    expect(file.headers['cache-control']).toMatch(/immutable/);
  });

  it('leaves an answer below the threshold uncompressed', async () => {
    const res = await request(t.app).get('/api/v1/no-such-thing').set('Accept-Encoding', 'br, gzip');
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.message).toBe('見つかりませんでした');
  });
});
