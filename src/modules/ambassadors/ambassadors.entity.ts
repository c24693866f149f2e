import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '#src/modules/users/users.entity';
import { Community } from '#src/modules/communities/communities.entity';
import { Image } from '#src/modules/images/images.entity';
import { Created, Timestamped } from '#src/lib/base.entity';

export const Ambassador = defineEntity({
  name: 'Ambassador',
  tableName: 'ambassadors',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    name: p.text(),
    description: p.text(),
    published: p.boolean().default(false),
    address: p.text().nullable(),
    homepageUrl: p.string().length(1000).nullable(),
    instagramUsername: p.text().nullable(),
    xUsername: p.text().nullable(),
    email: p.string().length(255).nullable(),
    images: () => p.oneToMany(Image).mappedBy('ambassador').orderBy({ sortOrder: 'asc', id: 'asc' }),
    members: () => p.oneToMany(AmbassadorMember).mappedBy('ambassador'),
    communities: () => p.oneToMany(AmbassadorCommunity).mappedBy('ambassador'),
  },
  checks: [
    { name: 'ambassadors_name_length', expression: 'char_length(name) >= 1 and char_length(name) <= 100' },
    { name: 'ambassadors_description_length', expression: 'char_length(description) <= 1000' },
    { name: 'ambassadors_instagram_username_length', expression: 'char_length(instagram_username) <= 30' },
    { name: 'ambassadors_x_username_length', expression: 'char_length(x_username) <= 30' },
  ],
  indexes: [
    { properties: ['published', 'createdAt'] },
    // The admin and portal lists' order, filters and keyword (Migration20261129130000_list_filters).
    {
      name: 'ambassadors_created_at_id_index',
      expression: 'create index "ambassadors_created_at_id_index" on "ambassadors" ("created_at" desc, "id" desc)',
    },
    {
      name: 'ambassadors_keyword_index',
      expression: 'create index "ambassadors_keyword_index" on "ambassadors" using gin ((lower("name")) gin_trgm_ops)',
    },
  ],
});

/**
 * A user acting for an ambassador. users.service.ts reads
 * `SELECT ambassador_id FROM ambassador_members WHERE user_id = ? ORDER BY id`: keep these names and the id.
 */
export const AmbassadorMember = defineEntity({
  name: 'AmbassadorMember',
  tableName: 'ambassador_members',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    ambassador: () => p.manyToOne(Ambassador).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
  },
  uniques: [{ name: 'ambassador_members_ambassador_id_user_id_unique', properties: ['ambassador', 'user'] }],
  indexes: [{ properties: ['user'] }],
});

/** An ambassador associated with a community (spec: associated_at). */
export const AmbassadorCommunity = defineEntity({
  name: 'AmbassadorCommunity',
  tableName: 'ambassador_communities',
  properties: {
    id: p.integer().primary(),
    ambassador: () => p.manyToOne(Ambassador).deleteRule('cascade'),
    community: () => p.manyToOne(Community).deleteRule('cascade'),
    associatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  uniques: [{ name: 'ambassador_communities_ambassador_id_community_id_unique', properties: ['ambassador', 'community'] }],
  indexes: [{ properties: ['community'] }],
});

export type IAmbassador = InferEntity<typeof Ambassador>;
