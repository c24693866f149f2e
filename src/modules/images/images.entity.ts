import { defineEntity, p } from '@mikro-orm/core';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { ExperienceDraft } from '#src/modules/experience-drafts/experience-drafts.entity';
import { Community } from '#src/modules/communities/communities.entity';
import { Brand } from '#src/modules/brands/brands.entity';
import { Ambassador } from '#src/modules/ambassadors/ambassadors.entity';
import { Created } from '#src/lib/base.entity';

/**
 * An image of exactly one owner (CHECK num_nonnulls(...) = 1), as returned by the upload endpoint:
 * object_key = the hosting service's public id, url = its secure url. Deleted with its owner.
 */
export const Image = defineEntity({
  name: 'Image',
  tableName: 'images',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    experience: () => p.manyToOne(Experience).nullable().deleteRule('cascade'),
    experienceDraft: () => p.manyToOne(ExperienceDraft).nullable().deleteRule('cascade'),
    community: () => p.manyToOne(Community).nullable().deleteRule('cascade'),
    brand: () => p.manyToOne(Brand).nullable().deleteRule('cascade'),
    ambassador: () => p.manyToOne(Ambassador).nullable().deleteRule('cascade'),
    objectKey: p.string().length(500),
    url: p.string().length(1000),
    sortOrder: p.integer().default(0),
    /** The photo's text for people who cannot see it (an experience's, written by its host); null: none written. */
    alt: p.string().length(120).nullable(),
  },
  checks: [
    {
      name: 'images_exactly_one_owner',
      expression: 'num_nonnulls(experience_id, experience_draft_id, community_id, brand_id, ambassador_id) = 1',
    },
  ],
  indexes: [
    { properties: ['experience', 'sortOrder'] },
    { properties: ['experienceDraft', 'sortOrder'] },
    { properties: ['community', 'sortOrder'] },
    { properties: ['brand', 'sortOrder'] },
    { properties: ['ambassador', 'sortOrder'] },
  ],
});
