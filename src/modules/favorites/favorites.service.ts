// Favourites (お気に入り): a signed-in guest hearts a published experience (or one they may manage), removes it, and
// lists their own. Setting and clearing are idempotent (a second PUT or DELETE answers the same). Nobody else ever
// sees a guest's favourites, and no count of an experience's favourites is shown anywhere.
import type { Ctx } from '#src/lib/context';
import { requireUser, userOf } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { type IdInput, parseId } from '#src/lib/isomorphic/ids';
import { idFrom, parseInput } from '#src/lib/isomorphic/validate';
import { readRows, readStatement } from '#src/lib/read-sql';
import * as ja from '#src/i18n/ja';
import type { ExperiencesService } from '#src/modules/experiences/experiences.service';
import { publishedCardsWithNextSlots } from '#src/modules/experiences/experiences.repository';
import {
  FAVORITES_PER_PAGE,
  NEXT_DATES_SHOWN,
  favoritesQuerySchema,
  type FavoriteStateJson,
  type FavoritesQuery,
  type FavoritesJson,
} from './favorites.schemas';

const FAVORITE_IDS = readStatement('SELECT experience_id FROM favorites WHERE user_id = ? AND experience_id = ANY(?::int[])');

const notFound = () => new NotFoundError(ja.browse.experienceNotFound, 'experience');

/** The most ids a page asks about at once (a page shows at most a few dozen cards). */
const MAX_IDS_ASKED = 100;

export interface FavoritesDeps {
  experiences: Pick<ExperiencesService, 'findVisible'>;
}

export function createFavoritesService(deps: FavoritesDeps) {
  /**
   * PUT /api/v1/experiences/{id}/favorite (input: { id }): hearts an experience the caller can see (published, or
   * theirs to manage); 401 signed out, 404 unknown or unpublished. Idempotent: the unique (user, experience) pair and
   * ON CONFLICT DO NOTHING make a repeat, or two at once, one row.
   */
  async function add(ctx: Ctx, input: { id: IdInput }): Promise<FavoriteStateJson> {
    const user = requireUser(ctx);
    const { experience } = await deps.experiences.findVisible(ctx, input);
    await ctx.em.execute(
      'INSERT INTO favorites (user_id, experience_id) VALUES (?, ?) ON CONFLICT ON CONSTRAINT favorites_user_id_experience_id_unique DO NOTHING',
      [user.id, experience.id],
    );
    return { experience_id: experience.id, favorite: true };
  }

  /**
   * DELETE /api/v1/experiences/{id}/favorite (input: { id }): clears the heart; 401 signed out, 404 a malformed id
   * or no such experience. Idempotent, and also for an experience no longer published (a guest can always empty
   * their list).
   */
  async function remove(ctx: Ctx, input: { id: IdInput }): Promise<FavoriteStateJson> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', notFound);
    const [exists] = await ctx.em.execute<{ id: number }[]>('SELECT id FROM experiences WHERE id = ?', [id]);
    if (!exists) throw notFound();
    await ctx.em.execute('DELETE FROM favorites WHERE user_id = ? AND experience_id = ?', [user.id, id]);
    return { experience_id: id, favorite: false };
  }

  /**
   * GET /api/v1/favorites?page (and /favorites): the caller's favourites that are published, most recently added
   * first, each as its card with the next open dates the caller has not booked yet. One that is unpublished stays
   * stored and is shown again once published.
   */
  async function list(ctx: Ctx, input: FavoritesQuery): Promise<FavoritesJson> {
    const user = requireUser(ctx);
    const { page } = parseInput(favoritesQuerySchema, input);
    const rows = await ctx.em.execute<{ experience_id: number; total: string }[]>(
      `SELECT f.experience_id, count(*) OVER () AS total FROM favorites f JOIN experiences e ON e.id = f.experience_id AND e.approve
       WHERE f.user_id = ? ORDER BY f.created_at DESC, f.id DESC LIMIT ? OFFSET ?`,
      [user.id, FAVORITES_PER_PAGE, (page - 1) * FAVORITES_PER_PAGE],
    );
    const total =
      rows.length > 0
        ? Number(rows[0].total)
        : page === 1
          ? 0
          : Number(
              (
                await ctx.em.execute<{ n: string }[]>(
                  'SELECT count(*) AS n FROM favorites f JOIN experiences e ON e.id = f.experience_id AND e.approve WHERE f.user_id = ?',
                  [user.id],
                )
              )[0].n,
            );
    const favorites = await publishedCardsWithNextSlots(
      ctx.sql,
      rows.map((row) => row.experience_id),
      NEXT_DATES_SHOWN,
      new Date(),
      user.id,
    );
    return {
      favorites,
      meta: { total_count: total, page, per_page: FAVORITES_PER_PAGE, total_pages: Math.max(1, Math.ceil(total / FAVORITES_PER_PAGE)) },
    };
  }

  /**
   * The experiences among `ids` the caller has hearted (input: { ids }): the hearts of the cards a signed-in page
   * shows. A guest has none (no query). Ids that are not ids are ignored.
   */
  async function idsAmong(ctx: Ctx, input: { ids: readonly unknown[] }): Promise<number[]> {
    const user = userOf(ctx);
    if (!user) return [];
    const ids = input.ids
      .slice(0, MAX_IDS_ASKED)
      .map((id) => parseId(id))
      .filter((id): id is number => id !== null);
    if (ids.length === 0) return [];
    const rows = await readRows<{ experience_id: number }>(ctx.sql, FAVORITE_IDS, [user.id, ids]);
    return rows.map((row) => row.experience_id);
  }

  return { add, remove, list, idsAmong };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
