// The host form's dates of today (Japan time): a new or moved date whose start time has come is refused on its field,
// a rule's date that has started is not created, and an experience's dates that have started or passed keep working
// when they are sent back unchanged. The clock is faked (Date only) at 22:40 in Japan, two days from now.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser } from '#tests/factories/users';
import { createCalendar } from '#tests/factories/experiences';
import { storeTestImages, validPayload } from '#tests/factories/experience-payloads';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await storeTestImages(t.orm);
});

afterEach(() => {
  vi.useRealTimers();
});

const em = () => t.orm.em.fork();
/** The faked day, two days after the real one so sessions and holds stay ahead of the database's clock. */
const day = addDays(todayInJapan(), 2);
const at2240 = () => vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${day}T22:40:00+09:00`) });
const ALL_WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const STARTED = '開始時刻を過ぎた日程は登録できません';

async function slotsOf(experienceId: number) {
  const slots = await em().find(Calendar, { experience: experienceId }, { orderBy: { date: 'asc', startTime: 'asc' } });
  return slots.map((s) => [s.date, s.startTime, s.endTime]);
}

describe('POST /api/v1/experiences at 22:40 (Japan time)', () => {
  it('refuses a date of today that has started or ended, on its field, and creates nothing', async () => {
    at2240();
    const { agent } = await createSignedInUser(t);
    const before = await em().count(Experience, {});
    for (const [start, end] of [
      ['10:00', '12:00'],
      ['22:30', '23:30'],
    ]) {
      const res = await agent.post('/api/v1/experiences').send(
        validPayload({
          calendars: [
            { date: addDays(day, 1), start_time: '10:00', end_time: '12:00' },
            { date: day, start_time: start, end_time: end },
          ],
        }),
      );
      expect(res.status, start).toBe(422);
      expect(res.body.messages).toEqual({ 'calendars.1.date': [STARTED] });
    }
    expect(await em().count(Experience, {})).toBe(before);
  });

  it('accepts a date of today whose start time is still ahead', async () => {
    at2240();
    const { agent } = await createSignedInUser(t);
    const res = await agent
      .post('/api/v1/experiences')
      .send(validPayload({ calendars: [{ date: day, start_time: '23:00', end_time: '23:30' }] }));
    expect(res.status).toBe(201);
    expect(await slotsOf(res.body.id)).toEqual([[day, '23:00', '23:30']]);
  });

  it("leaves out a rule's date of today that has started, and refuses a rule with no other date", async () => {
    at2240();
    const { agent } = await createSignedInUser(t);
    const rule = { start_date: day, end_date: addDays(day, 2), start_time: '10:00', end_time: '12:00', day_of_week: ALL_WEEK };
    const res = await agent.post('/api/v1/experiences').send(validPayload({ calendars: [], recurrence_rules: [rule] }));
    expect(res.status).toBe(201);
    expect(await slotsOf(res.body.id)).toEqual([
      [addDays(day, 1), '10:00', '12:00'],
      [addDays(day, 2), '10:00', '12:00'],
    ]);

    const before = await em().count(Experience, {});
    const todayOnly = await agent
      .post('/api/v1/experiences')
      .send(validPayload({ calendars: [], recurrence_rules: [{ ...rule, end_date: day }] }));
    expect(todayOnly.status).toBe(422);
    expect(todayOnly.body.messages['recurrence_rules.0.start_date']).toEqual([STARTED]);
    expect(await em().count(Experience, {})).toBe(before);
  });
});

describe('PUT /api/v1/experiences/{id} at 22:40 (Japan time)', () => {
  it('keeps the dates that have started or passed as they are, and refuses adding or moving a date to a started time', async () => {
    const { agent } = await createSignedInUser(t);
    const created = await agent.post('/api/v1/experiences').send(
      validPayload({
        calendars: [
          { date: day, start_time: '10:00', end_time: '12:00' },
          { date: day, start_time: '23:00', end_time: '23:30' },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const id: number = created.body.id;
    const [started, later] = (await em().find(Calendar, { experience: id }, { orderBy: { startTime: 'asc' } })).map((s) => s.id);
    // A date of yesterday (in the faked clock), as an experience that has run before has.
    await createCalendar(t.orm, id, { date: addDays(day, -1), startTime: '10:00', endTime: '12:00' });
    at2240();

    const kept = [
      { id: started, date: day, start_time: '10:00', end_time: '12:00' },
      { id: later, date: day, start_time: '23:00', end_time: '23:30' },
    ];
    const unchanged = await agent.put(`/api/v1/experiences/${id}`).send(validPayload({ title: '藍染めの手ぬぐいづくり', calendars: kept }));
    expect(unchanged.status).toBe(200);
    expect((await em().findOneOrFail(Experience, { id })).title).toBe('藍染めの手ぬぐいづくり');
    const stored = [
      [addDays(day, -1), '10:00', '12:00'],
      [day, '10:00', '12:00'],
      [day, '23:00', '23:30'],
    ];
    expect(await slotsOf(id)).toEqual(stored);

    const added = await agent
      .put(`/api/v1/experiences/${id}`)
      .send(validPayload({ calendars: [...kept, { date: day, start_time: '21:00', end_time: '22:00' }] }));
    expect(added.status).toBe(422);
    expect(added.body.messages).toEqual({ 'calendars.2.date': [STARTED] });

    const moved = await agent
      .put(`/api/v1/experiences/${id}`)
      .send(validPayload({ calendars: [kept[0], { ...kept[1], start_time: '22:00', end_time: '23:00' }] }));
    expect(moved.status).toBe(422);
    expect(moved.body.messages).toEqual({ 'calendars.1.date': [STARTED] });
    expect(await slotsOf(id)).toEqual(stored);

    // A started date moved to a later day is a new date like any other.
    const movedLater = await agent
      .put(`/api/v1/experiences/${id}`)
      .send(validPayload({ calendars: [{ ...kept[0], date: addDays(day, 1) }, kept[1]] }));
    expect(movedLater.status).toBe(200);
    expect(await slotsOf(id)).toEqual([
      [addDays(day, -1), '10:00', '12:00'],
      [day, '23:00', '23:30'],
      [addDays(day, 1), '10:00', '12:00'],
    ]);
  });
});
