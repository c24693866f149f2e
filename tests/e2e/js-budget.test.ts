// The JavaScript each of the four measured pages loads before it is interactive, gzipped, read from the build
// (`npm test` builds before the browser tests). The experience page's goal is 100 kB (server routing and the parts it
// loads after hydrating reach it); the other budgets hold each page at what it weighs now plus ~1.5 kB (docs/performance.md,
// "Browser performance"; docs/performance-log.md has each pass's table), so a change that adds to a first load fails here and says which files it loads.
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sharedServer } from '#tests/e2e/browser';
import { CLIENT_DIR, firstLoadScripts, lazyStylesheets, readScript, totalBytes } from '#tests/e2e/client-bundle';

const KB = 1024;

/** Vike's entry name of each page and its budget in kB (gzip). */
const PAGES = [
  { path: '/', entry: 'pages_index', budgetKb: 92 },
  // Every page the site has is named in the client router's entry (server routing), so a new page adds a little to each.
  { path: '/stories', entry: 'pages_stories_index', budgetKb: 98.5 },
  { path: '/stories/{id}', entry: 'pages_stories_-id_index', budgetKb: 100 },
  // The booking form also carries what the quote says about cancelling these dates, the sign-in link after a 401 and
  // the notice with the resend button for an unverified address.
  { path: '/reservations/new', entry: 'pages_reservations_new', budgetKb: 107 },
] as const;

/**
 * The administrator area and the brand portal (signed-in staff, desktop first): the dashboards with their charts
 * (visx) are named, and every other page of the two areas is held to the same budget. The heaviest are the community
 * forms (the admin's and the portal's): the image uploader's texts live in the `uploads` section, so a form with
 * photos does not load the host form's texts.
 */
const STAFF_BUDGET_KB = 150;
const STAFF_PAGES = [
  { path: '/admin', entry: 'pages_admin_index' },
  { path: '/brand', entry: 'pages_brand_index' },
] as const;

function listing(entry: string): string {
  return firstLoadScripts(entry)
    .map((s) => `${(s.gzip / KB).toFixed(1).padStart(6)} kB ${s.file}`)
    .join('\n');
}

describe('first-load JavaScript per page (gzip, from dist/client)', () => {
  for (const { path, entry, budgetKb } of PAGES) {
    it(`${path} stays within ${budgetKb} kB`, () => {
      const scripts = firstLoadScripts(entry);
      const total = totalBytes(scripts);
      // React's client alone is ~70 kB: a much smaller total means the files were not found, not a lighter page.
      expect(total).toBeGreaterThan(80 * KB);
      expect(total, `${path}: ${(total / KB).toFixed(1)} kB\n${listing(entry)}`).toBeLessThanOrEqual(budgetKb * KB);
    });
  }

  for (const { path, entry } of STAFF_PAGES) {
    it(`${path} (dashboard with charts) stays within ${STAFF_BUDGET_KB} kB`, () => {
      const scripts = firstLoadScripts(entry);
      const total = totalBytes(scripts);
      expect(total).toBeGreaterThan(80 * KB);
      expect(total, `${path}: ${(total / KB).toFixed(1)} kB\n${listing(entry)}`).toBeLessThanOrEqual(STAFF_BUDGET_KB * KB);
      // The charts (visx, whose class names survive minification) are in the first load: the sum counts them.
      expect(scripts.some(({ file }) => readScript(file).includes('visx-axis-bottom'))).toBe(true);
    });
  }

  it(`holds every page of the administrator area and the brand portal to ${STAFF_BUDGET_KB} kB`, () => {
    const entries = readdirSync(join(CLIENT_DIR, 'assets/entries'))
      .filter((f) => /^pages_(admin|brand)[._]/.test(f) && f.endsWith('.js'))
      .map((f) => f.slice(0, f.indexOf('.')));
    expect(entries.length).toBeGreaterThan(30);
    for (const entry of entries) {
      const total = totalBytes(firstLoadScripts(entry));
      expect(total, `${entry}: ${(total / KB).toFixed(1)} kB\n${listing(entry)}`).toBeLessThanOrEqual(STAFF_BUDGET_KB * KB);
    }
  });

  it('keeps zod out of the four pages (none checks a form with a zod schema in the browser)', () => {
    for (const { path, entry } of PAGES) {
      for (const { file } of firstLoadScripts(entry)) {
        // Every zod 4 schema class is registered under a name such as "$ZodType"; the names survive minification.
        expect(readScript(file), `${path} loads zod in ${file}`).not.toContain('$ZodType');
      }
    }
    // The check finds zod where it is: the contact form validates with its schema before sending.
    const inquiry = firstLoadScripts('pages_inquiry').some(({ file }) => readScript(file).includes('$ZodType'));
    expect(inquiry).toBe(true);
  });

  it("keeps the footer and the header's links out of the first load, and React apart from the layout", () => {
    for (const { path, entry } of PAGES) {
      const files = firstLoadScripts(entry).map((s) => s.file);
      // The footer and the header's links are hydrated later (hydrateLater): their class names are only in later chunks.
      for (const file of files) {
        expect(readScript(file), `${path}: ${file}`).not.toContain('site-footer__links');
        expect(readScript(file), `${path}: ${file}`).not.toContain('site-nav__links');
      }
      // The header's toggle is in the first load, in a chunk without react-dom (whose error texts survive minification):
      // vite.config.ts puts React into a chunk of its own.
      const layout = files.filter((f) => readScript(f).includes('site-header__toggle'));
      expect(layout, path).toHaveLength(1);
      expect(readScript(layout[0]), path).not.toContain('Minified React error');
      expect(
        files.some((f) => readScript(f).includes('Minified React error')),
        path,
      ).toBe(true);
    }
  });

  it("loads Vike's server-routing runtime, without the client router", () => {
    for (const { path, entry } of PAGES) {
      const files = firstLoadScripts(entry).map((s) => s.file);
      expect(
        files.some((f) => f.startsWith('/assets/entries/entry-server-routing.')),
        path,
      ).toBe(true);
      for (const file of files) {
        const code = readScript(file);
        // Strings that survive minification: the client router's link handling and history, and the route table of
        // src/lib/isomorphic/route-table.ts (pages/+onBeforeRoute.ts runs only on the server now). The build before server
        // routing had all three in each page's first load.
        expect(code, `${path}: ${file}`).not.toContain('data-vike-link');
        expect(code, `${path}: ${file}`).not.toContain('scrollRestoration');
        expect(code, `${path}: ${file}`).not.toContain('([^/]+)');
      }
    }
  });

  it('puts the stylesheets of the parts loaded after hydration into the experience page', async () => {
    const base = sharedServer().baseUrl;
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const id = /\/stories\/(\d+)</.exec(sitemap)?.[1];
    expect(id).toBeDefined();
    const html = await (await fetch(`${base}/stories/${id}`)).text();
    const inPage = new Set([...html.matchAll(/<style data-href="([^"]+\.css)"/g)].map((m) => m[1]));
    const needed = lazyStylesheets('pages_stories_-id_index');
    // The carousel, the reviews and the other experiences are loaded after hydration (hydrateLater).
    expect(needed.some((href) => href.includes('carousel'))).toBe(true);
    for (const href of needed) expect(inPage, href).toContain(href);
  });

  it('counts the files the server lists in the page (script and modulepreload)', async () => {
    const base = sharedServer().baseUrl;
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const id = /\/stories\/(\d+)</.exec(sitemap)?.[1];
    expect(id).toBeDefined();
    for (const { path, entry } of PAGES.filter((p) => p.path !== '/reservations/new')) {
      const html = await (await fetch(`${base}${path.replace('{id}', String(id))}`)).text();
      const listed = new Set(
        [...html.matchAll(/<script[^>]* src="([^"]+\.js)"/g), ...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)].map(
          (m) => m[1],
        ),
      );
      expect(listed.size, path).toBeGreaterThan(3);
      expect(new Set(firstLoadScripts(entry).map((s) => s.file)), path).toEqual(listed);
    }
  });
});
