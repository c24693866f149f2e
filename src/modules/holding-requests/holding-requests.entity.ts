import { defineEntity, p } from '@mikro-orm/core';
import { User } from '#src/modules/users/users.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Created } from '#src/lib/base.entity';

/** A signed-in user asking the host to hold (open) dates for an experience; once per user and experience. */
export const HoldingRequest = defineEntity({
  name: 'HoldingRequest',
  tableName: 'holding_requests',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    experience: () => p.manyToOne(Experience).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
  },
  uniques: [{ name: 'holding_requests_experience_id_user_id_unique', properties: ['experience', 'user'] }],
  indexes: [{ properties: ['user'] }],
});
