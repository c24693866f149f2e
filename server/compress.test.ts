import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, compressAnswers, negotiateEncoding } from './compress';

let base = '';
let close = () => {};

// Fewer characters than the threshold, more bytes: each あ is three bytes in UTF-8.
const japanese = { text: 'あ'.repeat(Math.ceil(COMPRESS_THRESHOLD_BYTES / 2)) };
const csv = `id,name\r\n${'1,体験\r\n'.repeat(200)}`;

beforeAll(async () => {
  const app = express();
  app.use(compressAnswers);
  app.get('/japanese', (_req, res) => {
    res.json(japanese);
  });
  app.get('/short', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/csv', (_req, res) => {
    res.type('text/csv').send(csv);
  });
  app.get('/html', (_req, res) => {
    res.send(`<p>${'ページ'.repeat(400)}</p>`);
  });
  app.get('/bytes', (_req, res) => {
    res.send(Buffer.alloc(COMPRESS_THRESHOLD_BYTES * 2, 7));
  });
  app.get('/jpeg', (_req, res) => {
    res.type('image/jpeg').send(Buffer.alloc(COMPRESS_THRESHOLD_BYTES * 2, 9));
  });
  app.get('/svg', (_req, res) => {
    res.type('image/svg+xml').send(`<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
  });
  app.get('/tagged', (_req, res) => {
    res.setHeader('ETag', 'W/"page-1"');
    res.send(`<p>${'ページ'.repeat(400)}</p>`);
  });
  app.get('/created', (_req, res) => {
    res.status(201).send(japanese);
  });
  app.get('/empty', (_req, res) => {
    res.status(204).send(csv);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  close = () => server.close();
});

afterAll(() => close());

/** The raw answer: node:http, so the body is not decoded on the way. */
function raw(
  path: string,
  encoding = 'br',
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers: { 'accept-encoding': encoding, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

describe('compressAnswers', () => {
  it('compresses a JSON answer over the threshold in bytes though under it in characters, whole, with its length', async () => {
    expect(JSON.stringify(japanese).length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    const { headers, body } = await raw('/japanese');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(JSON.parse(brotliDecompressSync(body).toString('utf8'))).toEqual(japanese);
  });

  it('sends a short answer as it is, and any answer as it is to a caller that accepts no encoding', async () => {
    const short = await raw('/short');
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(short.body.toString('utf8'))).toEqual({ ok: true });
    const plain = await raw('/japanese', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(japanese);
  });

  it('compresses text sent with res.send in gzip when brotli is not accepted, keeping its type and adding the charset', async () => {
    const { headers, body } = await raw('/csv', 'gzip');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(gunzipSync(body).toString('utf8')).toBe(csv);
    const html = await raw('/html');
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(html.body).toString('utf8')).toContain('ページ');
  });

  it('sends bytes and pictures as they are, compresses SVG, keeps the status, and sends headers only for HEAD', async () => {
    const bytes = await raw('/bytes');
    expect(bytes.headers['content-type']).toBe('application/octet-stream');
    expect(bytes.headers['content-encoding']).toBeUndefined();
    expect(bytes.body).toEqual(Buffer.alloc(COMPRESS_THRESHOLD_BYTES * 2, 7));
    const jpeg = await raw('/jpeg');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['content-encoding']).toBeUndefined();
    const svg = await raw('/svg');
    expect(svg.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(svg.body).toString('utf8')).toContain('<svg');
    const created = await raw('/created');
    expect(created.status).toBe(201);
    expect(JSON.parse(brotliDecompressSync(created.body).toString('utf8'))).toEqual(japanese);
    const head = await raw('/japanese', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it('answers 304 without a body when the ETag matches, and the compressed page when it does not', async () => {
    const changed = await raw('/tagged', 'br', 'GET', { 'if-none-match': 'W/"other"' });
    expect(changed.status).toBe(200);
    expect(changed.headers['content-encoding']).toBe('br');
    const same = await raw('/tagged', 'br', 'GET', { 'if-none-match': 'W/"page-1"' });
    expect(same.status).toBe(304);
    expect(same.body.length).toBe(0);
  });

  it('leaves a 204 to Express, which sends no body', async () => {
    const { status, headers, body } = await raw('/empty');
    expect(status).toBe(204);
    expect(headers['content-encoding']).toBeUndefined();
    expect(body.length).toBe(0);
  });
});

describe('negotiateEncoding: one rule for every answer', () => {
  it('picks brotli for what real browsers send, gzip where brotli is missing, nothing for curl', () => {
    // Chrome 120+ and Firefox 126+, Safari 17, an older Chrome, and a bare client.
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it('honours weights, q=0 and *, and breaks a tie with the server’s order', () => {
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=1, br;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
  });
});
