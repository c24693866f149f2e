// In Chromium at 375 and 1280px: the pages that show what people write at its longest (an option's name of 255 Latin
// letters without a space, a URL in a description, a 100-character name, a seven-digit price) fit the screen's width;
// the signed-in header keeps one row with a long name; the sticky panels stop below the header (docs/decisions/layout.md).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, openServerOrm, type Session } from '#tests/e2e/browser';
import type { MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';

let s: Session;
let orm: MikroORM;

/** 100 Latin letters without a space or a hyphen: no place to break a line. */
const LATIN_NAME = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, 100);
/** 100 Japanese characters without a space. */
const JAPANESE_NAME = '一般社団法人京都伝統工芸体験推進協会'.repeat(6).slice(0, 100);
/** An option's name at its limit, 255 Latin letters without a space. */
const OPTION_NAME = 'PremiumGlazeSelectionAndInternationalShippingPackage'.repeat(5).slice(0, 255);
const LONG_URL = `https://example.com/workshops/kyoto/pottery?utm_source=newsletter&utm_campaign=${'a'.repeat(120)}`;
const WIDTHS = [375, 1280];

const ids = { experience: 0, booked: 0, free: 0 };
let guestEmail = '';
let hostEmail = '';

beforeAll(async () => {
  s = await openBrowser();
  orm = await openServerOrm();
  const host = await createUser(orm, { role: 'HOST', name: JAPANESE_NAME });
  const guest = await createUser(orm, { name: LATIN_NAME });
  hostEmail = host.email;
  guestEmail = guest.email;
  const experience = await createExperience(orm, {
    hostUserId: host.id,
    price: 1_234_567,
    options: [
      { name: OPTION_NAME, description: `釉薬と発送のセットです。詳しくは ${LONG_URL}`, price: 1_234_567 },
      { name: '絵付け', price: 800 },
    ],
  });
  const em = orm.em.fork();
  const row = await em.findOneOrFail(Experience, { id: experience.id });
  // A description long enough that the page scrolls past the sticky schedule's start, with a URL in it.
  row.description = `${'土に触れて、ゆっくりと器の形を探していく時間です。'.repeat(60)}\n${LONG_URL}`;
  row.address = `京都府京都市東山区五条橋東6-583 ${'Gojozakapotteryvillage'.repeat(4)}`;
  await em.flush();
  const booked = await createCalendar(orm, experience.id, { daysFromToday: 5 });
  const free = await createCalendar(orm, experience.id, { daysFromToday: 6 });
  const reservation = await createReservation(orm, { userId: guest.id, experienceId: experience.id, calendarIds: [booked.id] });
  const booking = await em.findOneOrFail(Reservation, { id: reservation.id });
  booking.optionName = OPTION_NAME;
  booking.messageToHost = LONG_URL;
  await em.flush();
  Object.assign(ids, { experience: experience.id, booked: booked.id, free: free.id });
});

/** How far the page scrolls sideways (0 when it fits the screen). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

describe('long words, URLs and names', () => {
  for (const width of WIDTHS) {
    it(`fit the experience page, the booking form and the bookings' lists at ${width}px`, async () => {
      const pages: [string | null, string][] = [
        [null, `/stories/${ids.experience}`],
        [guestEmail, `/stories/${ids.experience}`],
        [guestEmail, `/reservations/new?cid=${ids.free}&tour_id=${ids.experience}`],
        [guestEmail, '/reservations'],
        [hostEmail, '/host/reservations'],
      ];
      for (const [email, path] of pages) {
        const page = email ? await s.signedInPage(email, { width }) : await s.newPage({ width });
        await visit(page, path);
        expect(await overflow(page), `${path} at ${width}px, ${email ?? 'signed out'}`).toBe(0);
        await page.close();
      }
    });
  }

  it('keep the option’s name within its own column of the host’s booking, beside the date of the booking', async () => {
    for (const width of WIDTHS) {
      const page = await s.signedInPage(hostEmail, { width });
      await visit(page, '/host/reservations');
      const booking = page.getByTestId('host-booking').filter({ hasText: OPTION_NAME });
      await booking.waitFor();
      // Each value wraps inside its column: none is wider than its box or runs into the next column.
      const facts = await booking.locator('.host-booking__facts > div').evaluateAll((cells) =>
        cells.map((cell) => {
          const value = cell.querySelector('dd') as HTMLElement;
          const { left, right, top, bottom } = cell.getBoundingClientRect();
          return { spills: value.scrollWidth > value.clientWidth, box: { left, right, top, bottom } };
        }),
      );
      expect(facts.map((f) => f.spills)).toEqual(facts.map(() => false));
      for (const [i, a] of facts.entries()) {
        for (const b of facts.slice(i + 1)) {
          const apart = a.box.right <= b.box.left || b.box.right <= a.box.left || a.box.bottom <= b.box.top || b.box.bottom <= a.box.top;
          expect(apart, `booking facts overlap at ${width}px`).toBe(true);
        }
      }
      await page.close();
    }
  });

  it('leave the fixed bar’s price whole and clear of its button at 375px', async () => {
    const page = await s.newPage({ width: 375 });
    await visit(page, `/stories/${ids.experience}`);
    const price = page.locator('.story-bar__price strong');
    expect(await price.textContent()).toBe('¥1,234,567');
    const layout = await price.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const note = el.nextElementSibling?.getBoundingClientRect();
      const button = document.querySelector('[data-testid="login-button"]')?.getBoundingClientRect();
      return {
        lines: range.getClientRects().length,
        clear: !!button && !!note && el.getBoundingClientRect().right <= button.left && note.right <= button.left,
      };
    });
    expect(layout).toEqual({ lines: 1, clear: true });
  });
});

describe('the signed-in header with a 100-letter name', () => {
  it('keeps one row at 1280px: the logo whole, ログアウト in view, the name cut short with its whole text in the title', async () => {
    const page = await s.signedInPage(guestEmail, { width: 1280 });
    await visit(page, '/stories');
    const header = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() as DOMRect;
      const logo = document.querySelector('.site-header__logo') as HTMLElement;
      const range = document.createRange();
      range.selectNodeContents(logo.lastElementChild as Element);
      const name = document.querySelector('[data-testid="current-user"]') as HTMLElement;
      return {
        height: box('.site-header').height,
        logoLines: range.getClientRects().length,
        logoutInView: box('.site-nav__plain').right <= window.innerWidth,
        nameCut: name.scrollWidth > name.clientWidth,
        title: name.title,
      };
    });
    expect(header).toEqual({ height: 61, logoLines: 1, logoutInView: true, nameCut: true, title: LATIN_NAME });
    expect(await overflow(page)).toBe(0);
  });

  it('keeps the open menu within the screen at 375px', async () => {
    const page = await s.signedInPage(hostEmail, { width: 375, height: 800 });
    await visit(page, '/stories');
    const toggle = page.locator('.site-header__toggle');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const account = page.getByTestId('account-link');
    await account.waitFor();
    expect(await account.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    expect(await overflow(page)).toBe(0);
  });

  it('leaves the experience page’s sticky schedule 16px below the header’s bottom after scrolling at 1280px', async () => {
    const page = await s.signedInPage(guestEmail, { width: 1280, height: 800 });
    await visit(page, `/stories/${ids.experience}`);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect
      .poll(() =>
        page.evaluate(() => {
          const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
          const panel = document.querySelector('.story__schedule')?.getBoundingClientRect().top ?? 0;
          return Math.round(panel - header);
        }),
      )
      .toBe(16);
  });
});
