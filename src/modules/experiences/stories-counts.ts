// The search's counts (stories-search.ts has its conditions and its page): the matches of a search, of the relaxed
// searches an empty result suggests, and the questions about the whole catalogue asked with them; and the first page
// that carries the first relaxed count when it is empty (firstPageOrCounts). Server-only; used by stories-list.ts.
import { readRows, type SqlReader } from '#src/lib/read-sql';
import { type CardRow, cardJson } from './story-cards';
import type { ExperienceCardJson } from './experiences.schemas';
import {
  isBounded,
  keywordConditions,
  pageStatement,
  searchStatement,
  slotCondition,
  type StoriesCriteria,
  whereClause,
} from './stories-search';

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
export interface CatalogueQuestions {
  slots?: { people: number; ranges: readonly { from: string; to: string | null }[] };
  keyword?: string;
}

export interface CatalogueAnswers {
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

/** Counts to read, and questions about the catalogue to answer, in one statement (searchCounts, firstPageOrCounts). */
export interface CountAsk {
  list: readonly CountRequest[];
  questions?: CatalogueQuestions;
}

export type CountAnswers = { counts: { count: number; countIn: number }[] } & CatalogueAnswers;

/**
 * The counts' scans (s0, s1, …, then the questions') and their values; `prepared` when every search is within a few
 * prefectures or has no filter.
 */
function countScans({ list, questions = {} }: CountAsk, now: Date): { scans: string[]; params: unknown[]; prepared: boolean } {
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
  return { scans, params, prepared };
}

/** The answers from the counts' row (undefined: nothing was asked). */
function countAnswers({ list, questions = {} }: CountAsk, row: Record<string, unknown> | undefined): CountAnswers {
  return {
    counts: list.map((_, k) => ({ count: Number(row?.[`c${k}`] ?? 0), countIn: Number(row?.[`i${k}`] ?? 0) })),
    open: (questions.slots?.ranges ?? []).map((_, k) => row?.[`o${k}`] === true),
    keywordFound: row?.kw !== false,
  };
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
): Promise<CountAnswers> {
  const ask = { list, questions };
  const { scans, params, prepared } = countScans(ask, now);
  const row =
    scans.length === 0
      ? undefined
      : (await readRows<Record<string, unknown>>(em, searchStatement(prepared, `SELECT * FROM ${scans.join(',\n  ')}`), params))[0];
  return countAnswers(ask, row);
}

/**
 * A first page, and when it has no card the counts of `ifEmpty`, in one statement: an empty search then needs no
 * second round trip for its first relaxed count, the one that waits longest on a slower host, where each round trip
 * is another turn of a throttled server. The page is read once (a materialised WITH); the counts sit behind a
 * condition on it that PostgreSQL tests once before reading them (a one-time filter), so a page that finds something
 * reads no count. It is prepared only if both the page and the counts would be on their own, so a search that finds
 * something keeps its plan.
 */
export async function firstPageOrCounts(
  em: SqlReader,
  c: StoriesCriteria,
  limit: number,
  now: Date,
  ifEmpty: CountAsk,
): Promise<{ cards: ExperienceCardJson[]; relaxed?: CountAnswers }> {
  const page = pageStatement(c, limit, 0, now);
  const counts = countScans(ifEmpty, now);
  const rows = await readRows<CardRow & Record<string, unknown>>(
    em,
    searchStatement(
      page.prepared && counts.prepared,
      `WITH found AS MATERIALIZED (${page.text})
SELECT found.*, relaxed.* FROM (SELECT) one
LEFT JOIN found ON true
LEFT JOIN (SELECT * FROM ${counts.scans.join(',\n  ')} WHERE NOT EXISTS (SELECT FROM found)) relaxed ON true
ORDER BY found.page_n`,
    ),
    [...page.params, ...counts.params],
  );
  // No card: the one row the outer join keeps, with the page's columns null and the counts'.
  if (rows.length === 1 && rows[0].id === null) return { cards: [], relaxed: countAnswers(ifEmpty, rows[0]) };
  return { cards: rows.map(cardJson) };
}
