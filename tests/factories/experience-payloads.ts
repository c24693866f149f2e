// What the host form sends: a complete, valid experience payload and a recurrence rule, and the dates
// they use. Shared by the host API tests.
import { randomUUID } from 'node:crypto';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';

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
