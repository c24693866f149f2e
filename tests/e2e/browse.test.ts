// Guests browsing: the experience page's slots and marks, selection and the reservation link, the
// expandable list, paging by scrolling on the calendars page, holding requests, and the layout at 375 and 1280px.
// Runs against the demo data; the experience is picked from the API so the test follows the seed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { hydrated, laterPartsHydrated, must, openBrowser, type Session } from '#tests/e2e/browser';
import { slotView, reservationUrl } from '#src/modules/calendars/slots';
import type { CalendarJson, CalendarsJson } from '#src/modules/calendars/calendars.schemas';
import type { OtherExperiencesJson, StoriesListJson } from '#src/modules/experiences/experiences.schemas';
import type { ReviewsJson } from '#src/modules/reviews/reviews.schemas';
import { addDays } from '#src/lib/isomorphic/dates';

let s: Session;
/** The published experience with the most slots in its first window (and more after it). */
let storyId: number;
let storyTitle: string;

const getJson = <T>(path: string) => s.getJson<T>(path);

/** Visible slot elements' data, in page order. */
async function visibleSlots(page: Page) {
  return page.$$eval('[data-calendar-id]', (els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({
        id: Number(el.getAttribute('data-calendar-id')),
        state: el.getAttribute('data-state'),
        mark: el.getAttribute('data-mark'),
      })),
  );
}

/** Answers a later window of the story's slots with 40 open ones and nothing after them. */
async function answerFortyOpenSlots(route: Route) {
  const from = new URL(route.request().url()).searchParams.get('from_date') ?? '';
  const calendars: CalendarJson[] = Array.from({ length: 40 }, (_, i) => ({
    id: 900_000 + i,
    experience_id: storyId,
    date: addDays(from, Math.floor(i / 2)),
    start_time: i % 2 ? '14:00' : '10:00',
    end_time: i % 2 ? '16:00' : '12:00',
    recurrence_rule_uuid: null,
    recruitment_number: 10,
    participant_number: 0,
    accepting_reservation: true,
    reservation_deadline_at: '2999-01-01T00:00:00.000Z',
  }));
  await route.fulfill({
    json: { calendars, meta: { reserved_calendar_ids: [], recent_count: 0, from_date: from, to_date: addDays(from, 30) } },
  });
}

beforeAll(async () => {
  s = await openBrowser();
  const list = await getJson<StoriesListJson>('/api/v1/stories');
  let best: { id: number; title: string; count: number } | null = null;
  for (const e of list.experiences) {
    const calendars = await getJson<CalendarsJson>(`/api/v1/experiences/${e.id}/calendars`);
    if (calendars.meta.recent_count === 0) continue;
    if (!best || calendars.calendars.length > best.count) best = { id: e.id, title: e.title, count: calendars.calendars.length };
  }
  if (!best || best.count < 6) throw new Error('the demo data needs a published experience with 6+ slots in the next month and more after');
  storyId = best.id;
  storyTitle = best.title;
});

describe('experience page', () => {
  it('is server-rendered with its slots, title, canonical URL, Open Graph, X card and Event JSON-LD', async () => {
    const res = await fetch(`${s.baseUrl}/stories/${storyId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const calendars = await getJson<CalendarsJson>(`/api/v1/experiences/${storyId}/calendars`);
    expect(html).toContain(`<title>${storyTitle} | たびとこ</title>`);
    expect(html).toContain(`data-calendar-id="${calendars.calendars[0].id}"`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+/stories/${storyId}"`));
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/[^"]+"/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(must(ld, 'JSON-LD'))).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: storyTitle,
      offers: { priceCurrency: 'JPY' },
    });
    expect(html).toContain('ログインして予約する');
    // The demo's photos have no alt text written: each says whose photo it is (the carousel's own text).
    expect(html).toContain(`alt="${storyTitle}の写真1"`);
    // The head's tags and the server-only parts are written in place of their markers (server/inline-css.ts).
    expect(html).not.toContain('late-html');
  });

  it("loads the first reviews and the host's other experiences when the reader nears them, in places the HTML keeps for them", async () => {
    const list = await getJson<StoriesListJson>('/api/v1/stories');
    let target: { id: number; reviews: ReviewsJson; others: OtherExperiencesJson } | null = null;
    for (const e of list.experiences) {
      const reviews = await getJson<ReviewsJson>(`/api/v1/experiences/${e.id}/reviews`);
      const others = await getJson<OtherExperiencesJson>(`/api/v1/experiences/${e.id}/other_experiences`);
      if (reviews.meta.total_count > 0 && others.experiences.length > 0) {
        target = { id: e.id, reviews, others };
        break;
      }
    }
    if (!target) throw new Error('the demo data needs an experience with reviews and another of the same host');
    // The HTML has the rating, the count and the links, and only placeholders for the list and the cards.
    const html = await (await fetch(`${s.baseUrl}/stories/${target.id}`)).text();
    expect(html).toContain(`レビュー（${target.reviews.meta.total_count}件）`);
    expect(html).toContain('data-testid="rating-summary"');
    expect(html).toContain(`href="/reviews/${target.id}"`);
    expect(html).not.toContain('data-testid="review"');
    expect(html).not.toContain('data-testid="experience-card"');
    expect(html.match(/data-testid="later-placeholder"/g)).toHaveLength(2);

    const page = await s.newPage({ width: 375, height: 800 });
    const reads = [
      page.waitForResponse((r) => r.url().endsWith(`/api/v1/experiences/${target.id}/reviews`)),
      page.waitForResponse((r) => r.url().endsWith(`/api/v1/experiences/${target.id}/other_experiences`)),
    ];
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.goto(`/stories/${target.id}`);
    await hydrated(page);
    // Both are far below a phone's first screen: nothing is read until the reader scrolls towards them.
    await page.waitForTimeout(500);
    expect(asked.filter((url) => url.includes(`/api/v1/experiences/${target.id}/`))).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await Promise.all(reads);
    await page.getByTestId('story-reviews').waitFor();
    // The newest reviews (at most two), then the link to all of them; the same host's cards with their count.
    await expect(page.getByTestId('review').count()).resolves.toBe(Math.min(2, target.reviews.meta.total_count));
    await expect(page.getByTestId('review').first().textContent()).resolves.toContain(target.reviews.reviews[0].from_guest.content);
    await expect(page.getByTestId('all-reviews').textContent()).resolves.toBe(
      `すべてのレビューを見る（${target.reviews.meta.total_count}件）`,
    );
    const others = page.getByTestId('story-others');
    await others.getByTestId('experience-card').first().waitFor();
    await expect(others.getByTestId('experience-card').count()).resolves.toBe(target.others.experiences.length);
    await expect(others.textContent()).resolves.toContain(`全${target.others.meta.total_count}件`);
    await expect(page.getByTestId('later-placeholder').count()).resolves.toBe(0);
  });

  it('shows each slot as reserved, no availability or open with the triangle or circle mark', async () => {
    const page = await s.newPage({ width: 1280 });
    await s.signIn(page, 'guest@example.com');
    await page.goto(`/stories/${storyId}`);
    await hydrated(page);
    await page.getByTestId('slots-expand').click();
    const api = (await (await page.request.get(`/api/v1/experiences/${storyId}/calendars`)).json()) as CalendarsJson;
    const reserved = new Set(api.meta.reserved_calendar_ids);
    const now = Date.now();
    const shown = await visibleSlots(page);
    expect(shown.map((x) => x.id)).toEqual(api.calendars.map((c) => c.id));
    for (const slot of shown) {
      const expected = slotView(must(api.calendars.find((c) => c.id === slot.id)), { reserved: reserved.has(slot.id), now });
      expect(slot.state, `slot ${slot.id}`).toBe(expected.state);
      expect(slot.mark, `slot ${slot.id}`).toBe(expected.mark);
    }
    // The marks are the spec's symbols, and the labels are Japanese.
    for (const [mark, symbol] of [
      ['triangle', '△'],
      ['circle', '○'],
    ] as const) {
      const first = page.locator(`[data-mark="${mark}"]`).first();
      if (await first.count()) expect(await first.textContent()).toContain(symbol);
    }
    const inactive = page.locator('[data-state="inactive"]').first();
    if (await inactive.count()) {
      expect(await inactive.textContent()).toContain('空きなし');
      expect(await inactive.isDisabled()).toBe(true);
    }
  });

  it('toggles selected slots and leads to /reservations/new?cid={ids}&tour_id={id}', async () => {
    const page = await s.newPage({ width: 1280 });
    await s.signIn(page, 'guest@example.com');
    await page.goto(`/stories/${storyId}`);
    await hydrated(page);
    await page.getByTestId('slots-expand').click();
    const open = page.locator('[data-state="open"]');
    expect(await open.count()).toBeGreaterThanOrEqual(2);
    const second = Number(await open.nth(1).getAttribute('data-calendar-id'));
    const first = Number(await open.nth(0).getAttribute('data-calendar-id'));
    await open.nth(1).click();
    await open.nth(0).click();
    await expect.poll(() => open.nth(0).getAttribute('aria-pressed')).toBe('true');
    const apply = page.getByTestId('apply-button');
    await expect.poll(() => apply.getAttribute('href')).toBe(reservationUrl(storyId, [first, second]));
    expect(await apply.textContent()).toBe('予約に進む（2件）');
    // Fixed at the bottom of the screen, the bar comes right after the dates in the page's order: the keyboard reaches
    // it from the dates, before the description, the reviews and the host's other experiences.
    const order = await page.evaluate(() => {
      const [schedule, bar, body] = ['#schedule', '[data-testid="story-bar"]', '.story__body'].map((s) => document.querySelector(s));
      if (!schedule || !bar || !body) return 'missing';
      const follows = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      return follows(schedule, bar) && follows(bar, body) ? 'schedule, bar, body' : 'other';
    });
    expect(order).toBe('schedule, bar, body');
    // Selecting again deselects.
    await open.nth(0).click();
    await expect.poll(() => apply.getAttribute('href')).toBe(`/reservations/new?cid=${second}&tour_id=${storyId}`);
    await apply.click();
    await page.waitForURL(`**/reservations/new?cid=${second}&tour_id=${storyId}`);
  });

  it("tells the host on their own experience's page that it is not theirs to book, in place of the booking button", async () => {
    const page = await s.newPage({ width: 375 });
    await s.signIn(page, 'host@example.com', { password: 'password1234' });
    await page.goto('/host/reservations');
    const own = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/experiences?page=1').then((r) => r.json());
      return (answer.experiences as { id: number; approve: boolean }[]).find((e) => e.approve)?.id;
    });
    expect(own).toBeGreaterThan(0);
    await page.goto(`/stories/${own}`);
    await hydrated(page);
    expect(await page.getByTestId('own-experience').textContent()).toBe('ご自身の体験は予約できません');
    expect(await page.getByTestId('apply-button').count()).toBe(0);
  });

  it('shows 3 slots on a phone and 5 above 1080px, expands, loads later windows, and refuses the 31st selection', async () => {
    const phone = await s.newPage({ width: 375, height: 800 });
    await phone.goto(`/stories/${storyId}`);
    await hydrated(phone);
    expect(await visibleSlots(phone)).toHaveLength(3);
    const wide = await s.newPage({ width: 1280 });
    await wide.goto(`/stories/${storyId}`);
    await hydrated(wide);
    expect(await visibleSlots(wide)).toHaveLength(5);

    const initial = (await getJson<CalendarsJson>(`/api/v1/experiences/${storyId}/calendars`)).calendars.length;
    await phone.getByTestId('slots-expand').click();
    await expect.poll(async () => (await visibleSlots(phone)).length).toBe(initial);

    // The next window answers 40 open slots, so the limit can be reached whatever the demo data holds.
    await phone.route(`**/api/v1/experiences/${storyId}/calendars?*`, answerFortyOpenSlots);
    await phone.getByTestId('slots-load-more').click();
    await expect.poll(async () => (await visibleSlots(phone)).length).toBe(initial + 40);
    expect(await phone.getByTestId('slots-load-more').count()).toBe(0);

    const open = phone.locator('[data-state="open"]');
    for (let i = 0; i < 30; i++) await open.nth(i).click();
    expect(await phone.getByRole('alert').count()).toBe(0);
    await open.nth(30).click();
    await expect.poll(() => phone.getByRole('alert').first().textContent()).toBe('同時に予約できる日程は30件までです');
    expect(await open.nth(30).getAttribute('aria-pressed')).toBe('false');
    expect(await phone.locator('[data-state="open"][aria-pressed="true"]').count()).toBe(30);
  });

  it('sends signed-out visitors to /logon from the apply area and the holding request', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto(`/stories/${storyId}`);
    await laterPartsHydrated(page);
    expect(await page.getByTestId('login-button').getAttribute('href')).toBe(
      `/logon?redirect=${encodeURIComponent(`/stories/${storyId}`)}`,
    );
    await page.getByTestId('holding-request').click();
    await page.waitForURL('**/logon?redirect=*');
  });

  it('stores a holding request once, then reports it as already sent', async () => {
    const page = await s.newPage({ width: 1280 });
    // A fresh account: it has never asked, so the first request is stored.
    await s.signUp(page, 'リクエスト 花子');
    await page.goto(`/stories/${storyId}`);
    await laterPartsHydrated(page);
    // The region that answers the press is there, empty, before it (so its text is read out).
    const region = page.locator('.story__holding').getByRole('status');
    expect(await region.textContent()).toBe('');
    await page.getByTestId('holding-request').click();
    const alert = page.locator('.story__holding-result');
    await expect.poll(() => alert.textContent()).toBe('開催リクエストを送信しました。');
    await page.getByTestId('holding-request').click();
    await expect.poll(() => alert.textContent()).toBe('エラー: この体験にはすでにリクエスト済みです');
    expect(await region.textContent()).toBe('エラー: この体験にはすでにリクエスト済みです');
  });
});

describe('calendars page', () => {
  it('pages forward while scrolling, with the fetching label, until no later slots remain', async () => {
    const page = await s.newPage({ width: 375, height: 700 });
    // Hold the paging requests until the fetching label has been seen, then let every request through.
    let release = () => {};
    const labelSeen = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/v1/experiences/${storyId}/calendars?*`, async (route: Route) => {
      await labelSeen;
      await route.continue();
    });
    await page.goto(`/stories/${storyId}/calendars`);
    await hydrated(page);
    expect(await page.getByTestId('back-link').getAttribute('href')).toBe(`/stories/${storyId}`);
    // The server-rendered first window (the slots the API gives for today + 30 days).
    const initial = (await getJson<CalendarsJson>(`/api/v1/experiences/${storyId}/calendars`)).calendars.length;
    expect((await visibleSlots(page)).length).toBeGreaterThanOrEqual(initial);
    await page.getByTestId('slots-sentinel').scrollIntoViewIfNeeded();
    const sentinel = page.getByTestId('slots-sentinel');
    await expect.poll(() => sentinel.textContent()).toContain('取得中…');
    release();
    await expect.poll(async () => (await visibleSlots(page)).length).toBeGreaterThan(initial);
    // Keep scrolling until the sentinel disappears (recent_count reached 0): the poll scrolls again whenever no
    // page is being fetched, and ends when the page says there is nothing later.
    await expect
      .poll(
        async () => {
          if ((await sentinel.count()) === 0) return true;
          if (!(await sentinel.textContent())?.includes('取得中')) await page.mouse.wheel(0, 5000);
          return false;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(true);
    expect(await sentinel.count()).toBe(0);
    const all = await visibleSlots(page);
    expect(new Set(all.map((x) => x.id)).size).toBe(all.length);
  });

  it('keeps the sticky dates card above the booking bar on a short wide screen, its last control reachable', async () => {
    const page = await s.newPage({ width: 1180, height: 820 });
    await s.signIn(page, 'guest@example.com');
    await page.goto(`/stories/${storyId}`);
    await hydrated(page);
    await page.mouse.wheel(0, 1400);
    const card = page.locator('.story__schedule-card');
    await card.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const seen = await card.evaluate((el) => {
      const bar = document.querySelector('[data-testid="story-bar"]')?.getBoundingClientRect();
      const last = [...el.querySelectorAll('button, a')].at(-1);
      if (!bar || !last) return 'missing';
      const box = last.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      const above = el.getBoundingClientRect().bottom <= bar.top;
      return `card above the bar: ${above}, last control reachable: ${hit !== null && last.contains(hit)}`;
    });
    expect(seen).toBe('card above the bar: true, last control reachable: true');
  });

  it("keeps the bottom bar's button label on one line at 375 and 320px, whole, up to 30 selected dates", async () => {
    /** The element's text lines (its content height over its line height) and whether any text is cut off. */
    const lines = (page: Page, testId: string) =>
      page.getByTestId(testId).evaluate((el) => {
        const style = getComputedStyle(el);
        const content = el.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
        return { lines: Math.round(content / Number.parseFloat(style.lineHeight)), cut: el.scrollWidth > el.clientWidth };
      });
    for (const width of [375, 320]) {
      const signedOut = await s.newPage({ width, height: 700 });
      await signedOut.goto(`/stories/${storyId}/calendars`);
      await hydrated(signedOut);
      expect(await lines(signedOut, 'login-button'), `ログインして予約する at ${width}px`).toEqual({ lines: 1, cut: false });

      const page = await s.newPage({ width, height: 700 });
      await s.signIn(page, 'guest@example.com');
      // Later windows answer 40 open slots, so 30 can be selected whatever the demo data holds.
      await page.route(`**/api/v1/experiences/${storyId}/calendars?*`, answerFortyOpenSlots);
      await page.goto(`/stories/${storyId}/calendars`);
      await hydrated(page);
      const apply = page.getByTestId('apply-button');
      expect(await apply.textContent()).toBe('日程を選択してください');
      expect(await lines(page, 'apply-button'), `日程を選択してください at ${width}px`).toEqual({ lines: 1, cut: false });
      await page.getByTestId('slots-sentinel').scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByTestId('slots-sentinel').count()).toBe(0);
      const open = page.locator('[data-state="open"]');
      for (let i = 0; i < 30; i++) await open.nth(i).click();
      await expect.poll(() => apply.textContent()).toBe('予約に進む（30件）');
      expect(await lines(page, 'apply-button'), `予約に進む（30件） at ${width}px`).toEqual({ lines: 1, cut: false });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }
  });
});

describe('lists, reviews, host pages and layout', () => {
  it('lists experiences and answers unknown filters with the 404 page', async () => {
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto('/stories');
    await hydrated(page);
    const card = page.getByTestId('experience-card').first();
    const id = await card.getAttribute('data-experience-id');
    await card.click();
    await page.waitForURL(`**/stories/${id}`);
    expect((await fetch(`${s.baseUrl}/stories/category/9999`)).status).toBe(404);
    expect((await fetch(`${s.baseUrl}/stories/location/${encodeURIComponent('ムー大陸')}`)).status).toBe(404);
    expect((await fetch(`${s.baseUrl}/stories/theme/abc`)).status).toBe(404);
  });

  it("links a user-hosted experience to the host's public page with their experiences", async () => {
    const list = await getJson<StoriesListJson>('/api/v1/stories');
    let host: { id: number; name: string } | null = null;
    for (const e of list.experiences) {
      const detail = await getJson<{ host: { id: number; name: string; type: string } }>(`/api/v1/experiences/${e.id}`);
      if (detail.host.type === 'user') {
        host = detail.host;
        const page = await s.newPage({ width: 375, height: 800 });
        await page.goto(`/stories/${e.id}`);
        await hydrated(page);
        await page.getByTestId('host-link').click();
        await page.waitForURL(`**/users/${host.id}`);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(host.name);
        const profile = await getJson<{ experiences: unknown[] }>(`/api/v1/profiles/${host.id}`);
        expect(await page.getByTestId('experience-card').count()).toBe(profile.experiences.length);
        break;
      }
    }
    if (!host) throw new Error('the demo data needs an experience hosted by a user');
  });

  it('shows the reviews page with the count and floor-rounded stars', async () => {
    const list = await getJson<StoriesListJson>('/api/v1/stories');
    let target: number | null = null;
    for (const e of list.experiences) {
      const r = await getJson<{ meta: { total_count: number } }>(`/api/v1/experiences/${e.id}/reviews`);
      if (r.meta.total_count > 0) target = e.id;
    }
    if (target === null) throw new Error('the demo data needs a review');
    const reviews = await getJson<{ reviews: { from_guest: { rate: number } }[]; meta: { total_count: number } }>(
      `/api/v1/experiences/${target}/reviews`,
    );
    const page = await s.newPage({ width: 375, height: 800 });
    await page.goto(`/reviews/${target}`);
    await hydrated(page);
    expect(await page.getByTestId('reviews-count').textContent()).toBe(`全${reviews.meta.total_count}件`);
    const filled = await page.$$eval('.review .stars', (els) => els.map((el) => Number(el.getAttribute('data-filled'))));
    expect(filled).toEqual(reviews.reviews.map((r) => Math.floor(r.from_guest.rate)));
    // Filled stars solid, empty ones outlines, in the colours with 3:1 on the page (tests/api/star-contrast.test.ts).
    const shapes = await page.$$eval('.review .stars', (els) => els.map((el) => el.textContent));
    expect(shapes).toEqual(filled.map((n) => '★'.repeat(n) + '☆'.repeat(5 - n)));
    const colours = await page.evaluate(() =>
      ['stars__star stars__star--on', 'stars__star'].map((className) => {
        const star = document.createElement('span');
        star.className = className;
        document.body.append(star);
        const colour = getComputedStyle(star).color;
        star.remove();
        return colour;
      }),
    );
    expect(colours).toEqual(['rgb(163, 98, 0)', 'rgb(140, 130, 121)']);
  });

  it('fits 375px and 1280px without horizontal scrolling, with the slots beside the photos only on wide screens', async () => {
    const paths = ['/', '/stories', `/stories/${storyId}`, `/stories/${storyId}/calendars`];
    for (const width of [375, 1280]) {
      const page = await s.newPage({ width, height: 800 });
      for (const path of paths) {
        await page.goto(path);
        await hydrated(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
      await page.goto(`/stories/${storyId}`);
      await hydrated(page);
      const gallery = must(await page.getByTestId('carousel').boundingBox());
      const schedule = must(await page.locator('#schedule').boundingBox());
      if (width === 1280) expect(schedule.x).toBeGreaterThan(gallery.x + gallery.width - 1);
      else expect(schedule.y).toBeGreaterThan(gallery.y + gallery.height - 1);
      // The fixed bar stays at the bottom of the viewport.
      const bar = must(await page.getByTestId('story-bar').boundingBox());
      expect(Math.round(bar.y + bar.height)).toBe(800);
    }
  });
});
