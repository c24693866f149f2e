// Debian's Chromium through playwright-core (never a downloaded browser).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Session {
  browser: Browser;
  baseUrl: string;
  newPage(options?: { width?: number; height?: number }): Promise<Page>;
  /** Signs in through the API inside the page's context so the cookie is set for the browser. */
  signIn(page: Page, email: string, password?: string): Promise<void>;
}

export async function openBrowser(): Promise<Session> {
  // Playwright gives every launch a fresh, temporary profile (--user-data-dir) and runs headless.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
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
  const contexts: BrowserContext[] = [];
  const baseUrl = inject('baseUrl');
  afterAll(async () => {
    await browser.close();
  });
  return {
    browser,
    baseUrl,
    async newPage({ width = 1280, height = 900 } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        baseURL: baseUrl,
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      });
      contexts.push(context);
      return context.newPage();
    },
    async signIn(page, email, password = 'password1234') {
      const res = await page.request.post(`${baseUrl}/api/v1/sessions`, { data: { email, password } });
      if (res.status() !== 201) throw new Error(`sign-in failed: ${res.status()}`);
    },
  };
}
