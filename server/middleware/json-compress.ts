// JSON answers compressed in one call on the main thread (issue 15's search and issue 16's JSON). The `compression`
// middleware compresses through a zlib stream per answer: a stream object, a trip to libuv's thread pool and back,
// and its callbacks, for answers that are a few kilobytes. The search answer spent more of the server's time there
// than in its own code (`npm run bench`'s search, CPU profile). An answer sent whole can be compressed at once
// instead: `res.json` here compresses the body synchronously (the same brotli/gzip settings) and sets
// Content-Encoding, which `compression` then leaves alone. Streamed answers still go through `compression`.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { COMPRESS_THRESHOLD_BYTES, DYNAMIC_BROTLI_PARAMS, DYNAMIC_GZIP_LEVEL } from '#server/precompress';

type Encoding = 'br' | 'gzip' | null;

/**
 * The encoding to use for an Accept-Encoding header: brotli when accepted, else gzip, else none. A coding is
 * accepted when listed (or `*` is) without `q=0`; brotli wins ties, as in `compression` (browsers list gzip first).
 */
export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return null;
  let br: boolean | undefined;
  let gzip: boolean | undefined;
  let any: boolean | undefined;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'br') br = accepted;
    else if (name === 'gzip' || name === 'x-gzip') gzip = accepted;
    else if (name === '*') any = accepted;
  }
  if (br ?? any) return 'br';
  if (gzip ?? any) return 'gzip';
  return null;
}

/** Replaces `res.json` for the routes after it (mounted on /api and /brand/api). */
export const jsonCompress: RequestHandler = (req, res, next) => {
  res.json = function json(body: unknown) {
    const text = JSON.stringify(body);
    if (!res.get('Content-Type')) res.set('Content-Type', 'application/json; charset=utf-8');
    res.vary('Accept-Encoding');
    const encoding = text.length >= COMPRESS_THRESHOLD_BYTES ? chooseEncoding(req.headers['accept-encoding']) : null;
    if (encoding === null || res.get('Content-Encoding')) return res.send(text);
    const data =
      encoding === 'br' ? brotliCompressSync(text, { params: DYNAMIC_BROTLI_PARAMS }) : gzipSync(text, { level: DYNAMIC_GZIP_LEVEL });
    res.set('Content-Encoding', encoding);
    res.set('Content-Length', String(data.length));
    res.end(req.method === 'HEAD' ? undefined : data);
    return res;
  };
  next();
};
