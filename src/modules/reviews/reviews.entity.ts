import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '#src/modules/users/users.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';

/** A guest's review of an experience (0.0-5.0, one decimal), with an optional host reply. */
export const Review = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  properties: {
    id: p.integer().primary(),
    experience: () => p.manyToOne(Experience).deleteRule('cascade'),
    /** The stay reviewed; one review per reservation. */
    reservation: () => p.manyToOne(Reservation).nullable().deleteRule('set null').unique(),
    guest: () => p.manyToOne(User).deleteRule('cascade'),
    rate: p.decimal('number').precision(2).scale(1),
    content: p.text(),
    postedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    hostReplyContent: p.text().nullable(),
    hostReplyUser: () => p.manyToOne(User).nullable().deleteRule('set null'),
    hostRepliedAt: p.datetime().nullable(),
    /** Hidden by an administrator (with the reason told to the guest): out of every public list and the rating. */
    hiddenAt: p.datetime().nullable(),
    hiddenReason: p.text().nullable(),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  checks: [
    { name: 'reviews_rate_range', expression: 'rate >= 0 and rate <= 5' },
    { name: 'reviews_host_reply', expression: '(host_reply_content is null) = (host_replied_at is null)' },
    { name: 'reviews_hidden', expression: '(hidden_at is null) = (hidden_reason is null)' },
  ],
  indexes: [
    { name: 'reviews_experience_id_posted_at_index', columns: [{ name: 'experience_id' }, { name: 'posted_at', sort: 'desc' }] },
    { properties: ['guest'] },
    {
      name: 'reviews_posted_at_index',
      columns: [
        { name: 'posted_at', sort: 'desc' },
        { name: 'id', sort: 'desc' },
      ],
    },
  ],
});

export type IReview = InferEntity<typeof Review>;
