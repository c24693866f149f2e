// What the host form sends: a complete, valid experience payload and a recurrence rule, the dates they use and
// the uploaded images they name (storeTestImages stores them first). Shared by the host API tests.
import { randomUUID } from 'node:crypto';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import type { MikroORM } from '@mikro-orm/postgresql';
import { localUrl, prepareFile, storeLocal } from '#src/modules/uploads/uploads.store';

export const today = () => todayInJapan();
export const inDays = (n: number) => addDays(todayInJapan(), n);

/** Four small SVG files, each with its own bytes and so its own object_key, as POST /api/v1/uploads stores them. */
const testFiles = ['#c2410c', '#0f766e', '#15803d', '#b45309'].map((fill) =>
  prepareFile(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3" fill="${fill}"/></svg>`),
  ),
);

/** The test images as the host form sends them: object_key and the local store's url. */
export const testImages = testFiles.map((file) => ({ object_key: file.publicId, url: localUrl(file.publicId) }));

/** Stores the test images in the local store (uploaded_files), as their upload would; idempotent. */
export async function storeTestImages(orm: MikroORM): Promise<void> {
  await storeLocal(orm.em.fork(), testFiles);
}

/** A payload that passes every rule: in-person, 2 options, one single slot; its images need storeTestImages. */
export function validPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: '藍染めのハンカチづくり',
    images: testImages.slice(0, 2),
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
