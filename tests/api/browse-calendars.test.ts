import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { deadlineAt } from '#src/modules/calendars/slots';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

const today = () => todayInJapan();
const path = (id: number | string, from?: string, to?: string) =>
  `/api/v1/experiences/${id}/calendars${from || to ? `?${new URLSearchParams({ ...(from && { from_date: from }), ...(to && { to_date: to }) })}` : ''}`;

describe('GET /api/v1/experiences/{id}/calendars', () => {
  it('returns the slots of the window in date and time order, never past ones, never another experience’s', async () => {
    const e = await createExperience(t.orm);
    const other = await createExperience(t.orm);
    const late = await createCalendar(t.orm, e.id, { daysFromToday: 3, startTime: '14:00', endTime: '16:00' });
    const early = await createCalendar(t.orm, e.id, { daysFromToday: 3, startTime: '09:30', endTime: '11:00' });
    const first = await createCalendar(t.orm, e.id, { daysFromToday: 0, startTime: '23:00', endTime: '23:30' });
    await createCalendar(t.orm, e.id, { daysFromToday: -1 });
    await createCalendar(t.orm, other.id, { daysFromToday: 3 });
    const res = await request(t.app).get(path(e.id, addDays(today(), -5), addDays(today(), 10)));
    expect(res.status).toBe(200);
    expect(res.body.calendars.map((c: { id: number }) => c.id)).toEqual([first.id, early.id, late.id]);
    expect(res.body.calendars[1]).toEqual({
      id: early.id,
      experience_id: e.id,
      date: addDays(today(), 3),
      start_time: '09:30',
      end_time: '11:00',
      recurrence_rule_uuid: null,
      recruitment_number: 10,
      participant_number: 0,
      accepting_reservation: true,
      // The factory's experience books until the start time (on_the_day).
      reservation_deadline_at: new Date(`${addDays(today(), 3)}T09:30:00+09:00`).toISOString(),
    });
    expect(res.body.meta).toEqual({ reserved_calendar_ids: [], recent_count: 0, from_date: today(), to_date: addDays(today(), 10) });
  });

  it('defaults to today + 30 days and counts later slots in recent_count', async () => {
    const e = await createExperience(t.orm, { reservationDeadline: 'the_day_before' });
    const inWindow = await createCalendar(t.orm, e.id, { daysFromToday: 30 });
    await createCalendar(t.orm, e.id, { daysFromToday: 31 });
    await createCalendar(t.orm, e.id, { daysFromToday: 120 });
    const res = await request(t.app).get(path(e.id));
    expect(res.body.calendars.map((c: { id: number }) => c.id)).toEqual([inWindow.id]);
    expect(res.body.calendars[0].reservation_deadline_at).toBe(new Date(`${addDays(today(), 30)}T00:00:00+09:00`).toISOString());
    expect(res.body.meta).toMatchObject({ recent_count: 2, from_date: today(), to_date: addDays(today(), 30) });
    // Paging: the next window sees the next slot, and the last window reports nothing further.
    const next = await request(t.app).get(path(e.id, addDays(today(), 31), addDays(today(), 61)));
    expect(next.body.calendars).toHaveLength(1);
    expect(next.body.meta.recent_count).toBe(1);
    const last = await request(t.app).get(path(e.id, addDays(today(), 100), addDays(today(), 130)));
    expect(last.body.meta.recent_count).toBe(0);
    // A window wholly in the past is empty, and recent_count counts every future slot.
    const past = await request(t.app).get(path(e.id, addDays(today(), -20), addDays(today(), -10)));
    expect(past.body).toMatchObject({ calendars: [], meta: { recent_count: 3 } });
  });

  it("reports the signed-in user's confirmed reservations in the window only", async () => {
    const e = await createExperience(t.orm);
    const a = await createCalendar(t.orm, e.id, { daysFromToday: 2 });
    const b = await createCalendar(t.orm, e.id, { daysFromToday: 4 });
    const c = await createCalendar(t.orm, e.id, { daysFromToday: 6 });
    const far = await createCalendar(t.orm, e.id, { daysFromToday: 50 });
    const user = await createUser(t.orm);
    const someoneElse = await createUser(t.orm);
    await createReservation(t.orm, { userId: user.id, experienceId: e.id, calendarIds: [a.id, far.id] });
    await createReservation(t.orm, { userId: user.id, experienceId: e.id, calendarIds: [b.id], status: 'pending' });
    await createReservation(t.orm, { userId: someoneElse.id, experienceId: e.id, calendarIds: [c.id] });
    const agent = await signedInAgent(t.app, user.email);
    const res = await agent.get(path(e.id));
    expect(res.body.meta.reserved_calendar_ids).toEqual([a.id]);
    expect((await request(t.app).get(path(e.id))).body.meta.reserved_calendar_ids).toEqual([]);
    const other = await (await signedInAgent(t.app, someoneElse.email)).get(path(e.id));
    expect(other.body.meta.reserved_calendar_ids).toEqual([c.id]);
  });

  it('writes a window and a single slot with the same text, and the deadline as slots.ts’ deadlineAt does, under either rule', async () => {
    const onTheDay = await createExperience(t.orm);
    const dayBefore = await createExperience(t.orm, { reservationDeadline: 'the_day_before' });
    const day = addDays(today(), 5);
    const before = addDays(today(), 4);
    const slots = [
      await createCalendar(t.orm, onTheDay.id, { date: day, startTime: '00:00', endTime: '01:00' }),
      await createCalendar(t.orm, onTheDay.id, { date: day, startTime: '08:30', endTime: '09:30', participantNumber: 3 }),
      await createCalendar(t.orm, onTheDay.id, { date: day, startTime: '23:30', endTime: '23:59', acceptingReservation: false }),
    ];
    const res = await request(t.app).get(path(onTheDay.id, today(), addDays(today(), 10)));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const [a, b, c] = slots.map((slot) => slot.id);
    const slotText = (id: number, from: string, to: string, taken: number, open: boolean, deadline: string) =>
      `{"id":${id},"experience_id":${onTheDay.id},"date":"${day}","start_time":"${from}","end_time":"${to}","recurrence_rule_uuid":null,` +
      `"recruitment_number":10,"participant_number":${taken},"accepting_reservation":${open},"reservation_deadline_at":"${deadline}"}`;
    // Japan time is UTC+9: a start before 09:00 closes on the day before in UTC.
    const texts = [
      slotText(a, '00:00', '01:00', 0, true, `${before}T15:00:00.000Z`),
      slotText(b, '08:30', '09:30', 3, true, `${before}T23:30:00.000Z`),
      slotText(c, '23:30', '23:59', 0, false, `${day}T14:30:00.000Z`),
    ];
    const meta = `{"reserved_calendar_ids":[],"recent_count":0,"from_date":"${today()}","to_date":"${addDays(today(), 10)}"}`;
    expect(res.text).toBe(`{"calendars":[${texts.join(',')}],"meta":${meta}}`);
    const one = await Promise.all(slots.map((slot) => request(t.app).get(`/api/v1/calendars/${slot.id}`)));
    expect(one.map((r) => r.text)).toEqual(texts);
    // The rule in JavaScript (reservations, the waitlist's offers) gives the same instants.
    expect(['00:00', '08:30', '23:30'].map((start) => deadlineAt(day, start, 'on_the_day'))).toEqual([
      `${before}T15:00:00.000Z`,
      `${before}T23:30:00.000Z`,
      `${day}T14:30:00.000Z`,
    ]);
    const closedBefore = await createCalendar(t.orm, dayBefore.id, { date: day, startTime: '18:00', endTime: '19:00' });
    const single = await request(t.app).get(`/api/v1/calendars/${closedBefore.id}`);
    expect(single.body.reservation_deadline_at).toBe(`${before}T15:00:00.000Z`);
    expect(deadlineAt(day, '18:00', 'the_day_before')).toBe(`${before}T15:00:00.000Z`);
    const other = await request(t.app).get(path(dayBefore.id, today(), addDays(today(), 10)));
    expect(other.text).toBe(`{"calendars":[${single.text}],"meta":${meta}}`);
  });

  it('accepts a 93-day window and refuses bad, reversed and longer ones with 422', async () => {
    const e = await createExperience(t.orm);
    expect((await request(t.app).get(path(e.id, today(), addDays(today(), 92)))).status).toBe(200);
    const tooLong = await request(t.app).get(path(e.id, today(), addDays(today(), 93)));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.messages.to_date).toEqual(['期間は93日以内で指定してください']);
    const reversed = await request(t.app).get(path(e.id, addDays(today(), 5), today()));
    expect(reversed.status).toBe(422);
    expect(reversed.body.messages.to_date).toEqual(['終了日は開始日以降の日付を指定してください']);
    for (const bad of ['2026-02-30', '2026/12/01', 'tomorrow', '20261201', '']) {
      const res = await request(t.app).get(`/api/v1/experiences/${e.id}/calendars?from_date=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.messages.from_date).toEqual(['日付は yyyy-MM-dd の形式で指定してください']);
    }
    const array = await request(t.app).get(`/api/v1/experiences/${e.id}/calendars?to_date=2026-12-01&to_date=2026-12-02`);
    expect(array.status).toBe(422);
  });

  it('hides the slots of unpublished experiences from guests but not from the host', async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const pending = await createExperience(t.orm, { hostUserId: host.id, approve: false });
    const slot = await createCalendar(t.orm, pending.id, { daysFromToday: 1 });
    expect((await request(t.app).get(path(pending.id))).status).toBe(404);
    const hostView = await (await signedInAgent(t.app, host.email)).get(path(pending.id));
    expect(hostView.body.calendars.map((c: { id: number }) => c.id)).toEqual([slot.id]);
    expect((await request(t.app).get(path('abc'))).status).toBe(404);
    expect((await request(t.app).get(path(999999))).status).toBe(404);
  });
});

describe('GET /api/v1/calendars/{id}', () => {
  it('returns one slot of a published experience', async () => {
    const e = await createExperience(t.orm);
    const slot = await createCalendar(t.orm, e.id, {
      daysFromToday: 5,
      participantNumber: 3,
      recruitmentNumber: 8,
      acceptingReservation: false,
    });
    const res = await request(t.app).get(`/api/v1/calendars/${slot.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: slot.id,
      experience_id: e.id,
      date: addDays(today(), 5),
      start_time: '10:00',
      end_time: '12:00',
      recruitment_number: 8,
      participant_number: 3,
      accepting_reservation: false,
    });
  });

  it('answers 404 for slots of unpublished experiences and for bad ids', async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const pending = await createExperience(t.orm, { hostUserId: host.id, approve: false });
    const slot = await createCalendar(t.orm, pending.id);
    const res = await request(t.app).get(`/api/v1/calendars/${slot.id}`);
    expect(res.status).toBe(404);
    expect(res.body.messages.calendar).toEqual(['日程が見つかりませんでした']);
    expect((await (await signedInAgent(t.app, host.email)).get(`/api/v1/calendars/${slot.id}`)).status).toBe(200);
    for (const id of ['x', '0', '99999999999', '424242'])
      expect((await request(t.app).get(`/api/v1/calendars/${id}`)).status, id).toBe(404);
  });
});
