import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Community } from '#src/modules/communities/communities.entity';
import { Image } from '#src/modules/images/images.entity';
import { Created, Timestamped } from '#src/lib/base.entity';

export const Brand = defineEntity({
  name: 'Brand',
  tableName: 'brands',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    name: p.text(),
    description: p.text(),
    published: p.boolean().default(false),
    homepageUrl: p.string().length(1000).nullable(),
    instagramUsername: p.text().nullable(),
    xUsername: p.text().nullable(),
    images: () => p.oneToMany(Image).mappedBy('brand').orderBy({ sortOrder: 'asc', id: 'asc' }),
    communities: () => p.oneToMany(BrandCommunity).mappedBy('brand'),
  },
  checks: [
    { name: 'brands_name_length', expression: 'char_length(name) >= 1 and char_length(name) <= 100' },
    { name: 'brands_description_length', expression: 'char_length(description) <= 1000' },
    { name: 'brands_instagram_username_length', expression: 'char_length(instagram_username) <= 30' },
    { name: 'brands_x_username_length', expression: 'char_length(x_username) <= 30' },
  ],
  indexes: [
    { properties: ['published', 'createdAt'] },
    // The admin and portal lists' order, filters and keyword (Migration20261129130000_list_filters).
    {
      name: 'brands_created_at_id_index',
      expression: 'create index "brands_created_at_id_index" on "brands" ("created_at" desc, "id" desc)',
    },
    {
      name: 'brands_keyword_index',
      expression: 'create index "brands_keyword_index" on "brands" using gin ((lower("name")) gin_trgm_ops)',
    },
  ],
});

/** A community belonging to a brand. */
export const BrandCommunity = defineEntity({
  name: 'BrandCommunity',
  tableName: 'brand_communities',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    brand: () => p.manyToOne(Brand).deleteRule('cascade'),
    community: () => p.manyToOne(Community).deleteRule('cascade'),
  },
  uniques: [{ name: 'brand_communities_brand_id_community_id_unique', properties: ['brand', 'community'] }],
  indexes: [{ properties: ['community'] }],
});

export type IBrand = InferEntity<typeof Brand>;
