// The SQL side of the admin and brand portal lists' filters (src/lib/isomorphic/list-filters.ts is the query side): a WHERE
// built from parts, the keyword as a substring of one lower-cased text expression (the expression a trigram GIN
// index is built on, like the catalogue's search), Japan-time day ranges, and one page of ids with a bounded count in
// one statement (docs/decisions/admin-lists.md). Server-only.
import type { Ctx } from '#src/lib/context';
import { addDays, japanInstant } from '#src/lib/isomorphic/dates';
import { LIST_COUNT_LIMIT, type ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { pageMeta } from '#src/lib/paging';
import { numberPlaceholders, type ReadStatement, readRows, statementName } from '#src/lib/read-sql';

/**
 * The keyword lower-cased when it is one bigram (two characters without whitespace), which a list with a table of its
 * keyword text's bigrams looks up there (`Where.keyword`'s `bigram`); undefined otherwise.
 */
export function bigramKeyword(q: string | undefined): string | undefined {
  const lowered = q?.toLowerCase();
  return lowered && [...lowered].length === 2 && !/\s/.test(lowered) ? lowered : undefined;
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
   * A case-insensitive substring of `text` (a lower-cased expression; `%` and `_` in the keyword are literal). With
   * `bigram` (a column of the list's source holding one of `text`'s bigrams per row: the source is then a table of the
   * text's bigrams, see `bigramKeyword`), a two-character keyword without whitespace, which has no trigram for the
   * trigram index, is that column's value instead: the bigrams are every two-character piece of the text without
   * whitespace, so containing the keyword as a bigram is exactly containing it as a substring. That condition's
   * plan does not depend on the keyword (the bigram table's index leads to the list's order for every value), so
   * the statement is prepared like one without a keyword.
   */
  keyword(text: string, q: string | undefined, options: { bigram?: string } = {}): this {
    if (!q) return this;
    const bigram = options.bigram ? bigramKeyword(q) : undefined;
    if (options.bigram && bigram) return this.add(`${options.bigram} = ?`, bigram);
    this.planPerValue = true;
    return this.add(`${text} LIKE ? ESCAPE '\\'`, `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
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
