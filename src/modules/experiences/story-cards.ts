// The cards of experiences as the lists show them (search pages, favourites), one SQL select list and its mapping,
// and the favourites' cards with their next open dates. Server-only; the search's SQL is in stories-search.ts.
import { readRows, type SqlReader } from '#src/lib/read-sql';
import { oneShotStatement } from './search-statements';
import { todayInJapan } from '#src/lib/isomorphic/dates';
import { publicImageJson } from '#src/modules/images/images.schemas';
import type { ExperienceCardJson } from './experiences.schemas';
import { slotCondition } from './stories-search';
import { heldByUserSql } from '#src/modules/calendars/slots';

export interface CardRow {
  id: number;
  title: string;
  approve: boolean;
  online: boolean;
  price: number;
  hosted_by: string;
  prefecture_id: number | null;
  state: string | null;
  category_id: number;
  category_name: string;
  images: { id: number; url: string; alt: string | null }[];
  review_count: number;
  /** numeric(2,1) arrives as a string. */
  review_average: string | null;
}

/** What a card shows, over `e` joined to `cat` and `pref`. */
export const CARD_COLUMNS = `e.id, e.title, e.approve, e.online, e.price, e.hosted_by, e.prefecture_id, pref.name AS state,
  e.category_id, cat.name AS category_name, e.review_count, e.review_average,
  COALESCE((SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'alt', i.alt) ORDER BY i.sort_order, i.id)
            FROM images i WHERE i.experience_id = e.id), '[]'::json) AS images`;

export function cardJson(row: CardRow): ExperienceCardJson {
  return {
    id: row.id,
    title: row.title,
    images: row.images.map(publicImageJson),
    approve: row.approve,
    online: row.online,
    state: row.state,
    prefecture_id: row.prefecture_id,
    category_id: row.category_id,
    category_name: row.category_name,
    price: row.price,
    hosted_by: row.hosted_by,
    review_count: row.review_count,
    average_rate: row.review_average === null ? null : Number(row.review_average),
  };
}

/** A slot of a card's next open dates (Japan date and times). */
export interface NextSlot {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
}

/**
 * The cards of these published experiences, in the order given, each with its next `slots` open dates for one
 * person from today (the search's slot condition: accepting, a seat left, before the booking deadline, Japan time),
 * leaving out the slots the viewer already holds (予約済み on the calendars), in one statement. Ids of experiences
 * that are not published are left out.
 */
export async function publishedCardsWithNextSlots(
  em: SqlReader,
  ids: readonly number[],
  slots: number,
  now: Date,
  viewerId: number,
): Promise<(ExperienceCardJson & { next_slots: NextSlot[] })[]> {
  if (ids.length === 0) return [];
  const slot = slotCondition(todayInJapan(now), null, 1, now);
  const rows = await readRows<CardRow & { next_slots: NextSlot[] }>(
    em,
    oneShotStatement(
      `SELECT ${CARD_COLUMNS},
  COALESCE((SELECT json_agg(s ORDER BY s.date, s.start_time, s.id) FROM (
    SELECT c.id, c.date, c.start_time, c.end_time FROM calendars c WHERE ${slot.text} AND NOT ${heldByUserSql('?')}
    ORDER BY c.date, c.start_time, c.id LIMIT ?) s),
    '[]'::json) AS next_slots
FROM unnest(?::int[]) WITH ORDINALITY AS page(id, n)
JOIN experiences e ON e.id = page.id AND e.approve
JOIN categories cat ON cat.id = e.category_id
LEFT JOIN prefectures pref ON pref.id = e.prefecture_id
ORDER BY page.n`,
    ),
    [...slot.params, viewerId, slots, [...ids]],
  );
  return rows.map((row) => ({ ...cardJson(row), next_slots: row.next_slots }));
}
