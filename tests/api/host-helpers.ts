// Shared by the host API tests (issue 5): a complete, valid experience form payload and small data helpers.
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Express } from 'express';
import request from 'supertest';
import { TEST_PASSWORD } from '#tests/factories/users';
import { addDays, todayInJapan } from '#src/lib/dates';
import { AmbassadorMember } from '#src/modules/ambassadors/ambassadors.entity';
import { Reservation, ReservationCalendar } from '#src/modules/reservations/reservations.entity';

export const today = () => todayInJapan();
export const inDays = (n: number) => addDays(todayInJapan(), n);

/** A payload that passes every rule: in-person, 2 options, one single slot. */
export function validPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: '藍染めのハンカチづくり',
    images: [
      { object_key: 'abc123.jpg', url: '/uploads/abc123.jpg' },
      { object_key: 'def456.png', url: 'https://res.example.com/def456.png' },
    ],
    online: false,
    online_url: null,
    state: '京都府',
    address: '京都府京都市左京区1-2-3',
    address_displayable: true,
    category_id: 1,
    themes: [{ id: 1 }, { id: 2 }],
    price: 4500,
    price_side_note: '材料費込み',
    description: '天然の藍で、ハンカチを1枚染めます。',
    inspiration: '祖母の藍甕を受け継いだことがきっかけです。',
    note: '汚れてもよい服装でお越しください。',
    recruitment_number: 8,
    reservation_deadline: 'the_day_before',
    set_minimum_number_of_participant_count: true,
    minimum_number_of_participant_count: 2,
    cancellation_period: 7,
    reservation_notice: null,
    options: [
      { name: '手ぬぐい追加', description: '手ぬぐいも1枚染めます', price: 1500 },
      { name: 'お茶菓子', description: '季節の和菓子付き', price: 500 },
    ],
    calendars: [{ date: inDays(10), start_time: '10:00', end_time: '12:00' }],
    recurrence_rules: [],
    community_id: null,
    ...overrides,
  };
}

export function rule(overrides: Record<string, unknown> = {}) {
  return {
    uuid: randomUUID(),
    start_date: inDays(1),
    end_date: inDays(35),
    start_time: '13:00',
    end_time: '14:30',
    day_of_week: ['Monday', 'Thursday'],
    ...overrides,
  };
}

export async function addMember(orm: MikroORM, ambassadorId: number, userId: number) {
  const em = orm.em.fork();
  em.create(AmbassadorMember, { ambassador: ambassadorId, user: userId });
  await em.flush();
}

/** A reservation row on a slot (cancelled, so it holds no seats): the slot can still never be deleted. */
export async function addReservation(orm: MikroORM, experienceId: number, calendarId: number, userId: number) {
  const em = orm.em.fork();
  const reservation = em.create(Reservation, {
    user: userId,
    experience: experienceId,
    numberOfPeople: 1,
    tourAmount: 0,
    serviceFee: 0,
    processingFee: 0,
    totalAmount: 0,
    idempotencyKey: randomUUID(),
    status: 'cancelled',
    cancelledAt: new Date(),
  });
  em.create(ReservationCalendar, { reservation, calendar: calendarId });
  await em.flush();
}

let ipCounter = 0;

/**
 * A signed-in agent. Each sign-in comes from its own client address (X-Forwarded-For; the app trusts one proxy
 * hop) so the many sign-ins of these files stay under the per-address sign-in limit.
 */
export async function agentFor(app: Express, email: string) {
  ipCounter += 1;
  const agent = request.agent(app);
  const res = await agent
    .post('/api/v1/sessions')
    .set('X-Forwarded-For', `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`)
    .send({ email, password: TEST_PASSWORD });
  if (res.status !== 201) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}
