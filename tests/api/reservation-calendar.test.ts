// カレンダーに追加: GET /api/v1/reservations/{id}/calendar.ics is the .ics the confirmation mail attaches (Japan
// time, one event per slot, the same UIDs), for the guest's own confirmed reservation only.

import { timeZoneForThisFile } from '#tests/setup/time-zone';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, type Agent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';

timeZoneForThisFile('UTC');

let t: TestApp;
let guest: { id: number; agent: Agent };

beforeAll(async () => {
  t = await setupTestApp();
  const signed = await createSignedInUser(t);
  guest = { id: signed.user.id, agent: signed.agent };
});

async function reservation(status: 'confirmed' | 'pending' | 'cancelled' = 'confirmed', userId = guest.id) {
  const experience = await createExperience(t.orm, { title: '朝の座禅体験' });
  const late = await createCalendar(t.orm, experience.id, { date: '2030-05-02', startTime: '18:30', endTime: '20:00' });
  const early = await createCalendar(t.orm, experience.id, { date: '2030-05-01', startTime: '06:00', endTime: '07:30' });
  return createReservation(t.orm, { userId, experienceId: experience.id, calendarIds: [late.id, early.id], status });
}

describe('GET /api/v1/reservations/{id}/calendar.ics', () => {
  it('sends the confirmed reservation as an iCalendar attachment in Japan time, its dates in time order', async () => {
    const r = await reservation();
    const res = await guest.agent
      .get(`/api/v1/reservations/${r.id}/calendar.ics`)
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        response.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=tabitoko-reservation-${r.id}.ics`);
    const text = res.body as string;
    const starts = text.split('\r\n').filter((line) => line.startsWith('DTSTART;') || line.startsWith('DTEND;'));
    expect(starts).toEqual([
      'DTSTART;TZID=Asia/Tokyo:20300501T060000',
      'DTEND;TZID=Asia/Tokyo:20300501T073000',
      'DTSTART;TZID=Asia/Tokyo:20300502T183000',
      'DTEND;TZID=Asia/Tokyo:20300502T200000',
    ]);
    expect(text).toContain('SUMMARY:朝の座禅体験（たびとこ）');
    expect(text).toContain('TZID:Asia/Tokyo');
    expect(text).toMatch(new RegExp(`UID:reservation-${r.id}-slot-\\d+@localhost`));
  });

  it("answers 404 for another guest's reservation, 409 for one not confirmed, 401 signed out", async () => {
    const other = await createSignedInUser(t);
    const theirs = await reservation('confirmed', other.user.id);
    const missing = await guest.agent.get(`/api/v1/reservations/${theirs.id}/calendar.ics`).expect(404);
    expect(missing.body.message).toBe('予約が見つかりませんでした');
    for (const status of ['pending', 'cancelled'] as const) {
      const r = await reservation(status);
      const res = await guest.agent.get(`/api/v1/reservations/${r.id}/calendar.ics`).expect(409);
      expect(res.body.message).toBe('カレンダーに追加できるのは確定した予約だけです');
    }
    const r = await reservation();
    const res = await request(t.app).get(`/api/v1/reservations/${r.id}/calendar.ics`).expect(401);
    expect(res.body.message).toBe('ログインしてください');
  });
});
