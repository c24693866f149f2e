// The dashboards in Chromium (demo data): /admin and /brand draw their charts as SVG images with a title, the one
// for the screen's width shown (375 px: the phone drawing; 1280 px: the wide one), the key numbers beside them (the
// API's numbers), and every number in a table that opens.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, type Session } from '#tests/e2e/browser';
import type { AdminDashboardJson, BrandDashboardJson } from '#src/modules/dashboards/dashboards.schemas';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
});

async function open(width: number, who: 'admin' | 'brand'): Promise<Page> {
  const page = await s.newPage({ width, height: 900 });
  if (who === 'admin') await s.signIn(page, 'admin@example.com');
  else {
    const res = await page.request.post(`${s.baseUrl}/brand/api/v1/brand-members/sign-in`, {
      data: { email: 'brand@example.com', password: 'password1234' },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto(who === 'admin' ? '/admin' : '/brand');
  await hydrated(page);
  return page;
}

/** The chart's two drawings: which one is shown, and the shown one's accessible parts. */
async function drawing(page: Page, id: string) {
  const svgs = page.getByTestId(`chart-${id}`);
  expect(await svgs.count()).toBe(2);
  const shown = (await svgs.nth(0).isVisible()) ? 'narrow' : 'wide';
  const svg = svgs.nth(shown === 'narrow' ? 0 : 1);
  expect(await svgs.nth(shown === 'narrow' ? 1 : 0).isVisible()).toBe(false);
  return {
    shown,
    role: await svg.getAttribute('role'),
    title: await svg.locator('title').textContent(),
    bars: await svg.locator('rect.chart__bar').count(),
    box: await svg.boundingBox(),
  };
}

describe('/admin', () => {
  for (const width of [375, 1280]) {
    it(`draws the five panels' charts with their numbers beside them at ${width} px`, async () => {
      const page = await open(width, 'admin');
      const api = (await (await page.request.get(`${s.baseUrl}/api/v1/admin/dashboard`)).json()) as AdminDashboardJson;
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('ダッシュボード');
      const charts = [
        ['bookings-count', '予約件数', 26],
        ['bookings-gross', '取扱高', 26],
        ['cancellations-count', 'キャンセル件数', 26],
        ['refund-amount', '返金額', 26],
        ['new-users', '新規登録', 26],
        ['inquiries', 'お問い合わせの対応状況', 4],
        ['approvals', '公開申請の待ち状況', 5],
      ] as const;
      for (const [id, title, bars] of charts) {
        const d = await drawing(page, id);
        expect(d.shown, id).toBe(width < 768 ? 'narrow' : 'wide');
        expect(d.role).toBe('img');
        expect(d.title).toBe(title);
        expect(d.bars, id).toBe(bars);
        // Legible: drawn at about the size it is shown (12px text stays 10–14px).
        const drawnWidth = d.shown === 'narrow' ? 320 : 640;
        const scale = (d.box?.width ?? 0) / drawnWidth;
        expect(scale, id).toBeGreaterThan(0.85);
        expect(scale, id).toBeLessThan(1.2);
      }
      expect(await page.getByRole('img', { name: /^予約件数 予約件数の棒グラフ。/ }).count()).toBe(1);

      // The numbers beside the bookings chart are the API's: this week, last week, the 26 weeks.
      const panel = page.getByTestId('panel-bookings');
      const figures = await panel.getByTestId('figures').locator('dd').allTextContents();
      const counts = api.bookings.map((w) => w.bookings);
      const group = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');
      expect(figures.slice(0, 3)).toEqual([
        `${group(counts[25])}件`,
        `${group(counts[24])}件`,
        `${group(counts.reduce((a, b) => a + b, 0))}件`,
      ]);
      const chartBox = await panel.locator('.chart-panel__charts').boundingBox();
      const figuresBox = await panel.getByTestId('figures').boundingBox();
      if (width === 1280) expect(figuresBox?.x ?? 0).toBeGreaterThan((chartBox?.x ?? 0) + (chartBox?.width ?? 0) - 1);
      else expect((figuresBox?.y ?? 0) + (figuresBox?.height ?? 0)).toBeLessThanOrEqual((chartBox?.y ?? 0) + 1);

      // Every number in a table that opens: 26 weeks, the first and last as the API says.
      await panel.getByText('数値を表で見る').click();
      const rows = panel.locator('table tbody tr');
      expect(await rows.count()).toBe(26);
      const last = api.bookings[25].week_start.split('-').map(Number);
      expect(await rows.nth(25).locator('th').textContent()).toBe(`${last[0]}年${last[1]}月${last[2]}日の週`);
      expect(await rows.nth(25).locator('td').first().textContent()).toBe(`${group(counts[25])}件`);
    });
  }

  it('leads from the queues to their lists', async () => {
    const page = await open(1280, 'admin');
    await page
      .getByTestId('panel-approvals')
      .getByRole('link', { name: /公開申請の一覧へ/ })
      .click();
    await page.waitForURL('**/admin/experiences');
  });
});

describe('/brand', () => {
  for (const width of [375, 1280]) {
    it(`draws participants and applications per month and the next dates' fill at ${width} px`, async () => {
      const page = await open(width, 'brand');
      const api = (await (await page.request.get(`${s.baseUrl}/brand/api/v1/dashboard`)).json()) as BrandDashboardJson;
      for (const [id, title] of [
        ['participants', '参加者数'],
        ['applications', 'コミュニティへの申し込み'],
      ] as const) {
        const d = await drawing(page, id);
        expect(d.shown).toBe(width < 768 ? 'narrow' : 'wide');
        expect(d.title).toBe(title);
        expect(d.bars).toBe(12);
      }
      const total = api.participants.reduce((a, m) => a + m.participants, 0);
      expect(await page.getByTestId('panel-participants').getByTestId('figures').locator('dd').last().textContent()).toBe(`${total}人`);
      // The demo brand has dates to come: each with its bar and its seats beside it.
      expect(api.upcoming_events.length).toBeGreaterThan(0);
      const items = page.getByTestId('upcoming-events').locator('li');
      expect(await items.count()).toBe(api.upcoming_events.length);
      const first = api.upcoming_events[0];
      expect(await items.first().getByRole('img').getAttribute('aria-label')).toBe(`${first.title}の予約率 ${first.fill_percent}%`);
      expect(await items.first().locator('.fill-list__value').textContent()).toBe(
        `${first.participant_number}/${first.recruitment_number}名（${first.fill_percent}%）`,
      );
    });
  }
});
