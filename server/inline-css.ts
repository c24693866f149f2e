// The page's stylesheets inlined into its HTML: Vike links each CSS file a page imports (8 or more small
// files on most pages), and every one of them blocked the first paint for a round trip. Production renders replace
// each `<link rel="stylesheet">` of a built file with a `<style>` holding that file, in the same place and order, so
// nothing render-blocking precedes the first paint. A page's CSS is 10–25 kB (3–7 kB compressed with the HTML).
// Every navigation is a full page load (server routing, `clientRouting: false`), so every page arrives with its
// stylesheets inlined this way. Files are read once per process.
//
// The same pass writes in a page's late parts: server-only HTML the page made as a string (the /stories cards, the
// experience page's parts and head tags) and left as a marker in its render (lateHtmlMarker,
// src/components/server-html.tsx), so that markup goes through neither React's render nor Vike's passes over the
// document, which copy the whole HTML several times. The page's HTML from React's render is such a part too
// (pages/+onAfterRenderHtml.ts): Vike's passes see only the head and the marker, and the page's own late parts are
// written into the page's HTML as it is copied in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_HTML } from '#src/components/server-html';

/** Vike's stylesheet links of built files (href under /assets/), and late parts' markers (`<!--late-html:name-->`). */
const SPLICED = /<link rel="stylesheet" type="text\/css" href="(\/assets\/[\w./-]+\.css)">|<!--late-html:([\w-]+)-->/g;

/** A page's late parts by name (its server-only part's `lateHtml`). */
export type LateParts = Readonly<Record<string, string>>;

/**
 * A function that inlines the built stylesheets an HTML page links (files of `clientDir`; none without one, as in
 * development), writes in the page's HTML (`pageHtml`, at its marker) and its late parts (a marker without its part is
 * dropped), and returns the page as bytes. Each stylesheet's `<style>` element is encoded once per process and copied
 * into the answer as bytes: a page carries more CSS than markup of its own, and in the HTML string it would be copied
 * into a larger string and encoded to UTF-8 again on every render.
 */
export function pageBytes(clientDir: string | null): (html: string, late?: LateParts, pageHtml?: string) => Buffer {
  const files = new Map<string, Buffer | null>();
  const read = (href: string): Buffer | null => {
    let element = files.get(href);
    if (element === undefined) {
      const file = path.join(clientDir ?? '', href);
      try {
        // A stylesheet cannot close the <style> element it is placed in.
        const css = clientDir !== null && file.startsWith(clientDir) ? readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style') : null;
        // The disabled link is never fetched, and it is still needed without a client router: the parts a page loads
        // after hydration (hydrateLater, src/components/hydrate-later.tsx) are dynamic imports whose preload lists name
        // their stylesheets, and Vite's preload helper adds a link for each stylesheet it finds no link for. Without
        // the markers the experience page fetched 7 stylesheets after hydration (global.css among them) and applied
        // them again after its own rules, which restyled the booking bar's button (measured in Chromium, 2026-11-23).
        // tests/e2e/performance.test.ts checks that these markers are the only stylesheet links of a page.
        element =
          css === null ? null : Buffer.from(`<style data-href="${href}">${css}</style><link rel="stylesheet" href="${href}" disabled>`);
      } catch {
        element = null;
      }
      files.set(href, element);
    }
    return element;
  };
  /** Appends `html` to `parts`, spliced; the page's HTML (at its marker) spliced the same way in its place. */
  const splice = (parts: (string | Buffer)[], html: string, late: LateParts | undefined, pageHtml: string | undefined): void => {
    let from = 0;
    for (const match of html.matchAll(SPLICED)) {
      const name = match[2];
      if (name === PAGE_HTML && pageHtml !== undefined) {
        parts.push(html.slice(from, match.index));
        splice(parts, pageHtml, late, undefined);
      } else {
        const element = name === undefined ? read(match[1]) : (late?.[name] ?? '');
        if (element === null) continue;
        parts.push(html.slice(from, match.index), element);
      }
      from = match.index + match[0].length;
    }
    parts.push(from === 0 ? html : html.slice(from));
  };
  // The parts are written one after another into one buffer kept by the process, then copied out at their length:
  // a string's UTF-8 length is only known by reading it through once more (what Buffer.from does before it writes),
  // and a Buffer of each part joined at the end copies every byte twice. A UTF-16 unit never takes more than three
  // bytes, so the buffer is grown to that bound before writing.
  let scratch = Buffer.alloc(0);
  return (html, late, pageHtml) => {
    const parts: (string | Buffer)[] = [];
    splice(parts, html, late, pageHtml);
    let bound = 0;
    for (const part of parts) bound += typeof part === 'string' ? part.length * 3 : part.length;
    if (scratch.length < bound) scratch = Buffer.allocUnsafe(bound);
    let at = 0;
    for (const part of parts) at += typeof part === 'string' ? scratch.write(part, at) : part.copy(scratch, at);
    return Buffer.copyBytesFrom(scratch, 0, at);
  };
}
