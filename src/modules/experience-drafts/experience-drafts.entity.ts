import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '#src/modules/users/users.entity';
import { Image } from '#src/modules/images/images.entity';
import { Timestamped } from '#src/lib/base.entity';

/**
 * A host's unfinished experience form. `data` holds the whole lenient form payload (validated only when the
 * draft is turned into an experience); `title` is copied out of it for the lists. Its images are rows of
 * `images` owned by the draft.
 */
export const ExperienceDraft = defineEntity({
  name: 'ExperienceDraft',
  tableName: 'experience_drafts',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    title: p.text().nullable(),
    data: p.json<Record<string, unknown>>(),
    images: () => p.oneToMany(Image).mappedBy('experienceDraft').orderBy({ sortOrder: 'asc', id: 'asc' }),
  },
  indexes: [{ properties: ['user', 'updatedAt'] }],
});

export type IExperienceDraft = InferEntity<typeof ExperienceDraft>;
