// Absolute links (robots.txt, the sitemap, a page's canonical/og:url origin) come from APP_URL
// (required in production) or http://localhost:PORT, never from Host/X-Forwarded-Host/X-Forwarded-Proto: robots.txt
// is cached an hour and pages are shared through the public cache.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { PageContextServer } from 'vike/types';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { PRODUCTION_TEST_ENV } from '#tests/setup/built';
import { createExperience } from '#tests/factories/experiences';
import { EnvError, parseEnv } from '#src/lib/env';
import { GUEST } from '#src/lib/context';
import { loadStoryPage } from '#pages/stories/@id/index/story-data';
import { loadStories } from '#pages/stories/list-data';

const forged = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Host: 'evil.example' };

describe('without APP_URL (development): http://localhost:PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp({ PORT: '4321' });
  });

  it('robots.txt and the sitemap ignore forged forwarded headers', async () => {
    const experience = await createExperience(t.orm);
    const robots = await request(t.app).get('/robots.txt').set(forged);
    expect(robots.text).toContain('Sitemap: http://localhost:4321/sitemap.xml');
    expect(robots.text).not.toContain('evil.example');
    const sitemap = await request(t.app).get('/sitemap.xml').set(forged);
    expect(sitemap.text).toContain(`<loc>http://localhost:4321/stories/${experience.id}</loc>`);
    expect(sitemap.text).not.toContain('evil.example');
    expect(sitemap.text).not.toContain('https://');
  });

  it("a page's origin (canonical, og:url) ignores forged headers", async () => {
    const experience = await createExperience(t.orm);
    const pageContext = {
      services: t.services,
      ctx: t.services.context(GUEST),
      routeParams: { id: String(experience.id) },
      // No read made before the render: the hook reads for itself.
      request: { readAhead: undefined },
      headersOriginal: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example' },
      urlParsed: { pathname: `/stories/${experience.id}`, search: {}, searchAll: {}, searchOriginal: null },
    } as unknown as PageContextServer;
    const { serverOnly } = await loadStoryPage(pageContext);
    expect(serverOnly.data.origin).toBe('http://localhost:4321');
    expect(serverOnly.lateHtml.head).toContain(`<link rel="canonical" href="http://localhost:4321/stories/${experience.id}"/>`);
    expect(serverOnly.lateHtml.head).not.toContain('evil.example');
  });
});

describe('with APP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp({ APP_URL: 'https://tabitoko.example' });
  });

  it('robots.txt, the sitemap and pages use APP_URL whatever the headers', async () => {
    expect((await request(t.app).get('/robots.txt').set(forged)).text).toContain('Sitemap: https://tabitoko.example/sitemap.xml');
    expect((await request(t.app).get('/sitemap.xml').set(forged)).text).toContain('<loc>https://tabitoko.example/stories</loc>');
    const pageContext = {
      services: t.services,
      ctx: t.services.context(GUEST),
      routeParams: {},
      headersOriginal: { 'x-forwarded-host': 'evil.example' },
      urlParsed: { pathname: '/stories', search: {}, searchAll: {}, searchOriginal: null },
    } as unknown as PageContextServer;
    const { head } = (await loadStories(pageContext, {})).serverOnly;
    expect(head).toContain('<link rel="canonical" href="https://tabitoko.example/stories"/>');
    expect(head).not.toContain('evil.example');
  });
});

it('production refuses to boot without APP_URL, naming it', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...PRODUCTION_TEST_ENV };
  expect(() => parseEnv(production)).toThrow(EnvError);
  expect(() => parseEnv(production)).toThrow(/APP_URL: required in production/);
  expect(parseEnv({ ...production, APP_URL: 'https://tabitoko.example' }).APP_URL).toBe('https://tabitoko.example');
});
