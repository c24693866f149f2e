// The server accepts only the slot times the form offers (06:00–23:30 in 30-minute steps), for
// calendar entries and recurrence rules, on create and on update.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser } from '#tests/factories/users';
import { inDays, rule, storeTestImages, validPayload } from '#tests/factories/experience-payloads';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { TIME_CHOICES } from '#src/modules/calendars/recurrence';
import * as ja from '#src/i18n/ja';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await storeTestImages(t.orm);
});

const outside = '時刻は06:00〜23:30の間で選択してください';
const step = '時刻は30分単位で選択してください';

async function post(payload: Record<string, unknown>) {
  const { user, agent } = await createSignedInUser(t, { role: 'USER' });
  const res = await agent.post('/api/v1/experiences').send(payload);
  return { user, agent, res };
}

describe('slot times', () => {
  it('refuses calendar times outside 06:00–23:30 or off the 30-minute steps, and creates nothing', async () => {
    expect(ja.bookingRules.timeOutsideWindow).toBe(outside);
    const cases: [Record<string, string>, string, string][] = [
      [{ start_time: '05:00', end_time: '07:00' }, 'calendars.0.start_time', outside],
      [{ start_time: '05:30', end_time: '07:00' }, 'calendars.0.start_time', outside],
      [{ start_time: '00:00', end_time: '07:00' }, 'calendars.0.start_time', outside],
      [{ start_time: '10:15', end_time: '11:00' }, 'calendars.0.start_time', step],
      [{ start_time: '10:00', end_time: '10:45' }, 'calendars.0.end_time', step],
      [{ start_time: '04:00', end_time: '05:00' }, 'calendars.0.end_time', outside],
      [{ start_time: '24:00', end_time: '24:30' }, 'calendars.0.start_time', step],
    ];
    const before = await t.orm.em.fork().count(Experience, {});
    for (const [times, key, message] of cases) {
      const { res } = await post(validPayload({ calendars: [{ date: inDays(5), ...times }] }));
      expect(res.status, JSON.stringify(times)).toBe(422);
      expect(res.body.messages[key], JSON.stringify(times)).toEqual([message]);
    }
    expect(await t.orm.em.fork().count(Experience, {})).toBe(before);
  });

  it('accepts 06:00 and 23:30, the first and last choices of the form', async () => {
    expect(TIME_CHOICES[0]).toBe('06:00');
    expect(TIME_CHOICES.at(-1)).toBe('23:30');
    const { res } = await post(
      validPayload({
        calendars: [
          { date: inDays(5), start_time: '06:00', end_time: '06:30' },
          { date: inDays(6), start_time: '23:00', end_time: '23:30' },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const slots = await t.orm.em.fork().find(Calendar, { experience: res.body.id }, { orderBy: { date: 'asc' } });
    expect(slots.map((s) => [s.startTime, s.endTime])).toEqual([
      ['06:00', '06:30'],
      ['23:00', '23:30'],
    ]);
  });

  it('refuses the same times in recurrence rules', async () => {
    const early = await post(validPayload({ calendars: [], recurrence_rules: [rule({ start_time: '05:00', end_time: '06:00' })] }));
    expect(early.res.status).toBe(422);
    expect(early.res.body.messages['recurrence_rules.0.start_time']).toEqual([outside]);
    const quarter = await post(validPayload({ calendars: [], recurrence_rules: [rule({ start_time: '10:15', end_time: '11:00' })] }));
    expect(quarter.res.status).toBe(422);
    expect(quarter.res.body.messages['recurrence_rules.0.start_time']).toEqual([step]);
    const ok = await post(validPayload({ calendars: [], recurrence_rules: [rule({ start_time: '06:00', end_time: '23:30' })] }));
    expect(ok.res.status).toBe(201);
  });

  it('refuses them on update too, leaving the slots as they were', async () => {
    const { agent, res } = await post(validPayload());
    expect(res.status).toBe(201);
    const update = await agent
      .put(`/api/v1/experiences/${res.body.id}`)
      .send(validPayload({ calendars: [{ date: inDays(10), start_time: '05:00', end_time: '12:00' }] }));
    expect(update.status).toBe(422);
    expect(update.body.messages['calendars.0.start_time']).toEqual([outside]);
    const slots = await t.orm.em.fork().find(Calendar, { experience: res.body.id });
    expect(slots.map((s) => s.startTime)).toEqual(['10:00']);
  });
});
