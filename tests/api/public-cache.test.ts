// The short public cache: what guests share, what they never get, and how stale it may be.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createUser, signedInAgent } from '#tests/factories/users';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Calendar } from '#src/modules/calendars/calendars.entity';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ PUBLIC_CACHE_SECONDS: '1' });
});

describe('public cache (PUBLIC_CACHE_SECONDS)', () => {
  it('never serves the host view to a guest, and guests see changes once the TTL has passed', async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const experience = await createExperience(t.orm, { hostUserId: host.id, online: true });
    const hostAgent = await signedInAgent(t.app, host.email);

    const hostView = await hostAgent.get(`/api/v1/experiences/${experience.id}`);
    expect(hostView.body.online_url).toBe('https://meet.example.com/abc');
    const guestView = await request(t.app).get(`/api/v1/experiences/${experience.id}`);
    expect(guestView.status).toBe(200);
    expect(guestView.body.online_url ?? null).toBeNull();

    await t.orm.em.fork().nativeUpdate(Experience, { id: experience.id }, { title: '新しいタイトル' });
    // The host is signed in: never served from the cache.
    expect((await hostAgent.get(`/api/v1/experiences/${experience.id}`)).body.title).toBe('新しいタイトル');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await request(t.app).get(`/api/v1/experiences/${experience.id}`)).body.title).toBe('新しいタイトル');
  });

  it('keeps availability for guests at most the TTL old', async () => {
    const experience = await createExperience(t.orm);
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 3, recruitmentNumber: 5 });
    const url = `/api/v1/experiences/${experience.id}/calendars`;
    const first = await request(t.app).get(url);
    const slot = (body: { calendars: { id: number; participant_number: number }[] }) => body.calendars.find((c) => c.id === calendar.id)!;
    expect(slot(first.body).participant_number).toBe(0);
    await t.orm.em.fork().nativeUpdate(Calendar, { id: calendar.id }, { participantNumber: 5 });
    await new Promise((r) => setTimeout(r, 1100));
    expect(slot((await request(t.app).get(url)).body).participant_number).toBe(5);
  });

  it('does not keep a 404', async () => {
    const experience = await createExperience(t.orm, { approve: false });
    expect((await request(t.app).get(`/api/v1/experiences/${experience.id}`)).status).toBe(404);
    await t.orm.em.fork().nativeUpdate(Experience, { id: experience.id }, { approve: true, approvedAt: new Date() });
    expect((await request(t.app).get(`/api/v1/experiences/${experience.id}`)).status).toBe(200);
  });
});
