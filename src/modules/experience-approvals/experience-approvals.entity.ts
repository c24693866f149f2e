import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Created } from '#src/lib/base.entity';

/**
 * An administrator sent a publication request back with a reason. The experience itself stays unpublished
 * (approve = false) with its content intact; the host sees the latest reason and, by saving the experience
 * again, requests publication anew (the experience's updated_at then passes the rejection's created_at).
 */
export const ExperienceRejection = defineEntity({
  name: 'ExperienceRejection',
  tableName: 'experience_rejections',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    experience: () => p.manyToOne(Experience).deleteRule('cascade'),
    reason: p.text(),
    /** Actor label (`user:1`, `operator:alice`). */
    rejectedBy: p.string().length(255),
  },
  indexes: [{ name: 'experience_rejections_experience_id_created_at_index', properties: ['experience', 'createdAt'] }],
  checks: [{ name: 'experience_rejections_reason_length', expression: 'char_length(reason) >= 1 and char_length(reason) <= 1000' }],
});

export type IExperienceRejection = InferEntity<typeof ExperienceRejection>;
