// The rating summary (experiences.review_count, review_average; the reviews_summary trigger): kept right through
// reviews posted through the API (also two at once), deleted and changed; shown on every card; and the search's
// `rating` order, where experiences with fewer than 3 reviews come after those with enough, whatever their mean.

import { timeZoneForThisFile } from '#tests/setup/time-zone';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createReview } from '#tests/factories/reviews';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { Experience } from '#src/modules/experiences/experiences.entity';

timeZoneForThisFile('UTC');

let t: TestApp;

beforeAll(async () => {
  t = await setupTestApp();
});

async function summary(experienceId: number) {
  const rows = await t.orm.em
    .fork()
    .execute<{ review_count: number; review_rate_sum: string; review_average: string | null }[]>(
      'SELECT review_count, review_rate_sum, review_average FROM experiences WHERE id = ?',
      [experienceId],
    );
  return rows[0];
}

/** A signed-in guest with a confirmed reservation of `experienceId` that ended yesterday (the review window is open). */
async function guestWhoWent(experienceId: number) {
  const guest = await createSignedInUser(t);
  const slot = await createCalendar(t.orm, experienceId, { date: addDays(todayInJapan(), -1) });
  const reservation = await createReservation(t.orm, { userId: guest.user.id, experienceId, calendarIds: [slot.id] });
  return { ...guest, reservationId: reservation.id };
}

describe('the rating summary', () => {
  it('follows reviews posted through the API, two at once included', async () => {
    const experience = await createExperience(t.orm, { title: '評価を数える体験' });
    expect(await summary(experience.id)).toEqual({ review_count: 0, review_rate_sum: '0.0', review_average: null });
    const [a, b, c] = [await guestWhoWent(experience.id), await guestWhoWent(experience.id), await guestWhoWent(experience.id)];
    await a.agent.post(`/api/v1/reservations/${a.reservationId}/review`).send({ rate: 5, content: '最高でした' }).expect(201);
    expect(await summary(experience.id)).toEqual({ review_count: 1, review_rate_sum: '5.0', review_average: '5.0' });
    await Promise.all([
      b.agent.post(`/api/v1/reservations/${b.reservationId}/review`).send({ rate: 4, content: 'よかった' }).expect(201),
      c.agent.post(`/api/v1/reservations/${c.reservationId}/review`).send({ rate: 4, content: '楽しかった' }).expect(201),
    ]);
    // 13 / 3 = 4.33…
    expect(await summary(experience.id)).toEqual({ review_count: 3, review_rate_sum: '13.0', review_average: '4.3' });
    const reviews = await request(t.app).get(`/api/v1/experiences/${experience.id}/reviews`).expect(200);
    expect(reviews.body.average_rate).toBe(4.3);
    expect(reviews.body.meta.total_count).toBe(3);
  });

  it('follows a review deleted, a rate changed and a review moved to another experience', async () => {
    const guest = await createUser(t.orm);
    const one = await createExperience(t.orm);
    const other = await createExperience(t.orm);
    const r1 = await createReview(t.orm, { experienceId: one.id, guestId: guest.id, rate: 2 });
    const r2 = await createReview(t.orm, { experienceId: one.id, guestId: guest.id, rate: 5 });
    expect(await summary(one.id)).toEqual({ review_count: 2, review_rate_sum: '7.0', review_average: '3.5' });
    const em = t.orm.em.fork();
    await em.execute('UPDATE reviews SET rate = 3 WHERE id = ?', [r1.id]);
    expect(await summary(one.id)).toEqual({ review_count: 2, review_rate_sum: '8.0', review_average: '4.0' });
    await em.execute('UPDATE reviews SET experience_id = ? WHERE id = ?', [other.id, r2.id]);
    expect(await summary(one.id)).toEqual({ review_count: 1, review_rate_sum: '3.0', review_average: '3.0' });
    expect(await summary(other.id)).toEqual({ review_count: 1, review_rate_sum: '5.0', review_average: '5.0' });
    await em.execute('DELETE FROM reviews WHERE id = ?', [r1.id]);
    expect(await summary(one.id)).toEqual({ review_count: 0, review_rate_sum: '0.0', review_average: null });
    // A host reply changes neither.
    await em.execute(`UPDATE reviews SET host_reply_content = 'ありがとう', host_replied_at = now() WHERE id = ?`, [r2.id]);
    expect(await summary(other.id)).toEqual({ review_count: 1, review_rate_sum: '5.0', review_average: '5.0' });
  });
});

describe('ratings on cards and the rating order', () => {
  const keyword = 'ほしぞら観察';

  beforeAll(async () => {
    const guest = await createUser(t.orm);
    // name: the rates of its reviews. Created in this order (E newest).
    const plan: Record<string, number[]> = { A: [5], B: [4, 4, 5], C: [5, 5, 5, 4], D: [], E: [4.5, 4.5] };
    for (const [i, [name, rates]] of Object.entries(plan).entries()) {
      const e = await createExperience(t.orm, { title: `${keyword} ${name}` });
      const em = t.orm.em.fork();
      const row = await em.findOneOrFail(Experience, { id: e.id });
      row.createdAt = new Date(Date.UTC(2026, 0, 1 + i));
      await em.flush();
      for (const rate of rates) await createReview(t.orm, { experienceId: e.id, guestId: guest.id, rate });
    }
  });

  const titles = (body: { experiences: { title: string }[] }) => body.experiences.map((e) => e.title.replace(`${keyword} `, ''));

  it('shows each card its mean to one decimal and its number of reviews', async () => {
    const res = await request(t.app).get('/api/v1/stories').query({ q: keyword }).expect(200);
    const cards = Object.fromEntries(
      res.body.experiences.map((e: { title: string; average_rate: number | null; review_count: number }) => [
        e.title.replace(`${keyword} `, ''),
        [e.average_rate, e.review_count],
      ]),
    );
    expect(cards).toEqual({ A: [5, 1], B: [4.3, 3], C: [4.8, 4], D: [null, 0], E: [4.5, 2] });
  });

  it('sorts by rating: three reviews or more first by their mean, then the others by theirs, none last', async () => {
    const res = await request(t.app).get('/api/v1/stories').query({ q: keyword, sort: 'rating' }).expect(200);
    expect(titles(res.body)).toEqual(['C', 'B', 'A', 'E', 'D']);
    expect(res.body.search.sort).toBe('rating');
  });

  it('keeps the order without a keyword (the list read in the rating index)', async () => {
    const res = await request(t.app).get('/api/v1/stories').query({ sort: 'rating' }).expect(200);
    // With the first describe's two (default title): 4.3 of 3 reviews (newer than B), 5.0 of 1 (newer than A), none.
    const other = '手びねりで作る、自分だけの器';
    expect(res.body.experiences.map((e: { title: string }) => e.title.replace(`${keyword} `, ''))).toEqual([
      'C',
      '評価を数える体験',
      'B',
      other,
      'A',
      'E',
      other,
      'D',
    ]);
  });

  it('refuses an unknown order with the search message', async () => {
    const res = await request(t.app).get('/api/v1/stories').query({ sort: 'stars' }).expect(422);
    expect(Object.values(res.body.messages).flat()).toContain('並び順の指定が正しくありません');
  });
});
