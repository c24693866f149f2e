// One way to compress an answer the server makes (pages, shared pages, the API, the sitemap, the API reference's
// viewer files): the whole body at once, in the encoding one rule picks from Accept-Encoding.
//
// Static build files are compressed at build time instead (vite-plugin-compression2 in vite.config.ts) and served as
// their .br/.gz siblings by express-static-gzip (server/vike.ts), with the same preference: brotli, then gzip.
//
// Why whole and not through the `compression` middleware's stream: a zlib stream per answer is a stream object, a
// trip to libuv's thread pool and back and its callbacks, for answers of a few kilobytes; the search answer spent
// more of the server's time there than in its own code (a CPU profile showed it). And the middleware costs every
// answer it only passes through: it sets four functions of its own on each response, and with them every answer that
// waited for PostgreSQL left part of its objects to be promoted to V8's old generation (seen with `--trace-gc-nvp`).
// Sent whole, the search, the experience JSON and the calendars answered more requests (docs/performance-log.md,
// ninth pass). Every answer the app makes is a string or a Buffer in memory, so nothing needs a stream.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import express, { type RequestHandler, type Response } from 'express';

/**
 * Below this an answer gains nothing: brotli/gzip framing plus Content-Encoding and Vary cost about as much as they
 * save, and the whole answer fits one TCP packet either way. In bytes: Japanese text is three bytes a character.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The encodings the server sends, in its order of preference (brotli wins a tie). */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * The encoding to send: the one the Accept-Encoding header weights highest, the server's order breaking ties
 * (browsers send `gzip, deflate, br, zstd`, all of weight 1, so brotli), `*` for an encoding not named, q=0 refusing;
 * null for the plain body.
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * How hard to compress. `answer`: made per request, so cheap: brotli quality 2 with a 256 KB window (a fraction of
 * quality 4's CPU with brotli's default 4 MB window, whose setup was most of the cost on a small answer, for a few
 * percent more bytes; docs/performance-log.md), or gzip level 6. `kept`: compressed once and then sent many times (a
 * shared page's copy, a viewer file), so brotli quality 5.
 */
export type Effort = 'answer' | 'kept';

const GZIP_LEVEL = 6;

/**
 * The body compressed whole in `encoding`. The output is written into chunks of at most the body's size rather than
 * zlib's default 16 kB: the compressed answer is smaller than its body, and each chunk is a buffer outside V8's heap
 * that lives until a collection finds it, so a 16 kB chunk for every small answer (a search's few kilobytes) made
 * V8 run its full collections far more often (docs/performance-log.md).
 */
export function compressWhole(body: Buffer | string, encoding: Encoding, effort: Effort = 'answer'): Buffer {
  const size = Buffer.byteLength(body);
  const chunkSize = Math.max(constants.Z_MIN_CHUNK, Math.min(size, constants.Z_DEFAULT_CHUNK));
  if (encoding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL, chunkSize });
  const params =
    effort === 'answer'
      ? { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_LGWIN]: 18 }
      : { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: size };
  return brotliCompressSync(body, { params, chunkSize });
}

/** Types that are compressed already (images but SVG, fonts, PDF, archives, media): sent as they are. */
const INCOMPRESSIBLE = /^(?:image\/(?!svg)|font\/|audio\/|video\/|application\/(?:pdf|zip|gzip|x-gzip|octet-stream))/i;

/** Express's own `send` (app.response inherits it from express.response). */
const expressSend = express.response.send;

function sendWhole(this: Response, body?: unknown): Response {
  const whole = typeof body === 'string' || Buffer.isBuffer(body);
  const bodiless = this.statusCode === 204 || this.statusCode === 205 || this.statusCode === 304;
  // A conditional request that matches the answer's ETag: Express's send answers 304 without a body.
  if (!whole || bodiless || this.get('Content-Encoding') || this.get('Transfer-Encoding') || this.req.fresh) {
    return expressSend.call(this, body);
  }
  // The type Express's `send` would give the body (text as HTML, bytes as a download), with the charset it adds to text.
  if (!this.get('Content-Type')) this.type(typeof body === 'string' ? 'html' : 'bin');
  const type = String(this.get('Content-Type'));
  if (INCOMPRESSIBLE.test(type)) return expressSend.call(this, body);
  this.vary('Accept-Encoding');
  const encoding = Buffer.byteLength(body) >= COMPRESS_THRESHOLD_BYTES ? negotiateEncoding(this.req.headers['accept-encoding']) : null;
  if (encoding === null) return expressSend.call(this, body);
  if (typeof body === 'string' && !/;\s*charset=/i.test(type)) this.set('Content-Type', `${type}; charset=utf-8`);
  const data = compressWhole(body, encoding);
  this.set('Content-Encoding', encoding);
  this.set('Content-Length', String(data.length));
  this.end(this.req.method === 'HEAD' ? undefined : data);
  return this;
}

function jsonWhole(this: Response, value: unknown): Response {
  if (!this.get('Content-Type')) this.set('Content-Type', 'application/json; charset=utf-8');
  return this.send(JSON.stringify(value));
}

/**
 * Mounted once, before every route: `res.send` and `res.json` become the module's own functions (shared by every
 * response, not functions made per request). A string or Buffer body of a compressible type from
 * COMPRESS_THRESHOLD_BYTES on is compressed in the negotiated encoding and sent with its Content-Encoding,
 * Content-Length and `Vary: Accept-Encoding`; anything else (a body already encoded, a 204, a 304) goes to Express's
 * own `send`.
 */
export const compressAnswers: RequestHandler = (_req, res, next) => {
  res.send = sendWhole;
  res.json = jsonWhole;
  next();
};

/** A body kept across requests (a shared page, a viewer file) with its compressed copies, each made at most once. */
export interface KeptBody {
  body: Buffer;
  encoded?: Partial<Record<Encoding, Buffer>>;
}

/** Sends a kept body in the negotiated encoding, compressing it for that encoding the first time it is asked for. */
export function sendKept(res: Response, kept: KeptBody): void {
  if (kept.body.length >= COMPRESS_THRESHOLD_BYTES) {
    res.vary('Accept-Encoding');
    const encoding = negotiateEncoding(res.req.headers['accept-encoding']);
    if (encoding !== null) {
      kept.encoded ??= {};
      kept.encoded[encoding] ??= compressWhole(kept.body, encoding, 'kept');
      // res.send leaves an answer that has a Content-Encoding as it is.
      res.setHeader('Content-Encoding', encoding);
      res.send(kept.encoded[encoding]);
      return;
    }
  }
  res.send(kept.body);
}
