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
// document, which copy the whole HTML several times.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Vike's stylesheet links of built files (href under /assets/), and late parts' markers (`<!--late-html:name-->`). */
const SPLICED = /<link rel="stylesheet" type="text\/css" href="(\/assets\/[\w./-]+\.css)">|<!--late-html:([\w-]+)-->/g;

/** A page's late parts by name (its server-only part's `lateHtml`). */
export type LateParts = Readonly<Record<string, string>>;

/**
 * A function that inlines the built stylesheets an HTML page links (files of `clientDir`; none without one, as in
 * development), writes in its late parts (a marker without its part is dropped) and returns the page as bytes. Each
 * stylesheet's `<style>` element is encoded once per process and copied into the answer as bytes: a page carries more
 * CSS than markup of its own, and in the HTML string it would be copied into a larger string and encoded to UTF-8
 * again on every render.
 */
export function pageBytes(clientDir: string | null): (html: string, late?: LateParts) => Buffer {
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
  return (html, late) => {
    const parts: Buffer[] = [];
    let from = 0;
    for (const match of html.matchAll(SPLICED)) {
      const element = match[1] === undefined ? Buffer.from(late?.[match[2]] ?? '') : read(match[1]);
      if (element === null) continue;
      parts.push(Buffer.from(html.slice(from, match.index)), element);
      from = match.index + match[0].length;
    }
    parts.push(Buffer.from(from === 0 ? html : html.slice(from)));
    return parts.length === 1 ? parts[0] : Buffer.concat(parts);
  };
}
