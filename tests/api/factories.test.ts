import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { Calendar } from '#src/modules/calendars/calendars.entity';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

describe('database constraints behind the seat rules', () => {
  it('refuses a slot with more participants than seats', async () => {
    const experience = await createExperience(t.orm, { options: [{ name: '絵付け', price: 1000 }] });
    const calendar = await createCalendar(t.orm, experience.id, { recruitmentNumber: 3 });
    const em = t.orm.em.fork();
    await expect(em.getConnection().execute('UPDATE calendars SET participant_number = 4 WHERE id = ?', [calendar.id])).rejects.toThrow(
      /calendars_participant_number_range/,
    );
    expect((await em.findOneOrFail(Calendar, { id: calendar.id })).participantNumber).toBe(0);
  });
});
