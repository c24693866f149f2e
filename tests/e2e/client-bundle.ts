// What a page's first load costs in JavaScript, read from the build (`dist/client`): the router entry and
// the page's entry with every module they import statically (the files Vike lists as <script> and modulepreload),
// each gzipped at level 9 like the build's .gz siblings. Lazy chunks (`import()`) are not counted: they load later.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client');

export interface ScriptSize {
  /** The URL path, e.g. /assets/chunks/chunk-x.js */
  file: string;
  gzip: number;
}

// A static import or re-export of a built module: `import{a as b}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`
// (never `import("./x.js")`, which loads later).
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

function entryFile(prefix: string): string {
  const dir = path.join(CLIENT_DIR, 'assets/entries');
  if (!existsSync(dir)) throw new Error('Run `npm run build` first.');
  const match = readdirSync(dir).filter((f) => f.endsWith('.js') && f.startsWith(`${prefix}.`));
  if (match.length !== 1) throw new Error(`expected one built entry ${prefix}.*.js, found ${match.length}`);
  return `/assets/entries/${match[0]}`;
}

/** The router's entry (client or server routing, whichever the build has). */
function routerEntry(): string {
  const dir = path.join(CLIENT_DIR, 'assets/entries');
  const name = readdirSync(dir).find((f) => /^entry-(client|server)-routing\.[^.]+\.js$/.test(f));
  if (!name) throw new Error('no Vike router entry in dist/client/assets/entries');
  return `/assets/entries/${name}`;
}

function collect(file: string, seen: Set<string>): void {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(path.join(CLIENT_DIR, file), 'utf8');
  for (const m of code.matchAll(STATIC_IMPORT)) collect(path.posix.join(path.posix.dirname(file), m[1]), seen);
}

/**
 * The scripts a page loads before it is interactive, largest first. `pageEntry` is Vike's name for the page's entry:
 * the page folder with `/` as `_` and `@` as `-` (`pages_stories_-id_index` for pages/stories/@id/index).
 */
export function firstLoadScripts(pageEntry: string): ScriptSize[] {
  const seen = new Set<string>();
  collect(routerEntry(), seen);
  collect(entryFile(pageEntry), seen);
  return [...seen]
    .map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
}

export function totalBytes(scripts: ScriptSize[]): number {
  return scripts.reduce((sum, s) => sum + s.gzip, 0);
}

export function readScript(file: string): string {
  return readFileSync(path.join(CLIENT_DIR, file), 'utf8');
}

// The files Vite preloads with a chunk's lazy imports: `const __vite__mapDeps=(…m.f=["assets/…","assets/…"]…)`.
const PRELOAD_LIST = /const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])/;

/**
 * The stylesheets the page's lazily loaded parts need (src/components/hydrate-later.tsx), as URL paths: every .css in
 * the preload lists of the page's first-load scripts, except the router entry's (its page loaders).
 */
export function lazyStylesheets(pageEntry: string): string[] {
  const css = new Set<string>();
  for (const { file } of firstLoadScripts(pageEntry)) {
    if (file === routerEntry()) continue;
    const list = PRELOAD_LIST.exec(readScript(file))?.[1];
    if (!list) continue;
    for (const dep of JSON.parse(list) as string[]) if (dep.endsWith('.css')) css.add(`/${dep}`);
  }
  return [...css].sort();
}
