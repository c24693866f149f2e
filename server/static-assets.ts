// Static files with their build-time compressed siblings (server/precompress.ts): a browser that accepts brotli gets
// file.br, one that accepts only gzip gets file.gz, anyone else the file itself; each with the original's
// Content-Type, `Content-Encoding` and `Vary: Accept-Encoding`. Nothing is compressed per request.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';
import { PRECOMPRESSED } from './precompress';

type Encoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** URL path ('/a/b.js', relative to the folder) → the encodings that have a sibling file, in preference order. */
function findSiblings(dir: string): Map<string, Encoding[]> {
  const found = new Map<string, Encoding[]>();
  if (!existsSync(dir)) return found;
  const files = new Set<string>();
  const collect = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) collect(full);
      else files.add(full);
    }
  };
  collect(dir);
  for (const file of files) {
    const encodings = PRECOMPRESSED.filter(({ suffix }) => files.has(file + suffix)).map(({ encoding }) => encoding);
    if (encodings.length > 0) found.set(`/${path.relative(dir, file).split(path.sep).join('/')}`, encodings);
  }
  return found;
}

const SUFFIX: Record<Encoding, string> = Object.fromEntries(PRECOMPRESSED.map((p) => [p.encoding, p.suffix])) as Record<Encoding, string>;

/**
 * The sibling to send: the encoding the Accept-Encoding header weights highest, the server's order (brotli, then gzip)
 * breaking ties (browsers list gzip first with the same weight), or null for the plain file.
 */
export function pickEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
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
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * express.static for `dir` that serves the pre-compressed sibling the request accepts. The folder is read once when
 * mounted (the build output does not change while the server runs).
 */
export function precompressedStatic(dir: string, options: Parameters<typeof express.static>[1] = {}): RequestHandler {
  const siblings = findSiblings(dir);
  const serve = express.static(dir, {
    ...options,
    setHeaders(res: Response, file: string, stat) {
      // The sibling's extension (.br/.gz) must not decide the type: the original's does.
      const encoding = res.getHeader('Content-Encoding');
      if (typeof encoding === 'string' && encoding in SUFFIX) res.type(path.extname(file.slice(0, -SUFFIX[encoding as Encoding].length)));
      options.setHeaders?.(res, file, stat);
    },
  });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return serve(req, res, next);
    const encodings = siblings.get(req.path);
    if (!encodings) return serve(req, res, next);
    res.vary('Accept-Encoding');
    const chosen = pickEncoding(req.headers['accept-encoding'], encodings);
    if (chosen) {
      res.setHeader('Content-Encoding', chosen);
      const query = req.url.indexOf('?');
      req.url = query === -1 ? `${req.url}${SUFFIX[chosen]}` : `${req.url.slice(0, query)}${SUFFIX[chosen]}${req.url.slice(query)}`;
    }
    return serve(req, res, next);
  };
}
