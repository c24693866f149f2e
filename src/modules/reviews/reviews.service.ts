// Public review reads for an experience: newest first, with the host's reply when there is one.
import type { Ctx } from '#src/lib/context';
import { parseInput } from '#src/lib/validate';
import * as experiences from '#src/modules/experiences/experiences.service';
import { Review, type IReview } from './reviews.entity';
import { REVIEWS_PER_PAGE, reviewsQuerySchema, type ReviewJson, type ReviewsJson } from './reviews.schemas';

function toReviewJson(review: IReview, hostedBy: string): ReviewJson {
  return {
    id: review.id,
    from_guest: {
      avatar_url: review.guest.avatarUrl ?? null,
      name: review.guest.name,
      posted_at: new Date(review.postedAt).toISOString(),
      rate: Number(review.rate),
      content: review.content,
    },
    from_host:
      review.hostReplyContent && review.hostRepliedAt
        ? {
            name: review.hostReplyUser?.name ?? hostedBy,
            posted_at: new Date(review.hostRepliedAt).toISOString(),
            content: review.hostReplyContent,
          }
        : null,
  };
}

/**
 * GET /api/v1/experiences/{id}/reviews?page: reviews of a visible experience, newest first, 20 per page;
 * meta.total_count counts all of them. `perPage` lets the experience page ask for its first 2.
 */
export async function listForExperience(
  ctx: Ctx,
  rawExperienceId: unknown,
  input: unknown,
  perPage = REVIEWS_PER_PAGE,
): Promise<ReviewsJson> {
  const query = parseInput(reviewsQuerySchema, input);
  const { experience } = await experiences.findVisible(ctx, rawExperienceId);
  const [rows, total] = await ctx.em.findAndCount(
    Review,
    { experience: experience.id },
    { populate: ['guest', 'hostReplyUser'], orderBy: { postedAt: 'desc', id: 'desc' }, limit: perPage, offset: (query.page - 1) * perPage },
  );
  return {
    reviews: rows.map((review) => toReviewJson(review, experience.hostedBy)),
    meta: { total_count: total, page: query.page, per_page: perPage, total_pages: Math.max(1, Math.ceil(total / perPage)) },
  };
}
