// Rows per key for a set of keys, in one statement: a brand's or ambassador's members, a question's answers. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * How many rows of `table` have each of `ids` in `column` (0 for an id with none). `table` and `column` are the
 * caller's constants, never input.
 */
export async function countRowsBy(em: EntityManager, table: string, column: string, ids: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await em.execute<{ id: number; n: string }[]>(
    `SELECT ${column} AS id, count(*) AS n FROM ${table} WHERE ${column} IN (${ids.map(() => '?').join(',')}) GROUP BY ${column}`,
    [...ids],
  );
  for (const row of rows) counts.set(Number(row.id), Number(row.n));
  return counts;
}
