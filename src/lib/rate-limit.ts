// A fixed-window counter in PostgreSQL, so every process of a scaled-out app shares it.
// The table `rate_limits` comes from a migration.
import type { EntityManager } from '@mikro-orm/postgresql';
import { TooManyRequestsError } from './errors';
import { ja } from '#src/i18n/ja';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Counts one attempt for each key; throws 429 when any is over its limit. */
export async function hit(em: EntityManager, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const rows = await em.getConnection().execute<{ count: number }[]>(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ?) THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ?) THEN now() ELSE rate_limits.window_start END
       RETURNING count`,
      [limit.key, limit.windowSeconds, limit.windowSeconds],
    );
    if (Number(rows[0]?.count ?? 0) > limit.max) throw new TooManyRequestsError(ja.errors.tooManyRequests);
  }
}

/** Forgets the counters of these keys (for example after a successful sign-in). */
export async function reset(em: EntityManager, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await em.getConnection().execute(`DELETE FROM rate_limits WHERE key IN (${keys.map(() => '?').join(',')})`, keys);
}
