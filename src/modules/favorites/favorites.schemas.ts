// Favourites (お気に入り): the heart's answer and the signed-in guest's list. Browser-safe.
import { z } from 'zod';
import { dateJson, idJson, timeJson, type InputOf } from '#src/lib/isomorphic/validate';
import { experienceCardJsonSchema, pageMetaSchema, pageSchema } from '#src/modules/experiences/experiences.schemas';
import { FAVORITES_PER_PAGE, NEXT_DATES_SHOWN } from './favorites.shared';

export { FAVORITES_PER_PAGE, NEXT_DATES_SHOWN } from './favorites.shared';

export const favoritesQuerySchema = z.object({ page: pageSchema });
export type FavoritesQuery = InputOf<typeof favoritesQuerySchema>;

export const favoriteStateJsonSchema = z
  .object({ experience_id: idJson(), favorite: z.boolean() })
  .meta({ id: 'FavoriteState', description: '体験がお気に入りかどうか（本人にだけ見える）' });
export type FavoriteStateJson = z.output<typeof favoriteStateJsonSchema>;

const nextSlotJsonSchema = z.object({ id: idJson(), date: dateJson(), start_time: timeJson(), end_time: timeJson() });

export const favoritesJsonSchema = z
  .object({
    favorites: z
      .array(
        experienceCardJsonSchema.extend({
          next_slots: z.array(nextSlotJsonSchema).max(NEXT_DATES_SHOWN).meta({ description: '次の予約できる日程（日本時間）' }),
        }),
      )
      .max(FAVORITES_PER_PAGE),
    meta: pageMetaSchema,
  })
  .meta({ id: 'FavoriteList', description: `自分のお気に入り（公開中の体験、追加の新しい順、1 ページ ${FAVORITES_PER_PAGE} 件）` });
export type FavoritesJson = z.output<typeof favoritesJsonSchema>;

/** The experience ids among those asked that the caller has hearted (pages: the hearts of the cards shown). */
