// The SQL side of the admin and brand portal lists' filters (src/lib/isomorphic/list-filters.ts is the query side): a WHERE
// built from parts, the keyword as a substring of the list's normalised text stored in its table (the column a trigram
// GIN index is built on, like the catalogue's search), Japan-time day ranges, and one page of ids with a
// bounded count in one statement (docs/decisions/admin-lists.md). Server-only.
import { type Opt, p } from '@mikro-orm/core';
import type { Ctx } from '#src/lib/context';
import { addDays, japanInstant } from '#src/lib/isomorphic/dates';
import { LIST_COUNT_LIMIT, type ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { normalizeListKeyword } from '#src/lib/isomorphic/search-text';
import { pageMeta } from '#src/lib/paging';
import { numberPlaceholders, type ReadStatement, readRows, statementName } from '#src/lib/read-sql';

/** The column of a list's table that holds its keyword text (Migration20261201100000_list_keyword_norm). */
const KEYWORD_TEXT_COLUMN = 'keyword_text';

/**
 * A list's keyword text as `Where.keyword` compares it: the `keyword_text` column of its table (`alias`, the table's
 * alias in the list's statement), which PostgreSQL computes when a row is written: the list's columns (not null)
 * joined by a line feed and normalised by tabitoko_list_norm (the catalogue's NFKC, lower case and katakana to
 * hiragana, every whitespace but the line feed removed). The keyword, normalised alike by `normalizeListKeyword`, has
 * no line feed, so it never matches across two columns. Which columns make up each list's text is the migration's
 * generated expression (Migration20261201100000_list_keyword_norm), which the entity declares (`listKeywordProperty`).
 */
export function listKeywordText(alias?: string): string {
  return alias ? `${alias}.${KEYWORD_TEXT_COLUMN}` : KEYWORD_TEXT_COLUMN;
}

/**
 * An entity's declaration of its list's keyword text column (`keywordText`), generated from `columns` as the
 * migration creates it, so that the schema generator finds it as it is (tests/api/schema-drift.test.ts) and the ORM
 * never writes it. The line feed between the columns is a line feed inside the quotes (PostgreSQL prints the
 * migration's E'\n' back so, and the schema generator compares the expressions as text). Lazy and hidden: never
 * loaded nor serialised (the ORM still reads it back after its own inserts and updates, as it does any generated
 * column); the lists read it in SQL only.
 */
export function listKeywordProperty(columns: readonly string[]) {
  const text = columns.map((column) => `"${column}"`).join(" || '\n' || ");
  return p.text().$type<Opt<string>>().generated(`(tabitoko_list_norm(${text})) stored`).lazy().hidden();
}

/**
 * An entity's declaration of its list's trigram GIN index, on its keyword text column (`where`: the condition of a
 * partial index).
 */
export function listKeywordIndex(name: string, table: string, where?: string): { name: string; expression: string } {
  return {
    name,
    expression: `create index "${name}" on "${table}" using gin ("${KEYWORD_TEXT_COLUMN}" gin_trgm_ops)${where ? ` where ${where}` : ''}`,
  };
}

/**
 * The keyword normalised (`normalizeListKeyword`) when that is one bigram (two characters), which a list with a
 * table of its keyword text's bigrams looks up there (`Where.keyword`'s `bigram`); undefined otherwise.
 */
export function bigramKeyword(q: string | undefined): string | undefined {
  const keyword = q === undefined ? '' : normalizeListKeyword(q);
  return [...keyword].length === 2 ? keyword : undefined;
}

/**
 * The LIKE pattern (escape character: the backslash, PostgreSQL's default) that finds the keyword, normalised
 * (`normalizeListKeyword`), as a substring of a keyword text, its `%`, `_` and backslashes literal; undefined when the
 * keyword normalises to nothing (no filter).
 */
export function listKeywordPattern(q: string | undefined): string | undefined {
  const keyword = q === undefined ? '' : normalizeListKeyword(q);
  return keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

/** Conditions joined with AND, with their parameters in order. */
export class Where {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];
  /**
   * A condition whose best plan depends on its value is among the conditions (a keyword's LIKE: the trigram index
   * helps only from three characters), so the statement is planned for its values each time.
   */
  planPerValue = false;

  /** One condition with its `?` parameters. */
  add(condition: string, ...params: unknown[]): this {
    this.parts.push(condition);
    this.params.push(...params);
    return this;
  }

  /**
   * The keyword, normalised (`normalizeListKeyword`), as a substring of `text`, the list's keyword text (its stored
   * column, `listKeywordText`, or for a list without one an expression normalised alike by tabitoko_list_norm; `%`, `_`
   * and the backslash in the keyword are literal). A keyword that normalises to nothing
   * is no filter. With `bigram` (a column of the list's source holding one of the text's bigrams per row: the source
   * is then a table of the text's bigrams, see `bigramKeyword`), a two-character keyword, which has no trigram for the
   * trigram index, is that column's value instead: the bigrams are every two-character piece of the text without
   * whitespace (the line feeds between columns are the only whitespace left in it), so containing the keyword as a
   * bigram is exactly containing it as a substring. That condition's plan does not depend on the keyword (the bigram
   * table's index leads to the list's order for every value), so the statement is prepared like one without a keyword.
   */
  keyword(text: string, q: string | undefined, options: { bigram?: string } = {}): this {
    const pattern = listKeywordPattern(q);
    if (!pattern) return this;
    const bigram = options.bigram ? bigramKeyword(q) : undefined;
    if (options.bigram && bigram) return this.add(`${options.bigram} = ?`, bigram);
    this.planPerValue = true;
    return this.add(`${text} LIKE ? ESCAPE '\\'`, pattern);
  }

  /** Japan-time days, both included: `column` from the start of `since` to the end of `until`. */
  days(column: string, range: { since?: string; until?: string }): this {
    if (range.since) this.add(`${column} >= ?`, japanInstant(range.since));
    if (range.until) this.add(`${column} < ?`, japanInstant(addDays(range.until, 1)));
    return this;
  }

  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** A list's order: column expressions of `from` with their direction, the last one unique (the id). */
export type ListOrder = [expression: string, direction: 'ASC' | 'DESC'][];

/**
 * One page of ids of `from` (a table or a join, with `where`), in `order`, by the one page rule (a page past the
 * last answers the last), and the page meta, in one statement: the ids in order are read up to LIST_COUNT_LIMIT + 1
 * (the bounded count: past 10,000 the page says "10,000件以上", so no request counts a whole table), counted and
 * gathered into an array in that order (PostgreSQL feeds the ordered aggregate from the ordered scan, no second sort),
 * and the page is cut from the array. With an index on the filter's columns followed by the order's, that is one
 * index-only scan of at most LIST_COUNT_LIMIT + 1 entries, however deep the page: the count and the page read the
 * same entries once, where a separate count and OFFSET read them twice, each through the table.
 *
 * With `group`, the rows of `from` are grouped (`by`, the id's expression) and the groups kept by `having` (a condition
 * without parameters); the order's expressions may then be aggregates (a community's experiences by their next date).
 *
 * A statement is prepared under a name (PostgreSQL plans it once per connection, and planning cost more than running
 * it), unless `where` asks for a plan per value (a keyword's LIKE: whether the trigram index helps depends on the
 * keyword's length).
 */
export async function pageOfIds(
  ctx: Pick<Ctx, 'sql'>,
  list: { from: string; id: string; where: Where; group?: { by: string; having: string }; order: ListOrder; size: number },
  page: number,
): Promise<{ ids: number[]; meta: ListPageMeta }> {
  const { from, id, where, group, order, size } = list;
  const grouping = group ? `GROUP BY ${group.by} HAVING ${group.having}` : '';
  const keys = order.map(([expression], i) => `${expression} AS k${i}`).join(', ');
  const sql = `SELECT (a.ids)[p.off + 1 : p.off + ?::int] AS ids, a.n
      FROM (SELECT array_agg(w.id ORDER BY ${order.map(([, direction], i) => `w.k${i} ${direction}`).join(', ')}) AS ids,
                   count(*)::int AS n
              FROM (SELECT ${id} AS id, ${keys} FROM ${from} ${where.sql} ${grouping}
                     ORDER BY ${order.map(([expression, direction]) => `${expression} ${direction}`).join(', ')}
                     LIMIT ${LIST_COUNT_LIMIT + 1}) w) a
     CROSS JOIN LATERAL (SELECT least(?::int, greatest(least(a.n, ${LIST_COUNT_LIMIT}) - 1, 0) / ?::int * ?::int) AS off) p`;
  const text = numberPlaceholders(sql);
  const statement: ReadStatement = where.planPerValue ? { name: undefined, text } : { name: statementName('list', text), text };
  const [row] = await readRows<{ ids: number[] | null; n: number }>(ctx.sql, statement, [
    size,
    ...where.params,
    (page - 1) * size,
    size,
    size,
  ]);
  const n = row?.n ?? 0;
  const meta = pageMeta(page, Math.min(n, LIST_COUNT_LIMIT), size);
  const ids = (row?.ids ?? []).map(Number);
  return { ids, meta: n > LIST_COUNT_LIMIT ? { ...meta, total_count_capped: true } : meta };
}

/** Rows of `ids` in the order of `ids` (rows loaded by id come back in any order). */
export function inIdOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
