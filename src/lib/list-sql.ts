// The SQL side of the admin and brand portal lists' filters (src/lib/isomorphic/list-filters.ts is the query side): a WHERE
// built from parts, the keyword as a substring of one lower-cased text expression (the expression a trigram GIN
// index is built on, like the catalogue's search), Japan-time day ranges, and one page of ids with a bounded count
// (docs/decisions/admin-lists.md). Server-only.
import type { Ctx } from '#src/lib/context';
import { addDays, japanInstant } from '#src/lib/isomorphic/dates';
import { LIST_COUNT_LIMIT, type ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { readPage } from '#src/lib/paging';

/** Conditions joined with AND, with their parameters in order. */
export class Where {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];

  /** One condition with its `?` parameters. */
  add(condition: string, ...params: unknown[]): this {
    this.parts.push(condition);
    this.params.push(...params);
    return this;
  }

  /** A case-insensitive substring of `text` (a lower-cased expression; `%` and `_` in the keyword are literal). */
  keyword(text: string, q: string | undefined): this {
    if (!q) return this;
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

/**
 * One page of ids of `from` (a table or a join, with `where`), in `orderBy`, by the one page rule (`readPage`: a
 * page past the last answers the last). A first page that is not full is its own count, so a narrow filter runs one
 * statement; otherwise the count stops at LIST_COUNT_LIMIT (the page says "10,000件以上"), so no request counts a
 * whole table.
 */
export async function pageOfIds(
  ctx: Pick<Ctx, 'em'>,
  list: { from: string; id: string; where: Where; orderBy: string; size: number },
  page: number,
): Promise<{ ids: number[]; meta: ListPageMeta }> {
  const { from, id, where, orderBy, size } = list;
  let capped = false;
  const { rows, meta } = await readPage(page, size, async (limit, offset): Promise<[number[], number]> => {
    const found = await ctx.em.execute<{ id: number }[]>(
      `SELECT ${id} AS id FROM ${from} ${where.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
      [...where.params, limit, offset],
    );
    const ids = found.map((r) => Number(r.id));
    if (offset === 0 && ids.length < limit) return [ids, ids.length];
    const [count] = await ctx.em.execute<{ n: string }[]>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM ${from} ${where.sql} LIMIT ?) bounded`,
      [...where.params, LIST_COUNT_LIMIT + 1],
    );
    const n = Number(count?.n ?? 0);
    capped = n > LIST_COUNT_LIMIT;
    return [ids, Math.min(n, LIST_COUNT_LIMIT)];
  });
  return { ids: rows, meta: capped ? { ...meta, total_count_capped: true } : meta };
}

/** Rows of `ids` in the order of `ids` (rows loaded by id come back in any order). */
export function inIdOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
