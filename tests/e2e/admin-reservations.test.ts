// The reservations lookup of the administrator area in Chromium: a guest found by their name as typed (a full-width
// space), the row's detail panel with the amounts, payment and refund; a number pasted in full-width digits opening
// its reservation at once; a refused filter said in Japanese; the phone width without sideways scrolling; and the
// doors: signed out → /logon and back, a non-admin → 403.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, openServerOrm, type Session } from '#tests/e2e/browser';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createUser } from '#tests/factories/users';
import { Refund, Reservation } from '#src/modules/reservations/reservations.entity';

let s: Session;
const marker = `${Date.now()}`.slice(-6);
const guestName = `予約確認 花子${marker}`;
const title = `E2E金継ぎ教室 ${marker}`;
let reservationId = 0;
let guestId = 0;
/** A confirmed reservation (unpaid at the gateway) of the same experience, for the operator's cancellation. */
let confirmedId = 0;

beforeAll(async () => {
  s = await openBrowser();
  const orm = await openServerOrm();
  const host = await createUser(orm, { role: 'HOST', name: `金継ぎ師 ${marker}` });
  const guest = await createUser(orm, { name: guestName, email: `hanako-${marker}@example.com` });
  guestId = guest.id;
  const experience = await createExperience(orm, { hostUserId: host.id, title });
  const slot = await createCalendar(orm, experience.id, { date: '2027-06-05', startTime: '13:00', endTime: '15:30' });
  const reservation = await createReservation(orm, {
    userId: guest.id,
    experienceId: experience.id,
    calendarIds: [slot.id],
    status: 'cancelled',
  });
  reservationId = reservation.id;
  const em = orm.em.fork();
  const row = await em.findOneOrFail(Reservation, { id: reservation.id });
  row.cancelledBy = 'guest';
  row.refundAmount = 1086;
  // Done already: the server's refunds worker retries a pending refund and would change its attempts meanwhile.
  em.create(Refund, {
    reservation: row,
    amount: 1086,
    idempotencyKey: `e2e-refund-${reservation.id}`,
    attempts: 1,
    status: 'succeeded',
    succeededAt: new Date(),
  });
  await em.flush();
  const seat = await createCalendar(orm, experience.id, { date: '2027-06-12', startTime: '13:00', endTime: '15:30', participantNumber: 1 });
  const other = await createUser(orm, { name: `取消予定 次郎${marker}` });
  confirmedId = (await createReservation(orm, { userId: other.id, experienceId: experience.id, calendarIds: [seat.id] })).id;
});

function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000 });
}

async function adminPage(width: number): Promise<Page> {
  return s.signedInPage('admin@example.com', { width, height: 900 });
}

const fullWidth = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

describe('/admin/reservations', () => {
  it("finds a guest by name as typed and opens the reservation's read-only detail", async () => {
    const page = await adminPage(1280);
    await page.goto('/admin/reservations');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: '管理メニュー' });
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe('予約');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('予約');
    await page.getByRole('searchbox', { name: 'キーワード' }).fill(`予約確認　花子${marker}`);
    await page.getByRole('button', { name: '絞り込む' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === `予約確認　花子${marker}`);
    await hydrated(page);
    const row = page.getByTestId(`reservation-${reservationId}`);
    await poll(() => row.isVisible()).toBe(true);
    expect(await page.getByTestId('list-count').textContent()).toBe('1件');
    const cells = await row.locator('td').allTextContents();
    expect(cells).toEqual([
      `#${reservationId}`,
      `${guestName}hanako-${marker}@example.com`,
      title,
      '2027-06-0513:00',
      '1名',
      '¥1,086',
      'キャンセル',
    ]);
    await row.getByRole('button', { name: `予約 #${reservationId} の詳細を見る` }).click();
    const panel = page.getByTestId('reservation-detail');
    await poll(() => panel.getByRole('heading', { level: 2 }).first().textContent()).toBe(`予約 #${reservationId}`);
    await poll(() => panel.getByTestId('reservation-slots').textContent()).toBe('2027-06-05 13:00〜15:30');
    expect(await panel.getByTestId('reservation-guest').textContent()).toContain(`hanako-${marker}@example.com`);
    expect(await panel.getByTestId('reservation-amounts').textContent()).toContain('¥1,086');
    expect(await panel.getByTestId('reservation-refund').textContent()).toBe('完了・¥1,086・試行回数 1');
    expect(await panel.getByRole('button', { name: /キャンセル|返金/ }).count()).toBe(0);
    // The guest's id leads to their account in the users list.
    expect(await panel.getByTestId('reservation-guest').getByRole('link').getAttribute('href')).toBe(`/admin/users?q=${guestId}`);
    await panel.getByRole('button', { name: '閉じる' }).click();
    await poll(() => panel.count()).toBe(0);
  });

  it('opens the reservation a pasted full-width number names, and says why a filter is refused', async () => {
    const page = await adminPage(1280);
    await page.goto(`/admin/reservations?number=${encodeURIComponent(fullWidth(reservationId))}`);
    await hydrated(page);
    await poll(() => page.getByTestId('reservation-detail').getByRole('heading', { level: 2 }).first().textContent()).toBe(
      `予約 #${reservationId}`,
    );
    expect(await page.getByRole('textbox', { name: '予約番号' }).inputValue()).toBe(fullWidth(reservationId));
    await page.goto('/admin/reservations?slot_since=2027-02-30');
    await hydrated(page);
    await poll(() => page.getByRole('alert').first().textContent()).toContain(
      '開催日（から）は YYYY-MM-DD の形式の正しい日付で指定してください',
    );
  });

  it('cancels a confirmed reservation for its guest: a reason required, the refund chosen, the panel and the list updated', async () => {
    const page = await adminPage(1280);
    await page.goto(`/admin/reservations?number=${confirmedId}`);
    await hydrated(page);
    const panel = page.getByTestId('reservation-detail');
    await panel.getByRole('button', { name: 'この予約を取り消す' }).click();
    const dialog = page.getByTestId('cancel-reservation-dialog');
    expect(await dialog.getByRole('radio', { name: '全額を返金する（¥1,086）' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'この予約を取り消す' }).click();
    await poll(() => dialog.textContent()).toContain('取り消しの理由を入力してください');
    await dialog.locator('textarea[name="reason"]').fill('ホストと連絡が取れないため');
    await dialog.getByRole('button', { name: 'この予約を取り消す' }).click();
    await poll(() => panel.getByRole('status').textContent()).toBe(`予約番号 ${confirmedId} を取り消しました（返金額: ¥1,086）`);
    await poll(() => panel.getByTestId('reservation-status').textContent()).toBe('キャンセル');
    expect(await panel.textContent()).toContain('運営事務局');
    expect(await panel.textContent()).toContain('ホストと連絡が取れないため');
    expect(await panel.getByRole('button', { name: 'この予約を取り消す' }).count()).toBe(0);
    await poll(() => page.getByTestId(`reservation-${confirmedId}`).locator('td').last().textContent()).toBe('キャンセル');
  });

  it('fits a phone: the rows as cards and the panel under them, nothing scrolls sideways', async () => {
    const page = await adminPage(375);
    await page.goto(`/admin/reservations?q=${encodeURIComponent(guestName)}`);
    await hydrated(page);
    const row = page.getByTestId(`reservation-${reservationId}`);
    await poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: `予約 #${reservationId} の詳細を見る` }).click();
    await poll(() => page.getByTestId('reservation-detail').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  it('sends a signed-out visitor to /logon with the filters kept, and refuses a non-admin with 403', async () => {
    const url = `/admin/reservations?number=${reservationId}`;
    const res = await fetch(`${s.baseUrl}${url}`, { redirect: 'manual' });
    expect([301, 302, 307]).toContain(res.status);
    expect(res.headers.get('location')).toBe(`/logon?redirect=${encodeURIComponent(url)}`);
    const page = await s.signedInPage('guest@example.com');
    const denied = await page.goto('/admin/reservations');
    expect(denied?.status()).toBe(403);
    await poll(() => page.getByTestId('forbidden').locator('h1').textContent()).toBe('このページを表示する権限がありません');
    expect(await page.content()).not.toContain(guestName);
  });
});
