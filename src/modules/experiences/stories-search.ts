// The /stories list and search query (the list goals). Server-only; used by experiences.service.
//
// One SQL statement reads a page: its ids (only the experiences table and, for availability, the calendars index),
// then their cards. Another counts the matches with the same WHERE (experiences.service decides when the count is
// needed; searchCounts counts several searches in one statement, and the list without a filter reads the triggers'
// published_experience_count instead of counting). The keyword matches
// experiences.search_text (Migration20261123130000_search): terms of 3 or more characters use LIKE '%term%', which
// the trigram GIN index serves; 2 character terms (陶芸, 着物) have no trigram and use the bigram GIN index
// (experiences.search_bigrams @> ARRAY[term]); a 1 character term uses strpos() on the same normalised column,
// filtered after the other conditions.
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { readRows, type SqlReader } from '#src/lib/read-sql';
import { oneShotStatement, shapedStatement } from './search-statements';
import { RATING_MIN_REVIEWS, REGIONS } from './experiences.shared';
import { BOOKING_CLOSES_LOCAL_SQL } from '#src/modules/calendars/slots';
import { CARD_COLUMNS, type CardRow, cardJson } from './story-cards';
import type { ExperienceCardJson, StoriesSort } from './experiences.schemas';
import { searchTerms } from './stories-query.schemas';

/** The parsed, resolved filters of one search (ids already checked). */
export interface StoriesCriteria {
  q?: string;
  dateFrom?: string;
  dateTo?: string;
  people?: number;
  prefectureIds: number[];
  categoryId?: number;
  themeId?: number;
  priceMin?: number;
  priceMax?: number;
  online?: boolean;
  sort: StoriesSort;
}

interface Sql {
  text: string;
  params: unknown[];
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** True when the search asks for availability (a date or a party size). */
export function wantsAvailability(c: StoriesCriteria): boolean {
  return c.dateFrom !== undefined || c.dateTo !== undefined || c.people !== undefined;
}

/** The most prefectures a search may name and still be prepared (shapedStatement): one region, the largest is 中部. */
const BOUNDED_PREFECTURES = Math.max(...REGIONS.map((region) => region.length));

/**
 * The statement for a search's text: prepared when the search is within a few prefectures, whose experiences bound
 * what any plan reads (a fraction of the catalogue); planned for its values otherwise, where the values decide
 * between reading a rare date's slots first and reading every candidate experience (search-statements.ts).
 */
function searchStatement(bounded: boolean, sql: string) {
  return bounded ? shapedStatement(sql) : oneShotStatement(sql);
}

function isBounded(c: StoriesCriteria): boolean {
  return c.prefectureIds.length > 0 && c.prefectureIds.length <= BOUNDED_PREFECTURES;
}

/** The Japan dates a search asks about: date_from alone is that one day; date_to alone is today to date_to. */
export function dateRange(c: StoriesCriteria, now: Date): { from: string; to: string | null } {
  return { from: c.dateFrom ?? todayInJapan(now), to: c.dateTo ?? c.dateFrom ?? null };
}

/**
 * The slot condition, for `calendars c` of `experiences e`: on the dates asked (Japan dates, as stored; no end:
 * any later date), accepting reservations, enough seats for the party, and before its booking deadline
 * (calendars/slots.ts bookingClosesAt: on_the_day closes at the start time, otherwise at 00:00 of the slot's date,
 * Japan time, whatever the server's time zone).
 *
 * Only a slot of today (Japan time) can have closed: a later slot is open under either rule. A search that starts
 * tomorrow or later therefore needs no deadline test: the condition then reads only `c`, which lets PostgreSQL start
 * from the slots of a rare date and look up their experiences, instead of testing every candidate experience's slots
 * (a condition that also reads `e` keeps the EXISTS from being turned into a join on the slots' experience ids). A
 * search that includes today tests the deadline of today's slots only (`c.date > today OR ...`): the later slots
 * pass on their date, without the time-zone arithmetic.
 */
export function slotCondition(from: string, to: string | null, people: number, now: Date): Sql {
  const params: unknown[] = [from];
  let text = 'c.experience_id = e.id AND c.date >= ?::date';
  if (to !== null) {
    text += ' AND c.date <= ?::date';
    params.push(to);
  }
  text += ' AND c.accepting_reservation AND c.recruitment_number - c.participant_number >= ?';
  params.push(people);
  const today = todayInJapan(now);
  if (from <= today) {
    text += ` AND (c.date > ?::date OR (${BOOKING_CLOSES_LOCAL_SQL} AT TIME ZONE 'Asia/Tokyo') > ?::timestamptz)`;
    params.push(today, now.toISOString());
  }
  return { text, params };
}

/**
 * The keyword's conditions on `e`, one per term: a term of 3 or more characters by LIKE (the trigram GIN index), of 2
 * by the bigram GIN index (exactly "search_text contains the term", Migration20261124100000), of 1 by strpos() on
 * the same column, which no index serves (left out when `withSingle` is false).
 */
function keywordConditions(q: string | undefined, withSingle: boolean): { parts: string[]; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const term of searchTerms(q)) {
    const length = [...term].length;
    if (length >= 3) {
      parts.push(`e.search_text LIKE ?`);
      params.push(`%${escapeLike(term)}%`);
    } else if (length === 2) {
      parts.push('e.search_bigrams @> ARRAY[?]::text[]');
      params.push(term);
    } else if (withSingle) {
      parts.push('strpos(e.search_text, ?) > 0');
      params.push(term);
    }
  }
  return { parts, params };
}

/** The search's conditions; `plain` when there is none but being published (the /stories list without a filter). */
function whereClause(c: StoriesCriteria, now: Date): Sql & { plain: boolean } {
  const parts: string[] = ['e.approve'];
  const params: unknown[] = [];
  if (c.prefectureIds.length === 1) {
    // One prefecture (most searches) is an equality, not `= ANY` of a one-element array: a prepared statement's
    // generic plan costs `= ANY($1)` as ten index scans (it cannot see the array's length), and then reads the
    // keyword's whole posting list and the area's index apart and intersects them, instead of reading only the
    // area's matches from the (prefecture, keyword) GIN indexes (Migration20261127100000_search_area_keyword).
    parts.push('e.prefecture_id = ?::int');
    params.push(c.prefectureIds[0]);
  } else if (c.prefectureIds.length > 1) {
    // One placeholder for any number of prefectures: the statement's text (and its prepared plan) stays the same.
    parts.push('e.prefecture_id = ANY(?::int[])');
    params.push(c.prefectureIds);
  }
  if (c.categoryId !== undefined) {
    parts.push('e.category_id = ?');
    params.push(c.categoryId);
  }
  if (c.themeId !== undefined) {
    parts.push('EXISTS (SELECT 1 FROM experience_themes et WHERE et.experience_id = e.id AND et.theme_id = ?)');
    params.push(c.themeId);
  }
  if (c.priceMin !== undefined) {
    parts.push('e.price >= ?');
    params.push(c.priceMin);
  }
  if (c.priceMax !== undefined) {
    parts.push('e.price <= ?');
    params.push(c.priceMax);
  }
  if (c.online !== undefined) {
    parts.push(c.online ? 'e.online' : 'NOT e.online');
  }
  const keyword = keywordConditions(c.q, true);
  parts.push(...keyword.parts);
  params.push(...keyword.params);
  if (wantsAvailability(c)) {
    const people = c.people ?? 1;
    // A party never fits an experience smaller than itself; a free experience takes one person per reservation
    // (reservations/quote.ts).
    parts.push('e.recruitment_number >= ?');
    params.push(people);
    if (people > 1) parts.push('e.price > 0');
    const { from, to } = dateRange(c, now);
    const slot = slotCondition(from, to, people, now);
    parts.push(`EXISTS (SELECT 1 FROM calendars c WHERE ${slot.text})`);
    params.push(...slot.params);
  }
  return { text: parts.join('\n  AND '), params, plain: parts.length === 1 };
}

/** True when the search has a condition beyond being published (false: the /stories list without a filter). */
export function isSearchOrFilter(c: StoriesCriteria): boolean {
  return !whereClause(c, new Date()).plain;
}

function orderClause(c: StoriesCriteria, now: Date): Sql {
  const newest = 'e.created_at DESC, e.id DESC';
  switch (c.sort) {
    case 'price_asc':
      return { text: `e.price ASC, ${newest}`, params: [] };
    case 'price_desc':
      return { text: `e.price DESC, ${newest}`, params: [] };
    case 'rating':
      // Written as experiences_rating_list_index is, so the list without a filter reads that index in order.
      return {
        text: `(e.review_count >= ${RATING_MIN_REVIEWS}) DESC, e.review_average DESC NULLS LAST, e.review_count DESC, ${newest}`,
        params: [],
      };
    case 'date': {
      // The first bookable date on the dates asked (from today without dates); none last.
      const { from, to } = dateRange(c, now);
      const slot = slotCondition(from, to, c.people ?? 1, now);
      return { text: `(SELECT min(c.date) FROM calendars c WHERE ${slot.text}) ASC NULLS LAST, ${newest}`, params: slot.params };
    }
    case 'recommended': {
      // Recommended: with a keyword, title hits before the others; then experiences bookable in the next 30 days
      // (Japan time) before those that are not; then newest.
      const params: unknown[] = [];
      const keys: string[] = [];
      const terms = searchTerms(c.q);
      if (terms.length > 0) {
        keys.push(`(strpos(tabitoko_search_norm(e.title), ?) > 0) DESC`);
        params.push(terms[0]);
      }
      const today = todayInJapan(now);
      const soon = slotCondition(today, addDays(today, 29), c.people ?? 1, now);
      keys.push(`(EXISTS (SELECT 1 FROM calendars c WHERE ${soon.text})) DESC`);
      params.push(...soon.params);
      return { text: `${keys.join(', ')}, ${newest}`, params };
    }
    default:
      return { text: newest, params: [] };
  }
}

/**
 * The cards of one page, in order, in one statement: the page's ids first (an ARRAY subquery that reads only what the
 * filters and the order need, so a deep OFFSET walks index entries, not rows), then the cards of those ids only, in
 * the ids' order (WITH ORDINALITY). One statement, not two, saves the search a round trip and a second turn in the
 * pool's queue; the card joins are planned with it (once per connection when the search is prepared).
 * The list without a filter also reads its count (`total`, the triggers' published_experience_count) in it; `total`
 * is null for a search, and for a page without cards (no row to carry it).
 */
export async function searchPage(
  em: SqlReader,
  c: StoriesCriteria,
  limit: number,
  offset: number,
  now: Date,
): Promise<{ cards: ExperienceCardJson[]; total: number | null }> {
  const where = whereClause(c, now);
  const order = orderClause(c, now);
  const rows = await readRows<CardRow & { total?: string | number }>(
    em,
    searchStatement(
      // The list without a filter reads the same index for any page: its plan does not depend on the values.
      isBounded(c) || (where.plain && c.sort === 'newest'),
      `SELECT ${CARD_COLUMNS}${where.plain ? ', (SELECT n FROM published_experience_count) AS total' : ''}
FROM unnest(ARRAY(SELECT e.id FROM experiences e WHERE ${where.text} ORDER BY ${order.text} LIMIT ? OFFSET ?))
  WITH ORDINALITY AS page(id, n)
JOIN experiences e ON e.id = page.id
JOIN categories cat ON cat.id = e.category_id
LEFT JOIN prefectures pref ON pref.id = e.prefecture_id
ORDER BY page.n`,
    ),
    [...where.params, ...order.params, limit, offset],
  );
  const total = where.plain && rows.length > 0 ? Number(rows[0].total) : null;
  return { cards: rows.map(cardJson), total };
}

/**
 * A search to count, and optionally how many of its matches are in some prefectures (`alsoIn`), counted in the same
 * scan: a narrower search that differs only by its area (the empty result's nearby prefectures within the search
 * without an area) costs a FILTER over rows already read instead of a statement of its own to plan and run.
 */
export interface CountRequest {
  criteria: StoriesCriteria;
  alsoIn?: number[];
}

/**
 * Questions about the whole catalogue that an empty search asks along with its first relaxed count
 * (experiences.service suggestions); a relaxed search that keeps a condition nothing satisfies cannot find anything,
 * and is then not planned and counted.
 * - `slots`: for each range of Japan dates (`to` null: any later date), whether any published experience has a slot
 *   open for `people` on them (a search past every host's calendar, or a fully booked holiday, has none). Each EXISTS
 *   stops at the first open slot it meets in the bookable-date index.
 * - `keyword`: whether any published experience matches the keyword's terms of two characters or more (a word no
 *   experience has), read from the GIN indexes; a keyword of one-character terms only is not asked about.
 * Neither depends on its values for its plan, so they do not stop the statement from being prepared.
 */
interface CatalogueQuestions {
  slots?: { people: number; ranges: readonly { from: string; to: string | null }[] };
  keyword?: string;
}

interface CatalogueAnswers {
  /** One per range of `slots`. */
  open: boolean[];
  /** False only when `keyword` was asked about and nothing matches it. */
  keywordFound: boolean;
}

/** The questions as columns of the counts' statement (o0, o1, … and kw). */
function questionScans(questions: CatalogueQuestions, now: Date, params: unknown[]): string[] {
  const scans: string[] = [];
  const { slots, keyword } = questions;
  for (const [k, { from, to }] of (slots?.ranges ?? []).entries()) {
    const slot = slotCondition(from, to, slots?.people ?? 1, now);
    params.push(...slot.params);
    scans.push(
      `(SELECT EXISTS (SELECT 1 FROM calendars c JOIN experiences e ON e.id = c.experience_id AND e.approve WHERE ${slot.text}) AS o${k}) o${k}`,
    );
  }
  const terms = keywordConditions(keyword, false);
  if (terms.parts.length > 0) {
    params.push(...terms.params);
    scans.push(`(SELECT EXISTS (SELECT 1 FROM experiences e WHERE e.approve AND ${terms.parts.join(' AND ')}) AS kw) kw`);
  }
  return scans;
}

/**
 * How many published experiences match each search (the main count, or the relaxed searches), and of those how many
 * are in `alsoIn`, in one statement, with the answers to `questions` if asked: prepared when every search is within
 * a few prefectures or has no filter, otherwise planned for its values.
 */
export async function searchCounts(
  em: SqlReader,
  list: readonly CountRequest[],
  now: Date,
  questions: CatalogueQuestions = {},
): Promise<{ counts: { count: number; countIn: number }[] } & CatalogueAnswers> {
  const params: unknown[] = [];
  let prepared = true;
  const scans = list.map(({ criteria, alsoIn }, k) => {
    const where = whereClause(criteria, now);
    if (!where.plain && !isBounded(criteria)) prepared = false;
    // Every published experience: the number the triggers keep (Migration20261125100000_published_count), not a
    // count(*) that grows with the catalogue.
    if (where.plain && alsoIn === undefined) return `(SELECT n AS c${k} FROM published_experience_count) s${k}`;
    let columns = `count(*) AS c${k}`;
    if (alsoIn !== undefined) {
      columns += `, count(*) FILTER (WHERE e.prefecture_id = ANY(?::int[])) AS i${k}`;
      params.push(alsoIn);
    }
    params.push(...where.params);
    return `(SELECT ${columns} FROM experiences e WHERE ${where.text}) s${k}`;
  });
  scans.push(...questionScans(questions, now, params));
  const row =
    scans.length === 0
      ? undefined
      : (
          await readRows<Record<string, string | boolean>>(em, searchStatement(prepared, `SELECT * FROM ${scans.join(',\n  ')}`), params)
        )[0];
  return {
    counts: list.map((_, k) => ({ count: Number(row?.[`c${k}`] ?? 0), countIn: Number(row?.[`i${k}`] ?? 0) })),
    open: (questions.slots?.ranges ?? []).map((_, k) => row?.[`o${k}`] === true),
    keywordFound: row?.kw !== false,
  };
}
