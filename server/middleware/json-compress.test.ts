import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '#server/precompress';
import { jsonCompress } from './json-compress';

let base = '';
let close = () => {};

// Fewer characters than the threshold, more bytes: each あ is three bytes in UTF-8.
const japanese = { text: 'あ'.repeat(Math.ceil(COMPRESS_THRESHOLD_BYTES / 2)) };

beforeAll(async () => {
  const app = express();
  app.use(jsonCompress);
  app.get('/japanese', (_req, res) => {
    res.json(japanese);
  });
  app.get('/short', (_req, res) => {
    res.json({ ok: true });
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  close = () => server.close();
});

afterAll(() => close());

/** The raw answer: node:http, so the body is not decoded on the way. */
function raw(path: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('jsonCompress', () => {
  it('compresses an answer over the threshold in bytes though under it in characters, whole, with its length', async () => {
    expect(JSON.stringify(japanese).length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    const { headers, body } = await raw('/japanese');
    expect(headers['content-encoding']).toBe('br');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(JSON.parse(brotliDecompressSync(body).toString('utf8'))).toEqual(japanese);
  });

  it('sends a short answer as it is', async () => {
    const { headers, body } = await raw('/short');
    expect(headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(body.toString('utf8'))).toEqual({ ok: true });
  });
});
