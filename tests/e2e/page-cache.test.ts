// The page micro-cache (server/vike.ts): a signed-out render of a page is shared for PUBLIC_CACHE_SECONDS, so a
// change in the database shows to signed-out visitors only once the TTL has passed; a signed-in visitor always
// gets a fresh render. A second built server on the e2e server's database, with the cache on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDatabaseUrl } from '#tests/e2e/browser';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { createExperience } from '#tests/factories/experiences';
import { createUser, TEST_PASSWORD } from '#tests/factories/users';
import { Experience } from '#src/modules/experiences/experiences.entity';

// Long enough that the request right after the change is always within it, even on a loaded machine.
const TTL_SECONDS = 10;

let server: ServerProcess;
let orm: MikroORM;

beforeAll(async () => {
  const databaseUrl = serverDatabaseUrl();
  server = await startServerProcess({ DATABASE_URL: databaseUrl, PUBLIC_CACHE_SECONDS: String(TTL_SECONDS) });
  orm = await initOrm(databaseUrl, { pool: 2 });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await orm?.close(true);
});

const page = async (path: string, cookie?: string) => {
  const res = await fetch(`${server.base}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, html: await res.text() };
};

describe('page micro-cache', () => {
  it('serves signed-out visitors the cached render within the TTL and the new one after; signed-in never', async () => {
    const host = await createUser(orm, { role: 'HOST' });
    const experience = await createExperience(orm, { hostUserId: host.id, title: 'キャッシュ前のタイトル' });
    const path = `/stories/${experience.id}`;
    const first = await page(path);
    expect(first.status).toBe(200);
    expect(first.html).toContain('キャッシュ前のタイトル');

    await orm.em.fork().nativeUpdate(Experience, { id: experience.id }, { title: 'キャッシュ後のタイトル' });
    const changedAt = Date.now();
    // Within the TTL a signed-out visitor gets the same render.
    const cached = await page(path);
    expect(Date.now() - changedAt).toBeLessThan(TTL_SECONDS * 1000);
    expect(cached.html).toContain('キャッシュ前のタイトル');
    expect(cached.html).not.toContain('キャッシュ後のタイトル');

    // Issue 16: a query string the page does not read is not a new page (one key, src/lib/page-cache-key.ts), and the
    // shared render is made for the normalised URL, so it never carries a visitor's extra parameters.
    for (const extra of ['?utm_source=mail', '?r=1', '?r=2&fbclid=x']) {
      const other = await page(`${path}${extra}`);
      expect(other.status).toBe(200);
      expect(other.html, extra).toContain('キャッシュ前のタイトル');
      expect(other.html, extra).not.toContain('キャッシュ後のタイトル');
      expect(other.html).not.toContain('utm_source');
      expect(other.html).not.toContain('fbclid');
    }

    // A signed-in visitor's render never comes from it.
    const signIn = await fetch(`${server.base}/api/v1/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: host.email, password: TEST_PASSWORD }),
    });
    expect(signIn.status).toBe(201);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await page(path, cookie)).html).toContain('キャッシュ後のタイトル');

    // Once the TTL has passed, signed-out visitors get the new render.
    await expect
      .poll(async () => (await page(path)).html.includes('キャッシュ後のタイトル'), { timeout: (TTL_SECONDS + 10) * 1000, interval: 500 })
      .toBe(true);
  }, 60_000);
});
