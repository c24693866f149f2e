import { defineEntity, p } from '@mikro-orm/core';
import { Reservation } from '#src/modules/reservations/reservations.entity';

/**
 * One row per reservation whose review request was queued (reviews/review-requests.ts). The unique reservation id
 * is what makes the request go out once whatever the number of workers: the job inserts the row and queues the mail
 * in one transaction, and only the transaction whose insert went through queues anything.
 */
export const ReviewRequest = defineEntity({
  name: 'ReviewRequest',
  tableName: 'review_requests',
  properties: {
    id: p.integer().primary(),
    reservation: () => p.manyToOne(Reservation).deleteRule('cascade').unique(),
    requestedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
