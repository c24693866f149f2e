// Sending an experience back (the 差し戻す, seen by the host): the administrator rejects the demo's pending
// experience with a reason in /admin/experiences, and the host finds that reason on the experience's edit page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, type Session } from '#tests/e2e/browser';

const PENDING_TITLE = '窯焚きの夜、薪をくべて器の焼き上がりを待つ';
const REASON = '集合場所の住所が番地まで書かれていません。\n番地まで入れてから申請してください。';
let s: Session;

beforeAll(async () => {
  s = await openBrowser();
});

function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000 });
}

async function signedIn(email: string, width = 1280): Promise<Page> {
  const page = await s.newPage({ width, height: 900 });
  await s.signIn(page, email);
  return page;
}

describe('差し戻す, then the host sees why', () => {
  it('rejects the pending experience with a reason, and the host reads it on the edit page', async () => {
    const admin = await signedIn('admin@example.com');
    await admin.goto('/admin/experiences');
    await hydrated(admin);
    const row = admin.locator('tr[data-testid^="pending-"]', { hasText: PENDING_TITLE });
    await poll(() => row.count()).toBe(1);
    const id = Number((await row.getAttribute('data-testid'))?.replace('pending-', ''));
    expect(id).toBeGreaterThan(0);
    // The notice goes into a region that is there before the action (one mounted with its text is often not read).
    const regions = await admin.getByRole('status').count();
    expect(regions).toBeGreaterThan(0);
    await row.getByRole('button', { name: '差し戻す' }).click();
    const dialog = admin.getByTestId('reject-dialog');
    await dialog.locator('textarea[name="reason"]').fill(REASON);
    await dialog.getByRole('button', { name: '差し戻す' }).click();
    await poll(() => admin.getByTestId('approval-notice').textContent()).toContain(PENDING_TITLE);
    expect(await admin.getByRole('status').count()).toBe(regions);
    const notice = admin.getByTestId('approval-notice');
    expect(await admin.getByRole('status').filter({ has: notice }).count()).toBe(1);
    // It stays unpublished (and in the queue, with its history) until the host changes it and asks again.
    expect((await fetch(`${s.baseUrl}/api/v1/experiences/${id}`)).status).toBe(404);

    for (const width of [375, 1280]) {
      const host = await signedIn('host@example.com', width);
      await host.goto(`/host_story/${id}/edit`);
      await hydrated(host);
      const notice = host.getByTestId('rejection');
      await poll(() => notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toContain('運営事務局から差し戻されました');
      // The reason as the administrator wrote it, line break included.
      expect(await notice.locator('.form-page__rejection-reason').textContent()).toBe(REASON);
      // The host's list marks it 差し戻し instead of 公開申請中.
      await host.goto('/host/story?tab=experiences');
      await hydrated(host);
      const card = host.getByTestId('host-card').filter({ hasText: PENDING_TITLE });
      expect(await card.getByTestId('rejected-badge').textContent()).toBe('差し戻し');
      expect(await card.textContent()).not.toContain('公開申請中');
    }

    // Another user who may not manage it gets no page, so no reason either.
    const guest = await signedIn('guest@example.com');
    const res = await guest.goto(`/host_story/${id}/edit`);
    expect(res?.status()).not.toBe(200);
    expect(await guest.getByTestId('rejection').count()).toBe(0);
  });
});
