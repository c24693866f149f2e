// JSON answers compressed in one call on the main thread (issue 15's search and issue 16's JSON). The `compression`
// middleware compresses through a zlib stream per answer: a stream object, a trip to libuv's thread pool and back,
// and its callbacks, for answers that are a few kilobytes. The search answer spent more of the server's time there
// than in its own code (`npm run bench`'s search, CPU profile). An answer sent whole can be compressed at once
// instead: `res.json` here compresses the body synchronously (the same brotli/gzip settings) and sets
// Content-Encoding, which `compression` then leaves alone. Streamed answers still go through `compression`.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { COMPRESS_THRESHOLD_BYTES, DYNAMIC_BROTLI_PARAMS, DYNAMIC_GZIP_LEVEL } from '#server/precompress';
import { pickEncoding } from '#server/static-assets';

/** The encodings a JSON answer may be sent in, in the server's order (brotli wins a tie, as for static files). */
const ENCODINGS = ['br', 'gzip'] as const;

/** Replaces `res.json` for the routes after it (mounted on /api and /brand/api). */
export const jsonCompress: RequestHandler = (req, res, next) => {
  res.json = function json(body: unknown) {
    const text = JSON.stringify(body);
    if (!res.get('Content-Type')) res.set('Content-Type', 'application/json; charset=utf-8');
    res.vary('Accept-Encoding');
    // The threshold is in bytes: Japanese text is three bytes a character in UTF-8, so an answer of 500 characters
    // can be over it (counted in characters, such answers fell through to `compression`'s stream, sent chunked).
    const encoding = Buffer.byteLength(text) >= COMPRESS_THRESHOLD_BYTES ? pickEncoding(req.headers['accept-encoding'], ENCODINGS) : null;
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
