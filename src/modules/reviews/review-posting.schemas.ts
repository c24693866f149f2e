// Posting a review of a reservation, the host's reply, the guest's form and the host's page, the rating
// as shown. Browser-safe (the forms check with the same schemas the service parses).
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { requiredText, type InputOf } from '#src/lib/isomorphic/validate';
import { pageSchema, type PageMeta } from '#src/modules/experiences/experiences.schemas';
import { MAX_STARS, type ReviewJson } from './reviews.schemas';

/** A review's and a reply's length. */
export const REVIEW_CONTENT_MAX = 1000;
export const REPLY_CONTENT_MAX = 1000;

/** POST /api/v1/reservations/{id}/review: a whole number of stars, 1 to 5, and the text. */
export const reviewSchema = z.object({
  rate: z
    .number({ error: ja.reviewPosting.rateRequired })
    .int({ error: ja.reviewPosting.rateRequired })
    .min(1, { error: ja.reviewPosting.rateRequired })
    .max(MAX_STARS, { error: ja.reviewPosting.rateRequired }),
  content: requiredText(ja.reviewPosting.contentRequired, ja.reviewPosting.contentTooLong, REVIEW_CONTENT_MAX, { multiLine: true }),
});

/** POST /api/v1/reviews/{id}/reply */
export const replySchema = z.object({
  content: requiredText(ja.reviewPosting.replyRequired, ja.reviewPosting.replyTooLong, REPLY_CONTENT_MAX, { multiLine: true }),
});

/** The host's reviews page (?page). */
export const hostReviewsQuerySchema = z.object({ page: pageSchema });

export type ReviewInput = z.input<typeof reviewSchema>;
export type ReplyInput = z.input<typeof replySchema>;
export type HostReviewsQuery = InputOf<typeof hostReviewsQuerySchema>;

/** Where a reservation stands for its review (the guest's form). */
export type ReviewFormState = 'open' | 'not_ended' | 'not_confirmed' | 'posted';

export interface ReviewFormView {
  reservation_id: number;
  experience: { id: number; title: string };
  slots: { date: string; start_time: string; end_time: string }[];
  state: ReviewFormState;
  /** When the last booked slot ends (ISO instant): the review window opens then. */
  opens_at: string;
  review: ReviewJson | null;
  /** The guest's review was hidden by an administrator (shown to its author only, with a notice). */
  review_hidden: boolean;
}

/** A review on the host's page, with the experience it is about and whether this host may still reply. */
export interface HostReviewJson extends ReviewJson {
  experience: { id: number; title: string };
  can_reply: boolean;
}

export interface HostReviewsJson {
  reviews: HostReviewJson[];
  meta: PageMeta;
}

export { formatRate } from './reviews.shared';
