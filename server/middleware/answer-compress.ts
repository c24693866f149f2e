// The API's answers compressed whole, in one call on the main thread (the search, the experience JSON), instead of
// through the `compression` middleware.
//
// `compression` compresses through a zlib stream per answer: a stream object, a trip to libuv's thread pool and back,
// and its callbacks, for answers that are a few kilobytes; the search answer spent more of the server's time there
// than in its own code (a CPU profile showed it). An answer sent whole can be compressed at once instead. And
// `compression` costs every answer it only passes through: it sets four functions of its own on each response
// (write, end, on, flush), and with them every answer that waited for PostgreSQL left part of its objects to be
// promoted to V8's old generation (seen with `--trace-gc-nvp`). Without it the search, the experience JSON and the calendars answered more
// requests, measured alternating with the code before (docs/performance-log.md, ninth pass). So the
// app enters `compression` only for the paths that `answersWhole` does not claim, and the API routers mount
// `compressWholeAnswers`.
//
// `res.send` and `res.json` become the module's own functions (shared by every response, not functions made per
// request): a string or Buffer body from COMPRESS_THRESHOLD_BYTES on is compressed synchronously with the same brotli
// and gzip settings as `compression`, in the encoding the caller accepts (pickEncoding), and sent with its
// Content-Encoding, Content-Length and `Vary: Accept-Encoding`; anything else goes to Express's own `send`.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express, { type RequestHandler, type Response } from 'express';
import { COMPRESS_THRESHOLD_BYTES, DYNAMIC_BROTLI_PARAMS, DYNAMIC_GZIP_LEVEL } from '#server/precompress';
import { pickEncoding } from '#server/static-assets';

/** The encodings an answer may be sent in, in the server's order (brotli wins a tie, as for static files). */
const ENCODINGS = ['br', 'gzip'] as const;

/** Express's own `send` (app.response inherits it from express.response). */
const expressSend = express.response.send;

/**
 * True for the paths whose answers the API routers send whole (`/api/…` and `/brand/api/…`), so the app-wide
 * `compression` can leave them alone; not for the API reference's viewer files, which are streamed from disk
 * (`sendFile`, openapi.routes.ts) and stay with `compression`.
 */
export function answersWhole(path: string): boolean {
  return (path.startsWith('/api/') && !path.startsWith('/api/docs/viewer/')) || path.startsWith('/brand/api/');
}

function sendWhole(this: Response, body?: unknown): Response {
  const whole = typeof body === 'string' || Buffer.isBuffer(body);
  const bodiless = this.statusCode === 204 || this.statusCode === 205 || this.statusCode === 304;
  if (!whole || bodiless || this.get('Content-Encoding') || this.get('Transfer-Encoding')) {
    return expressSend.call(this, body);
  }
  this.vary('Accept-Encoding');
  // The threshold is in bytes: Japanese text is three bytes a character in UTF-8, so an answer of 500 characters can
  // be over it.
  const encoding =
    Buffer.byteLength(body) >= COMPRESS_THRESHOLD_BYTES ? pickEncoding(this.req.headers['accept-encoding'], ENCODINGS) : null;
  if (encoding === null) return expressSend.call(this, body);
  // The type Express's `send` would give the body (text as HTML, bytes as a download), with the charset it adds to text.
  if (!this.get('Content-Type')) this.type(typeof body === 'string' ? 'html' : 'bin');
  const type = String(this.get('Content-Type'));
  if (typeof body === 'string' && !/;\s*charset=/i.test(type)) this.set('Content-Type', `${type}; charset=utf-8`);
  const data =
    encoding === 'br' ? brotliCompressSync(body, { params: DYNAMIC_BROTLI_PARAMS }) : gzipSync(body, { level: DYNAMIC_GZIP_LEVEL });
  this.set('Content-Encoding', encoding);
  this.set('Content-Length', String(data.length));
  this.end(this.req.method === 'HEAD' ? undefined : data);
  return this;
}

function jsonWhole(this: Response, value: unknown): Response {
  if (!this.get('Content-Type')) this.set('Content-Type', 'application/json; charset=utf-8');
  return this.send(JSON.stringify(value));
}

/** Mounted on /api and /brand/api: their answers' `res.send` and `res.json` compress whole answers. */
export const compressWholeAnswers: RequestHandler = (_req, res, next) => {
  res.send = sendWhole;
  res.json = jsonWhole;
  next();
};
