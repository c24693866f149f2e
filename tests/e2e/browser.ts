// Debian's Chromium through playwright-core (never a downloaded browser).
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject, onTestFinished } from 'vitest';
import { atFileEnd } from '#tests/setup/file-end';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { TEST_BROWSER } from '#tests/setup/chromium';
import type { SharedServer } from '#tests/setup/global-server';
import { TEST_PASSWORD } from '#tests/factories/users';

/** What a booking made through the API answers, as far as the browser tests read it. */
export interface BookedReservation {
  id: number;
  amounts: { total: number };
}

export interface Session {
  browser: Browser;
  baseUrl: string;
  newPage(options?: { width?: number; height?: number }): Promise<Page>;
  /**
   * Signs in through the API inside the page's context so the cookie is set for the browser; `base` names a server of
   * the test's own (tests/setup/server-process.ts) instead of the shared one.
   */
  signIn(page: Page, email: string, options?: { password?: string; base?: string }): Promise<void>;
  /** A new page signed in as `email` (signIn's options, and the page's size). */
  signedInPage(email: string, options?: { password?: string; base?: string; width?: number; height?: number }): Promise<Page>;
  /** Signs up a fresh account inside the page's context (signed in afterwards); returns its e-mail. */
  signUp(page: Page, name?: string): Promise<string>;
  /**
   * Books one person on the slots through the API inside the page's context (signed in there), paid with the test
   * card under `key` (the idempotency key); fails unless the booking is made, and returns it.
   */
  bookPaid(page: Page, booking: { experienceId: number; calendarIds: number[]; key: string }): Promise<BookedReservation>;
  /** GET a JSON API path of the server, signed out. */
  getJson<T>(path: string): Promise<T>;
}

/**
 * This worker's built server with the demo data (tests/setup/global-server.ts starts one per worker; VITEST_POOL_ID
 * numbers the workers from 1).
 */
export function sharedServer(): SharedServer {
  const servers = inject('sharedServers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers.length];
}

/** The database of the server under test (sharedServer): its embedded PostgreSQL's port is in postmaster.pid. */
export function serverDatabaseUrl(): string {
  const pgPort = readFileSync(path.join(sharedServer().dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  if (!pgPort) throw new Error('the test server has no embedded PostgreSQL running');
  return `postgres://postgres:postgres@127.0.0.1:${pgPort}/marketplace`;
}

/** An ORM on the shared server's database, for a file's factories; closed when the file ends. */
export async function openServerOrm(): Promise<MikroORM> {
  const orm = await initOrm(serverDatabaseUrl(), { pool: 2 });
  atFileEnd(() => orm.close(true));
  return orm;
}

/** The value, or a failed test naming what was missing (instead of a non-null assertion). */
/**
 * A client address of its own for a sign-in or sign-up made by a test's helper (the shared server trusts one proxy
 * hop, tests/setup/global-server.ts): the whole browser suite signs in far more often than one person may from one
 * address (the sign-in and sign-up limits per address), and the tests of those limits use servers of their own.
 */
function clientAddress(): Record<string, string> {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return { 'x-forwarded-for': `198.18.${octet()}.${octet()}` };
}

export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`missing: ${what}`);
  return value;
}

/** Resolves once React has hydrated the page (the layout sets data-hydrated). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Resolves once every later part of the page has hydrated (src/components/hydrate-later.tsx; later-press.ts marks each
 * `data-hydrated`). A press before then is carried out when the code comes, but as a replay, without the visitor's
 * gesture: a test needs this to look at a part as hydrated, or to press something only a gesture may do (the clipboard).
 */
export async function laterPartsHydrated(page: Page): Promise<void> {
  await hydrated(page);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-later-part]')].every((part) => part.hasAttribute('data-hydrated')));
}

/**
 * Holds back every script that the HTML of `path` does not name (the later parts' chunks, hydrate-later.tsx) until
 * `release()`, so a press lands on a part React has not hydrated yet, as a visitor's on a slow connection does; the
 * scripts the HTML names load as usual. Call before `page.goto(path)`; `held()` counts the scripts held so far.
 */
export async function holdLaterChunks(page: Page, path: string): Promise<{ held: () => number; release: () => Promise<void> }> {
  const html = await (await page.request.get(path)).text();
  const firstLoad = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  if (firstLoad.size === 0) throw new Error(`no scripts named in the HTML of ${path}`);
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/**/*.js', (route) => {
    if (released || firstLoad.has(new URL(route.request().url()).pathname)) return route.continue();
    held.push(route);
  });
  return {
    held: () => held.length,
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/**
 * Every change of the DOM inside an element matching one of `selectors` (server-only parts, which hydration must leave
 * as sent), from the document's first parse on, as `<type> in <selector>`; call before `page.goto` and read the
 * changes with the function it returns.
 */
export async function watchChanges(page: Page, selectors: string[]): Promise<() => Promise<string[]>> {
  await page.addInitScript((watched: string[]) => {
    const changed: string[] = [];
    (window as unknown as { watchedChanges: string[] }).watchedChanges = changed;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        // Additions of the parts' own content while the parser streams the document are not changes.
        if (document.readyState === 'loading') continue;
        const part = watched.find((selector) => target?.closest(selector));
        if (part) changed.push(`${record.type} in ${part}`);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, selectors);
  return () => page.evaluate(() => (window as unknown as { watchedChanges: string[] }).watchedChanges);
}

/**
 * The page's errors from now on, as they come: uncaught exceptions and console errors (hydration mismatches among
 * them), except the browser's own line for a resource that failed to load (a factory's photo is not a file of the
 * test server).
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

/**
 * Call before the action, await after it: resolves once the page has loaded the document the action leads to and
 * hydrated it. Pages load anew after a form or a button succeeds (server routing: `reloadPage()`, `goTo(url)` in
 * src/lib/isomorphic/browser-navigation.ts); the next step must wait for that load, or a `page.goto` races it.
 */
export function nextLoad(page: Page): Promise<void> {
  return page.waitForEvent('load').then(() => hydrated(page));
}

export async function openBrowser(): Promise<Session> {
  // Playwright gives every launch a fresh, temporary profile (--user-data-dir) and runs headless.
  const browser = await chromium.launch({
    executablePath: TEST_BROWSER,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  const { baseUrl } = sharedServer();
  atFileEnd(() => browser.close());
  const session: Session = {
    browser,
    baseUrl,
    async newPage({ width = 1280, height = 900 } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        baseURL: baseUrl,
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      });
      // The page closes when its test ends: an open page keeps running (the photo carousel advances every 3 s, which
      // costs the headless browser's software rendering about a tenth of a core per page), and a file's later tests
      // would otherwise share the machine with every page its earlier tests left open.
      onTestFinished(() => context.close());
      return context.newPage();
    },
    async signIn(page, email, { password = TEST_PASSWORD, base = baseUrl } = {}) {
      const res = await page.request.post(`${base}/api/v1/sessions`, { data: { email, password }, headers: clientAddress() });
      if (res.status() !== 201) throw new Error(`sign-in failed: ${res.status()}`);
    },
    async signedInPage(email, { width, height, ...options } = {}) {
      const page = await session.newPage({ width, height });
      await session.signIn(page, email, options);
      return page;
    },
    async signUp(page, name = 'ブラウザ 花子') {
      const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const res = await page.request.post(`${baseUrl}/api/v1/users`, {
        data: { name, email, password: 'abcd1234', agree_terms: true },
        headers: clientAddress(),
      });
      if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()}`);
      return email;
    },
    async bookPaid(page, { experienceId, calendarIds, key }) {
      const res = await page.request.post(`${baseUrl}/api/v1/reservations`, {
        data: { tour_id: experienceId, calendar_ids: calendarIds, number_of_people: 1, payment_token: 'tok_visa', idempotency_key: key },
      });
      if (res.status() !== 201) throw new Error(`booking failed: ${res.status()} ${await res.text()}`);
      return (await res.json()) as BookedReservation;
    },
    async getJson<T>(path: string) {
      const res = await fetch(`${baseUrl}${path}`);
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return (await res.json()) as T;
    },
  };
  return session;
}
