// The slot list's clock in Chromium (src/components/SlotList.tsx): the server renders the slots' states with its own
// time; in the browser a slot closes when its booking deadline passes, while the page is open, and at once when the
// deadline had already passed by the browser's clock when the page was shown (a page kept in a cache).
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, openBrowser, openServerOrm, type Session } from '#tests/e2e/browser';
import type { MikroORM } from '#src/lib/orm';
import type { CalendarsJson } from '#src/modules/calendars/calendars.schemas';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';

let s: Session;
let orm: MikroORM;

beforeAll(async () => {
  s = await openBrowser();
  orm = await openServerOrm();
}, 60_000);

describe('the slot list’s clock', () => {
  it('closes a slot when its booking deadline passes, and at once when it passed before the page was shown', async () => {
    const host = await createUser(orm, { role: 'HOST', name: '時計 守' });
    const experience = await createExperience(orm, { hostUserId: host.id, title: '締め切りの来る体験' });
    for (const days of [3, 4, 5]) await createCalendar(orm, experience.id, { daysFromToday: days });
    const { calendars } = await s.getJson<CalendarsJson>(`/api/v1/experiences/${experience.id}/calendars`);
    expect(calendars).toHaveLength(3);
    const [first, second] = calendars;
    const deadline = Date.parse(first.reservation_deadline_at);

    // The browser's clock a minute before the first slot's deadline: open until the clock passes it.
    const open = await s.newPage({ width: 1280 });
    await open.clock.install({ time: deadline - 60_000 });
    await open.goto(`/stories/${experience.id}`);
    await hydrated(open);
    const slot = open.locator(`[data-calendar-id="${first.id}"]`);
    expect(await slot.getAttribute('data-state')).toBe('open');
    await open.clock.fastForward(61_000);
    await expect.poll(() => slot.getAttribute('data-state')).toBe('inactive');
    expect(await slot.isDisabled()).toBe(true);
    expect(await open.locator(`[data-calendar-id="${second.id}"]`).getAttribute('data-state')).toBe('open');

    // The browser's clock already past it when the page is shown: closed once the page has hydrated.
    const late = await s.newPage({ width: 1280 });
    await late.clock.install({ time: deadline + 1_000 });
    await late.goto(`/stories/${experience.id}`);
    await hydrated(late);
    await expect.poll(() => late.locator(`[data-calendar-id="${first.id}"]`).getAttribute('data-state')).toBe('inactive');
    expect(await late.locator(`[data-calendar-id="${second.id}"]`).getAttribute('data-state')).toBe('open');
  });
});
