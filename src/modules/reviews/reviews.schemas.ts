// Public review reads (spec guest-and-host.md §3 "Review"). Browser-safe.
import { z } from 'zod';
import type { IdInput } from '#src/lib/isomorphic/ids';
import { dateTimeJson, idJson, urlJson, type InputOf } from '#src/lib/isomorphic/validate';
import { pageMetaSchema, pageSchema } from '#src/modules/experiences/experiences.schemas';
import { MAX_STARS } from './reviews.shared';

/** Reviews per page on /reviews/{id} and GET /api/v1/experiences/{id}/reviews. */
export const REVIEWS_PER_PAGE = 20;
// The stars live in reviews.shared.ts, zod-free for the pages.
export { filledStars, MAX_STARS } from './reviews.shared';

export const reviewsQuerySchema = z.object({ page: pageSchema });
/**
 * The reviews of one experience: its id and the page; per_page only from a page that shows fewer (the experience
 * page's are the first REVIEWS_ON_DETAIL of the first page), never from the query string.
 */
export type ReviewsQuery = InputOf<typeof reviewsQuerySchema> & { id: IdInput; per_page?: number };

export const reviewJsonSchema = z
  .object({
    id: idJson(),
    from_guest: z.object({
      avatar_url: urlJson().nullable(),
      name: z.string(),
      posted_at: dateTimeJson(),
      rate: z.number().min(0).max(MAX_STARS),
      content: z.string(),
    }),
    from_host: z.object({ name: z.string(), posted_at: dateTimeJson(), content: z.string() }).nullable(),
  })
  .meta({ id: 'Review', description: 'レビュー（ゲストの評価とホストの返信）' });
export type ReviewJson = z.output<typeof reviewJsonSchema>;

export const reviewsJsonSchema = z
  .object({
    reviews: z.array(reviewJsonSchema).max(REVIEWS_PER_PAGE),
    meta: pageMetaSchema,
    /** The experience's rating, the mean of all its reviews' rates, one decimal; null without reviews. */
    average_rate: z.number().min(0).max(MAX_STARS).nullable(),
  })
  .meta({ id: 'ReviewList', description: `体験のレビュー（新しい順、1 ページ ${REVIEWS_PER_PAGE} 件）と平均評価` });
export type ReviewsJson = z.output<typeof reviewsJsonSchema>;
