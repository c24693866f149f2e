// The page's stylesheets inlined into its HTML: Vike links each CSS file a page imports (8 or more small
// files on most pages), and every one of them blocked the first paint for a round trip. Production renders replace
// each `<link rel="stylesheet">` of a built file with a `<style>` holding that file, in the same place and order, so
// nothing render-blocking precedes the first paint. A page's CSS is 10–25 kB (3–7 kB compressed with the HTML).
// Every navigation is a full page load (server routing, `clientRouting: false`), so every page arrives with its
// stylesheets inlined this way. Files are read once per process.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Vike's stylesheet links of built files (href under /assets/). */
const STYLESHEET_LINK = /<link rel="stylesheet" type="text\/css" href="(\/assets\/[\w./-]+\.css)">/g;

/** A function that inlines the built stylesheets an HTML page links (files of `clientDir`). */
export function cssInliner(clientDir: string): (html: string) => string {
  const files = new Map<string, string | null>();
  const read = (href: string): string | null => {
    let css = files.get(href);
    if (css === undefined) {
      const file = path.join(clientDir, href);
      try {
        // A stylesheet cannot close the <style> element it is placed in.
        css = file.startsWith(clientDir) ? readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style') : null;
      } catch {
        css = null;
      }
      files.set(href, css);
    }
    return css;
  };
  return (html) =>
    html.replace(STYLESHEET_LINK, (link, href: string) => {
      const css = read(href);
      // The disabled link is never fetched, and it is still needed without a client router: the parts a page loads
      // after hydration (hydrateLater, src/components/hydrate-later.tsx) are dynamic imports whose preload lists name
      // their stylesheets, and Vite's preload helper adds a link for each stylesheet it finds no link for. Without
      // the markers the experience page fetched 7 stylesheets after hydration (global.css among them) and applied
      // them again after its own rules, which restyled the booking bar's button (measured in Chromium, 2026-11-23).
      // tests/e2e/performance.test.ts checks that these markers are the only stylesheet links of a page.
      return css === null ? link : `<style data-href="${href}">${css}</style><link rel="stylesheet" href="${href}" disabled>`;
    });
}
