// The short public cache: guests share a render for PUBLIC_CACHE_SECONDS (they see the old answer within it and
// the new one after), signed-in users never get it, and nothing else (404s, the host view) is kept.
// The TTL is long (60 s) and the clock is moved by faking Date only, so nothing here depends on how fast it runs.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createUser, signedInAgent } from '#tests/factories/users';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Calendar } from '#src/modules/calendars/calendars.entity';

const TTL_SECONDS = 60;

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ PUBLIC_CACHE_SECONDS: String(TTL_SECONDS) });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Freezes Date at now; `later(s)` moves it s seconds on. Timers, sockets and PostgreSQL keep the real clock. */
function freezeClock() {
  const start = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  return { later: (seconds: number) => vi.setSystemTime(start + seconds * 1000) };
}

describe('public cache (PUBLIC_CACHE_SECONDS)', () => {
  it('serves guests the cached experience within the TTL and the new one after; never the host view', async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const experience = await createExperience(t.orm, { hostUserId: host.id, online: true, title: '古いタイトル' });
    const hostAgent = await signedInAgent(t.app, host.email);
    const url = `/api/v1/experiences/${experience.id}`;
    const clock = freezeClock();

    // The host (signed in) sees more than guests; a guest asking after never gets the host's view.
    expect((await hostAgent.get(url)).body.online_url).toBe('https://meet.example.com/abc');
    const guestView = await request(t.app).get(url);
    expect(guestView.status).toBe(200);
    expect(guestView.body.title).toBe('古いタイトル');
    expect(guestView.body.online_url ?? null).toBeNull();

    await t.orm.em.fork().nativeUpdate(Experience, { id: experience.id }, { title: '新しいタイトル' });
    // Within the TTL guests get the cached answer; the signed-in host reads the database.
    clock.later(TTL_SECONDS - 1);
    expect((await request(t.app).get(url)).body.title).toBe('古いタイトル');
    expect((await hostAgent.get(url)).body.title).toBe('新しいタイトル');
    // Once the TTL has passed, guests get the new answer.
    clock.later(TTL_SECONDS + 1);
    expect((await request(t.app).get(url)).body.title).toBe('新しいタイトル');
  });

  it('keeps availability for guests the TTL at most, and never for a signed-in user', async () => {
    const experience = await createExperience(t.orm);
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 3, recruitmentNumber: 5 });
    const user = await createUser(t.orm);
    const agent = await signedInAgent(t.app, user.email);
    const url = `/api/v1/experiences/${experience.id}/calendars`;
    const seatsTaken = (res: request.Response) =>
      (res.body.calendars as { id: number; participant_number: number }[]).find((c) => c.id === calendar.id)?.participant_number;
    const clock = freezeClock();

    expect(seatsTaken(await request(t.app).get(url))).toBe(0);
    await t.orm.em.fork().nativeUpdate(Calendar, { id: calendar.id }, { participantNumber: 5 });
    clock.later(TTL_SECONDS - 1);
    expect(seatsTaken(await request(t.app).get(url))).toBe(0);
    expect(seatsTaken(await agent.get(url))).toBe(5);
    clock.later(TTL_SECONDS + 1);
    expect(seatsTaken(await request(t.app).get(url))).toBe(5);
  });

  it('does not keep a 404', async () => {
    const experience = await createExperience(t.orm, { approve: false });
    freezeClock();
    expect((await request(t.app).get(`/api/v1/experiences/${experience.id}`)).status).toBe(404);
    await t.orm.em.fork().nativeUpdate(Experience, { id: experience.id }, { approve: true, approvedAt: new Date() });
    expect((await request(t.app).get(`/api/v1/experiences/${experience.id}`)).status).toBe(200);
  });
});
