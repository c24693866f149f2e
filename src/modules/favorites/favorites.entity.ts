import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Created } from '#src/lib/base.entity';
import { User } from '#src/modules/users/users.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';

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
