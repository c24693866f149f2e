// A fixed-window counter in PostgreSQL, so every process of a scaled-out app shares it.
// The table `rate_limits` comes from a migration. Statements run through `em.execute`, so inside a transaction they
// use the transaction's own connection.
import type { EntityManager } from '@mikro-orm/postgresql';
import { TooManyRequestsError } from './isomorphic/errors';
import * as ja from '#src/i18n/ja';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Counts one attempt for the key in its window; returns the count so far (this attempt included). */
export async function count(em: EntityManager, limit: Pick<Limit, 'key' | 'windowSeconds'>): Promise<number> {
  const rows = await em.execute<{ count: number }[]>(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ?) THEN 1 ELSE rate_limits.count + 1 END,
       window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ?) THEN now() ELSE rate_limits.window_start END
     RETURNING count`,
    [limit.key, limit.windowSeconds, limit.windowSeconds],
  );
  return Number(rows[0]?.count ?? 0);
}

/** The count of the key in its current window, without counting anything. */
export async function peek(em: EntityManager, limit: Pick<Limit, 'key' | 'windowSeconds'>): Promise<number> {
  const rows = await em.execute<{ count: number }[]>(
    `SELECT count FROM rate_limits WHERE key = ? AND window_start >= now() - make_interval(secs => ?)`,
    [limit.key, limit.windowSeconds],
  );
  return Number(rows[0]?.count ?? 0);
}

/** Counts one attempt for each key; throws 429 when any is over its limit. Returns the counts, in order. */
export async function hit(em: EntityManager, limits: Limit[]): Promise<number[]> {
  const counts: number[] = [];
  for (const limit of limits) {
    const n = await count(em, limit);
    if (n > limit.max) throw new TooManyRequestsError(ja.errors.tooManyRequests);
    counts.push(n);
  }
  return counts;
}

/** Forgets the counters of these keys (for example after a successful sign-in). */
export async function reset(em: EntityManager, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await em.execute(`DELETE FROM rate_limits WHERE key IN (${keys.map(() => '?').join(',')})`, keys);
}
