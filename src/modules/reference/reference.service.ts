// Reference lists for forms and filters. Their rows come from a migration and never change while the app runs,
// so each list is read once per ORM and kept for a short while (a new deploy or migration restarts the process).
import type { Ctx } from '#src/lib/context';
import { Category, Occupation, Prefecture, Theme } from './reference.entity';
import type { ChoiceJson, ReferenceKind } from './reference.schemas';

const TTL_MS = 10 * 60 * 1000;
const caches = new WeakMap<object, Map<ReferenceKind, { at: number; rows: ChoiceJson[] }>>();

async function load(ctx: Ctx, kind: ReferenceKind): Promise<ChoiceJson[]> {
  // Keyed by the ORM's configuration (one per ORM), so test files with their own databases never share an entry; read
  // from ctx.sql, because ctx.em would fork an EntityManager for every request that only hits the cache.
  const key = ctx.sql.config;
  let cache = caches.get(key);
  if (!cache) {
    cache = new Map();
    caches.set(key, cache);
  }
  const hit = cache.get(kind);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.rows;
  const rows =
    kind === 'prefectures'
      ? await ctx.em.find(Prefecture, {}, { orderBy: { id: 'asc' } })
      : await ctx.em.find(
          kind === 'categories' ? Category : kind === 'themes' ? Theme : Occupation,
          {},
          { orderBy: { sortOrder: 'asc', id: 'asc' } },
        );
  const list = rows.map((row) => ({ id: row.id, name: row.name }));
  cache.set(kind, { at: Date.now(), rows: list });
  return list;
}

export type ReferenceDeps = Record<string, never>;

export function createReferenceService(_deps: ReferenceDeps = {}) {
  return {
    categories: (ctx: Ctx, _input?: unknown) => load(ctx, 'categories'),
    themes: (ctx: Ctx, _input?: unknown) => load(ctx, 'themes'),
    occupations: (ctx: Ctx, _input?: unknown) => load(ctx, 'occupations'),
    prefectures: (ctx: Ctx, _input?: unknown) => load(ctx, 'prefectures'),
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
