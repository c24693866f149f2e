// A press on a part of the experience page whose code has not come yet (hydrateLater, src/components/later-press.ts),
// in Chromium: the later chunks are held back (holdLaterChunks), the button is pressed, and the page must stay as it
// is (no native submit, no reload, nothing sent) with the part marked busy; once the chunks come, the press is
// carried out as if the code had been there, with what the visitor chose meanwhile.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { holdLaterChunks, hydrated, openBrowser, openServerOrm, type Session } from '#tests/e2e/browser';
import type { MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { WaitlistEntry } from '#src/modules/reservations/waitlist.entity';
import { HoldingRequest } from '#src/modules/holding-requests/holding-requests.entity';

const SHOTS = '/tmp/later-shots';

let s: Session;
let orm: MikroORM;
beforeAll(async () => {
  s = await openBrowser();
  orm = await openServerOrm();
});

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

/**
 * Opens `url` with its later chunks held back (holdLaterChunks) and waits for the page's hydration; `loads` counts the
 * page's loads from then on (a native submit would load the page anew).
 */
async function openHeld(page: Page, url: string) {
  const chunks = await holdLaterChunks(page, url);
  await page.goto(url);
  await hydrated(page);
  let count = 0;
  page.on('load', () => {
    count += 1;
  });
  return { chunks, loads: () => count };
}

describe('a press before a later part has its code', () => {
  it.each([375, 1280])('joins the waitlist for the slot and party chosen, once the panel’s code comes (%ipx)', async (width) => {
    const guest = await createUser(orm, { name: '早押し 花子' });
    const experience = await createExperience(orm, { title: `早押しの陶芸体験 ${width}`, price: 3000 });
    await createCalendar(orm, experience.id, { daysFromToday: 10, recruitmentNumber: 3, participantNumber: 3 });
    const second = await createCalendar(orm, experience.id, { daysFromToday: 11, recruitmentNumber: 3, participantNumber: 3 });
    const page = await s.signedInPage(guest.email, { width });
    const url = `/stories/${experience.id}`;
    const { chunks, loads } = await openHeld(page, url);

    const part = page.locator('[data-later-part]:has([data-testid="waitlist-panel"])');
    await page.getByTestId('waitlist-panel').scrollIntoViewIfNeeded();
    await page.getByTestId('waitlist-slot').selectOption(String(second.id));
    await page.getByTestId('waitlist-people').selectOption('2');
    await page.getByTestId('waitlist-join').click();
    // Held: the form was not sent natively, the page is the same one, busy, and nothing is stored yet.
    await poll(() => part.getAttribute('aria-busy')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/waitlist-pressed-${width}.png` });
    expect(page.url()).toBe(`${s.baseUrl}${url}`);
    expect(loads()).toBe(0);
    expect(chunks.held()).toBeGreaterThan(0);
    expect(await orm.em.fork().count(WaitlistEntry, { user: guest.id })).toBe(0);

    await chunks.release();
    await poll(() => page.getByTestId('waitlist-panel').getByRole('status').textContent()).toBe('キャンセル待ちに登録しました（1番目）');
    await page.screenshot({ path: `${SHOTS}/waitlist-joined-${width}.png` });
    expect(await part.getAttribute('aria-busy')).toBe(null);
    expect(loads()).toBe(0);
    const entries = await orm.em.fork().find(WaitlistEntry, { user: guest.id });
    expect(entries.map((e) => ({ calendar: e.calendar.id, people: e.numberOfPeople, status: e.status }))).toEqual([
      { calendar: second.id, people: 2, status: 'waiting' },
    ]);
  });

  it('sends a 開催リクエスト pressed with the keyboard, once, however often it was pressed', async () => {
    const guest = await createUser(orm, { name: '早押し 次郎' });
    const experience = await createExperience(orm, { title: '早押しの開催リクエスト' });
    const page = await s.signedInPage(guest.email, { width: 375 });
    const { chunks, loads } = await openHeld(page, `/stories/${experience.id}`);

    const button = page.getByTestId('holding-request');
    await button.focus();
    await page.keyboard.press('Enter');
    await button.click();
    const part = page.locator('[data-later-part]:has([data-testid="holding-request"])');
    await poll(() => part.getAttribute('aria-busy')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/holding-pressed-375.png` });
    expect(await orm.em.fork().count(HoldingRequest, { user: guest.id })).toBe(0);

    await chunks.release();
    await poll(() => page.locator('.story__holding-result').textContent()).toBe('開催リクエストを送信しました。');
    expect(await orm.em.fork().count(HoldingRequest, { user: guest.id, experience: experience.id })).toBe(1);
    expect(loads()).toBe(0);
  });
});
