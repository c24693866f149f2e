// Build-time compression of the static files: every text file of the built client gets a brotli (.br,
// quality 11) and a gzip (.gz, level 9) sibling, written once by `npm run build` (the Vite plugin below), so a request
// never compresses a static file. server/static-assets.ts serves the sibling the browser accepts.
// Imported by vite.config.ts (relative path: Vite loads its config before the tsconfig aliases exist) and the server.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing (images and fonts are compressed already). */
const TEXT_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.xml', '.map', '.webmanifest']);

/**
 * Below this a file gains nothing: brotli/gzip framing plus Content-Encoding and Vary cost about as much as they save,
 * and the whole answer fits one TCP packet either way. The same threshold applies to dynamic responses (app.ts).
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers compressed as they are sent (app.ts's compression middleware: pages not shared, JSON): brotli at quality 2
 * with a 256 KB window: measured per answer, a fraction of quality 4's CPU with brotli's default 4 MB window for a
 * few percent more bytes (docs/performance-log.md). Most of quality 4's cost on small answers was setting up the
 * large window, which an answer of a few kilobytes never uses. Browsers without brotli get gzip level 6.
 */
export const DYNAMIC_BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_LGWIN]: 18 };
export const DYNAMIC_GZIP_LEVEL = 6;

/**
 * A shared (cached) page's stored copies (server/vike.ts) are compressed once for every later visitor, so they can
 * afford a higher quality: brotli 5 (smaller than quality 4, paid once per
 * cache entry).
 */
export const STORED_BROTLI_QUALITY = 5;

/** The encodings a pre-compressed sibling may have, in the order the server prefers them. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Whether a file of this path and size gets compressed siblings. */
export function isCompressible(file: string, size: number): boolean {
  return size >= COMPRESS_THRESHOLD_BYTES && TEXT_EXTENSIONS.has(path.extname(file));
}

/** Writes the .br and .gz siblings of every compressible file under dir. Returns how many files it compressed. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of walk(dir)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    // The Vite manifest is read by the server, never sent to a browser.
    if (file.includes(`${path.sep}.vite${path.sep}`)) continue;
    const size = statSync(file).size;
    if (!isCompressible(file, size)) continue;
    const data = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}

/** Vite plugin: pre-compresses the client build's output (not the server bundle, which no browser downloads). */
export function precompressPlugin() {
  return {
    name: 'taiken:precompress',
    apply: 'build' as const,
    applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
    writeBundle(options: { dir?: string }) {
      if (options.dir) precompressDir(options.dir);
    },
  };
}
