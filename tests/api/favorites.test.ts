// Favourites (お気に入り): PUT/DELETE /api/v1/experiences/{id}/favorite are idempotent, only visible experiences can be
// hearted, GET /api/v1/favorites lists the caller's own published favourites with their next open dates, and the
// pages' hearts (favorites.idsAmong) know only the caller's.

import { timeZoneForThisFile } from '#tests/setup/time-zone';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, type Agent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { Favorite } from '#src/modules/favorites/favorites.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { GUEST } from '#src/lib/context';

timeZoneForThisFile('UTC');

let t: TestApp;
let alice: { id: number; agent: Agent };
let bob: { id: number; agent: Agent };
const day = (n: number) => addDays(todayInJapan(), n);

beforeAll(async () => {
  t = await setupTestApp();
  const a = await createSignedInUser(t);
  const b = await createSignedInUser(t);
  alice = { id: a.user.id, agent: a.agent };
  bob = { id: b.user.id, agent: b.agent };
});

const favoritesOf = (userId: number) => t.orm.em.fork().count(Favorite, { user: userId });

describe('PUT and DELETE /api/v1/experiences/{id}/favorite', () => {
  it('hearts once however often it is asked, and clears the same way', async () => {
    const experience = await createExperience(t.orm, { title: 'ハートの体験' });
    const path = `/api/v1/experiences/${experience.id}/favorite`;
    for (let i = 0; i < 2; i++) {
      const res = await alice.agent.put(path).expect(200);
      expect(res.body).toEqual({ experience_id: experience.id, favorite: true });
    }
    expect(await favoritesOf(alice.id)).toBe(1);
    // Two at once still make one row.
    await Promise.all([alice.agent.put(path).expect(200), alice.agent.put(path).expect(200)]);
    expect(await favoritesOf(alice.id)).toBe(1);
    for (let i = 0; i < 2; i++) {
      const res = await alice.agent.delete(path).expect(200);
      expect(res.body).toEqual({ experience_id: experience.id, favorite: false });
    }
    expect(await favoritesOf(alice.id)).toBe(0);
  });

  it('asks a signed-out visitor to sign in and stores nothing', async () => {
    const experience = await createExperience(t.orm);
    const before = await t.orm.em.fork().count(Favorite, {});
    const res = await request(t.app).put(`/api/v1/experiences/${experience.id}/favorite`).expect(401);
    expect(res.body.message).toBe('ログインしてください');
    await request(t.app).delete(`/api/v1/experiences/${experience.id}/favorite`).expect(401);
    expect(await t.orm.em.fork().count(Favorite, {})).toBe(before);
  });

  it('refuses an unpublished or unknown experience with the experience 404', async () => {
    const draft = await createExperience(t.orm, { approve: false });
    for (const id of [draft.id, 99999999, 'abc']) {
      const res = await bob.agent.put(`/api/v1/experiences/${id}/favorite`).expect(404);
      expect(res.body.message).toBe('体験が見つかりませんでした');
    }
    expect(await favoritesOf(bob.id)).toBe(0);
  });

  it('clears the heart of an unpublished experience, and answers 404 for one that does not exist', async () => {
    const hidden = await createExperience(t.orm, { approve: false });
    const res = await bob.agent.delete(`/api/v1/experiences/${hidden.id}/favorite`).expect(200);
    expect(res.body).toEqual({ experience_id: hidden.id, favorite: false });
    const unknown = await bob.agent.delete('/api/v1/experiences/99999999/favorite').expect(404);
    expect(unknown.body.message).toBe('体験が見つかりませんでした');
  });
});

describe('GET /api/v1/favorites', () => {
  it("lists only the caller's published favourites, newest first, with the next three open dates", async () => {
    const carol = await createSignedInUser(t);
    const first = await createExperience(t.orm, { title: '一つめ', price: 3000 });
    const second = await createExperience(t.orm, { title: '二つめ', price: 5000 });
    const hidden = await createExperience(t.orm, { title: '非公開になる' });
    // The first one's slots: a full one, one closed, four open (three shown, in date order).
    await createCalendar(t.orm, first.id, { date: day(5), startTime: '10:00', endTime: '12:00' });
    await createCalendar(t.orm, first.id, { date: day(2), startTime: '13:00', endTime: '15:00' });
    await createCalendar(t.orm, first.id, { date: day(2), startTime: '09:00', endTime: '11:00' });
    await createCalendar(t.orm, first.id, { date: day(9), startTime: '10:00', endTime: '12:00' });
    await createCalendar(t.orm, first.id, { date: day(1), startTime: '10:00', endTime: '12:00', participantNumber: 10 });
    await createCalendar(t.orm, first.id, { date: day(3), startTime: '10:00', endTime: '12:00', acceptingReservation: false });
    await createCalendar(t.orm, first.id, { date: day(-1), startTime: '10:00', endTime: '12:00' });
    for (const e of [first, hidden, second]) await carol.agent.put(`/api/v1/experiences/${e.id}/favorite`).expect(200);
    await bob.agent.put(`/api/v1/experiences/${second.id}/favorite`).expect(200);
    const em = t.orm.em.fork();
    const toHide = await em.findOneOrFail(Experience, { id: hidden.id });
    toHide.approve = false;
    toHide.approvedAt = null;
    await em.flush();

    const res = await carol.agent.get('/api/v1/favorites').expect(200);
    expect(res.body.meta).toEqual({ total_count: 2, page: 1, per_page: 20, total_pages: 1 });
    expect(res.body.favorites.map((f: { title: string }) => f.title)).toEqual(['二つめ', '一つめ']);
    const [two, one] = res.body.favorites;
    expect(two.next_slots).toEqual([]);
    expect(two.price).toBe(5000);
    expect(one.next_slots.map((s: { date: string; start_time: string }) => `${s.date} ${s.start_time}`)).toEqual([
      `${day(2)} 09:00`,
      `${day(2)} 13:00`,
      `${day(5)} 10:00`,
    ]);
    // The unpublished favourite is kept, and shown again once published.
    expect(await favoritesOf(carol.user.id)).toBe(3);

    const bobs = await bob.agent.get('/api/v1/favorites').expect(200);
    expect(bobs.body.favorites.map((f: { title: string }) => f.title)).toEqual(['二つめ']);
  });

  it('offers as next dates only slots the guest does not hold already (those the calendars show as 予約済み)', async () => {
    const dan = await createSignedInUser(t);
    const experience = await createExperience(t.orm, { title: '予約済みを除く' });
    const slot = (n: number) => createCalendar(t.orm, experience.id, { date: day(n), startTime: '10:00', endTime: '12:00' });
    const [d2, d4, d6, d8, d10] = [await slot(2), await slot(4), await slot(6), await slot(8), await slot(10)];
    // Dan holds day 2 and day 6; his cancelled booking of day 4 and Bob's booking of day 8 do not hold them for him.
    await createReservation(t.orm, { userId: dan.user.id, experienceId: experience.id, calendarIds: [d2.id, d6.id] });
    await createReservation(t.orm, { userId: dan.user.id, experienceId: experience.id, calendarIds: [d4.id], status: 'cancelled' });
    await createReservation(t.orm, { userId: bob.id, experienceId: experience.id, calendarIds: [d8.id] });
    await dan.agent.put(`/api/v1/experiences/${experience.id}/favorite`).expect(200);

    const res = await dan.agent.get('/api/v1/favorites').expect(200);
    expect(res.body.favorites[0].next_slots.map((s: { id: number }) => s.id)).toEqual([d4.id, d8.id, d10.id]);
    const calendars = await dan.agent
      .get(`/api/v1/experiences/${experience.id}/calendars?from_date=${day(1)}&to_date=${day(12)}`)
      .expect(200);
    expect(calendars.body.meta.reserved_calendar_ids).toEqual([d2.id, d6.id]);
  });

  it('asks a signed-out visitor to sign in', async () => {
    const res = await request(t.app).get('/api/v1/favorites').expect(401);
    expect(res.body.message).toBe('ログインしてください');
  });

  it('answers a page past the end with the total and no favourites, and refuses a bad page number', async () => {
    const dave = await createSignedInUser(t);
    const e = await createExperience(t.orm);
    await dave.agent.put(`/api/v1/experiences/${e.id}/favorite`).expect(200);
    const res = await dave.agent.get('/api/v1/favorites?page=3').expect(200);
    expect(res.body.favorites).toEqual([]);
    expect(res.body.meta).toEqual({ total_count: 1, page: 3, per_page: 20, total_pages: 1 });
    await dave.agent.get('/api/v1/favorites?page=0').expect(422);
  });
});

describe('the hearts a page shows (favorites.idsAmong)', () => {
  it("answers only the caller's own hearts among the ids asked, and nothing for a guest", async () => {
    const a = await createExperience(t.orm);
    const b = await createExperience(t.orm);
    const c = await createExperience(t.orm);
    const erin = await createSignedInUser(t);
    await erin.agent.put(`/api/v1/experiences/${a.id}/favorite`).expect(200);
    await erin.agent.put(`/api/v1/experiences/${c.id}/favorite`).expect(200);
    await alice.agent.put(`/api/v1/experiences/${b.id}/favorite`).expect(200);
    const { services } = t;
    const asErin = services.context({ kind: 'user', id: erin.user.id, name: erin.user.name, email: erin.user.email, role: 'USER' });
    expect((await services.favorites.idsAmong(asErin, { ids: [a.id, b.id, c.id, 'x'] })).sort((x, y) => x - y)).toEqual(
      [a.id, c.id].sort((x, y) => x - y),
    );
    const asGuest = services.context(GUEST);
    expect(await services.favorites.idsAmong(asGuest, { ids: [a.id, b.id, c.id] })).toEqual([]);
  });
});
