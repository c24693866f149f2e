import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Created } from '#src/lib/base.entity';
import { User } from '#src/modules/users/users.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Calendar } from '#src/modules/calendars/calendars.entity';

/** An experience a guest has hearted (お気に入り); one row per user and experience, gone with either. */
export const Favorite = defineEntity({
  name: 'Favorite',
  tableName: 'favorites',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    experience: () => p.manyToOne(Experience).deleteRule('cascade'),
  },
  uniques: [{ name: 'favorites_user_id_experience_id_unique', properties: ['user', 'experience'] }],
  indexes: [{ properties: ['experience'] }],
});

export type IFavorite = InferEntity<typeof Favorite>;

/** A slot a host added to an existing experience, not yet announced to the guests who hearted it (favorite-dates.ts). */
export const FavoriteNewDate = defineEntity({
  name: 'FavoriteNewDate',
  tableName: 'favorite_new_dates',
  properties: {
    id: p.integer().primary(),
    calendar: () => p.manyToOne(Calendar).deleteRule('cascade').unique(),
    experience: () => p.manyToOne(Experience).deleteRule('cascade'),
    addedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  indexes: [{ properties: ['experience', 'addedAt'] }],
});

/** When an experience's new dates were last mailed to its favourites (at most one such mail a day). */
export const FavoriteDateMail = defineEntity({
  name: 'FavoriteDateMail',
  tableName: 'favorite_date_mails',
  properties: {
    id: p.integer().primary(),
    experience: () => p.manyToOne(Experience).deleteRule('cascade').unique(),
    mailedAt: p.datetime(),
  },
});
