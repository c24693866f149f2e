// The administrator's review moderation (/admin/reviews; not in the spec): the list of every review with its state,
// hiding one with a reason (told to its author) and showing it again. Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { choiceFilter, keywordFilter } from '#src/lib/isomorphic/list-filters';
import { dateTimeJson, idJson, pageMetaJson, requiredText, type InputOf } from '#src/lib/isomorphic/validate';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import { MAX_STARS } from './reviews.shared';

const t = ja.adminReviews;

/** Reviews a page of the admin's list. */
export const ADMIN_REVIEWS_PAGE_SIZE = 50;
/** The longest reason for hiding a review. */
export const HIDE_REASON_MAX = 1000;
/** The list's rating filter: `low` is a rate of 2.0 or less, where abuse is most often found. */
export const REVIEW_RATE_FILTERS = ['low'] as const;
export const REVIEW_STATUSES = ['visible', 'hidden'] as const;

/** GET /admin/reviews?q=&status=&rate=&page=: newest first; the keyword matches the text, the experience and the author. */
export const adminReviewListQuerySchema = listQuerySchema.extend({
  q: keywordFilter(),
  status: choiceFilter(REVIEW_STATUSES, t.statusInvalid),
  rate: choiceFilter(REVIEW_RATE_FILTERS, t.rateInvalid),
});
export type AdminReviewListQuery = InputOf<typeof adminReviewListQuerySchema>;

/** POST /admin/reviews/{id}/hiding */
export const hideReviewSchema = z.object({
  reason: requiredText(t.reasonRequired, t.reasonTooLong(HIDE_REASON_MAX), HIDE_REASON_MAX, { multiLine: true }),
});
export type HideReviewInput = InputOf<typeof hideReviewSchema>;

export const adminReviewJsonSchema = z
  .object({
    id: idJson(),
    experience: z.object({ id: idJson(), title: z.string() }),
    guest: z.object({ id: idJson(), name: z.string() }),
    rate: z.number().min(0).max(MAX_STARS),
    content: z.string(),
    posted_at: dateTimeJson(),
    hidden_at: dateTimeJson().nullable(),
    hidden_reason: z.string().nullable(),
  })
  .meta({ id: 'AdminReview', description: 'レビュー（管理者向け、非表示の状態と理由つき）' });
export type AdminReviewJson = z.output<typeof adminReviewJsonSchema>;

export const adminReviewListJsonSchema = z
  .object({ reviews: z.array(adminReviewJsonSchema).max(ADMIN_REVIEWS_PAGE_SIZE), meta: pageMetaJson() })
  .meta({ id: 'AdminReviewList', description: `レビューの一覧（新しい順、${ADMIN_REVIEWS_PAGE_SIZE}件ずつ）` });
export type AdminReviewListJson = z.output<typeof adminReviewListJsonSchema>;
