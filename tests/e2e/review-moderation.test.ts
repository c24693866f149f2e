// Review moderation in the administrator area: the administrator hides a demo review with a reason (the experience's
// public reviews lose it), then shows it again, at a phone's width and a desktop's. The review is visible again at the
// end, as the demo data has it, for the files that share this server after this one.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, must, openBrowser, type Session } from '#tests/e2e/browser';

const REASON = '他の方の電話番号が書かれているため';
let s: Session;

beforeAll(async () => {
  s = await openBrowser();
});

function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000 });
}

async function publicReviewIds(experienceId: number): Promise<number[]> {
  const res = await fetch(`${s.baseUrl}/api/v1/experiences/${experienceId}/reviews`);
  return ((await res.json()).reviews as { id: number }[]).map((r) => r.id);
}

async function adminPage(width: number): Promise<Page> {
  const page = await s.newPage({ width, height: 900 });
  await s.signIn(page, 'admin@example.com');
  await page.goto('/admin/reviews');
  await hydrated(page);
  return page;
}

describe('/admin/reviews', () => {
  it.each([375, 1280])('hides a review with a reason and shows it again (%i px)', async (width) => {
    const admin = await adminPage(width);
    const row = admin.locator('[data-testid^="review-"]').first();
    await poll(() => row.count()).toBe(1);
    const id = Number((await row.getAttribute('data-testid'))?.replace('review-', ''));
    const link = must(await row.getByRole('link').first().getAttribute('href'), 'experience link');
    const experienceId = Number(link.replace('/stories/', ''));
    expect(await publicReviewIds(experienceId)).toContain(id);
    await poll(() => row.textContent()).toContain('表示中');

    await row.getByRole('button', { name: '非表示にする' }).click();
    const dialog = admin.getByTestId('hide-dialog');
    // A reason is required, and said at the field.
    await dialog.getByRole('button', { name: '非表示にする' }).click();
    await poll(() => dialog.textContent()).toContain('非表示の理由を入力してください');
    await dialog.locator('textarea[name="reason"]').fill(REASON);
    await dialog.getByRole('button', { name: '非表示にする' }).click();
    await poll(() => admin.getByTestId('review-notice').textContent()).toBe('レビューを非表示にしました');
    const hiddenRow = admin.getByTestId(`review-${id}`);
    await poll(() => hiddenRow.textContent()).toContain(`非表示の理由: ${REASON}`);
    expect(await hiddenRow.textContent()).toContain('非表示');
    expect(await publicReviewIds(experienceId)).not.toContain(id);

    await hiddenRow.getByRole('button', { name: '再表示する' }).click();
    await admin.getByTestId('show-dialog').getByRole('button', { name: '再表示する' }).click();
    await poll(() => admin.getByTestId('review-notice').textContent()).toBe('レビューを再表示しました');
    await poll(() => hiddenRow.textContent()).toContain('表示中');
    expect(await publicReviewIds(experienceId)).toContain(id);
  });

  it('finds hidden reviews and low ratings through the filters in the URL', async () => {
    const admin = await adminPage(1280);
    await admin.goto('/admin/reviews?status=hidden');
    await hydrated(admin);
    await poll(() => admin.getByTestId('reviews-table').textContent()).not.toContain('表示中');
    await admin.goto('/admin/reviews?status=sometimes');
    await hydrated(admin);
    await poll(() => admin.locator('body').textContent()).toContain('表示の指定が正しくありません');
  });
});
