// The whole audit log in Chromium: an entry found by its entity kind and day, with who, the target, the action and
// the fields it changed; a refused day said in Japanese; the phone width without sideways scrolling.
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, openServerOrm, type Session } from '#tests/e2e/browser';

let s: Session;
let entryId = 0;
const entityId = 900_000 + Math.floor(Math.random() * 90_000);

beforeAll(async () => {
  s = await openBrowser();
  const orm = await openServerOrm();
  // A day of its own, far from the demo data's entries (Japan time 2031-03-03 12:00).
  const [row] = await orm.em
    .fork()
    .getConnection()
    .execute<{ id: number }[]>(
      `INSERT INTO audit_log (actor, actor_name, entity_type, entity_id, action, before, after, created_at)
       VALUES ('operator:e2e', '監査 太郎', 'coupon', ?, 'update', '{"name":"春の割引"}', '{"name":"夏の割引"}', '2031-03-03T03:00:00Z')
       RETURNING id`,
      [entityId],
    );
  entryId = row.id;
});

function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000 });
}

describe('/admin/audit', () => {
  it('finds an entry by entity kind and day, with who, the target, the action and the change', async () => {
    for (const width of [1280, 375]) {
      const page = await s.signedInPage('admin@example.com', { width, height: 900 });
      await page.goto('/admin/audit?entity=coupon&since=2031-03-03&until=2031-03-03');
      await hydrated(page);
      const row = page.getByTestId(`audit-${entryId}`);
      await poll(() => row.isVisible()).toBe(true);
      expect(await page.getByTestId('list-count').textContent()).toBe('1件');
      const text = await row.textContent();
      expect(text).toContain('監査 太郎');
      expect(text).toContain(`クーポン #${entityId}`);
      expect(text).toContain('更新');
      expect(text).toContain('春の割引 → 夏の割引');
      expect(await page.getByRole('combobox', { name: '対象の種類' }).inputValue()).toBe('coupon');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }
  });

  it('says why a day is refused', async () => {
    const page = await s.signedInPage('admin@example.com', { width: 1280, height: 900 });
    await page.goto('/admin/audit?since=2031-02-30');
    await hydrated(page);
    await poll(() => page.getByRole('alert').first().textContent()).toContain('開始日は YYYY-MM-DD の形式の正しい日付で指定してください');
  });
});
