// Public review reads for an experience: newest first, with the host's reply when there is one.
import type { Ctx } from '#src/lib/context';
import { parseInput } from '#src/lib/validate';
import type { ExperiencesService } from '#src/modules/experiences/experiences.service';
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

export interface ReviewsDeps {
  experiences: Pick<ExperiencesService, 'findVisible'>;
}

export function createReviewsService(deps: ReviewsDeps) {
  /**
   * GET /api/v1/experiences/{id}/reviews?page: reviews of a visible experience, newest first, 20 per page;
   * meta.total_count counts all of them. Input: { id, page, per_page? } (per_page: the experience page asks for 2).
   */
  async function listForExperience(ctx: Ctx, input: unknown): Promise<ReviewsJson> {
    const query = parseInput(reviewsQuerySchema, input);
    const { experience } = await deps.experiences.findVisible(ctx, input);
    const requested = (input as { per_page?: unknown } | null)?.per_page;
    const perPage = typeof requested === 'number' && requested >= 1 && requested <= REVIEWS_PER_PAGE ? requested : REVIEWS_PER_PAGE;
    const [rows, total] = await ctx.em.findAndCount(
      Review,
      { experience: experience.id },
      {
        populate: ['guest', 'hostReplyUser'],
        orderBy: { postedAt: 'desc', id: 'desc' },
        limit: perPage,
        offset: (query.page - 1) * perPage,
      },
    );
    return {
      reviews: rows.map((review) => toReviewJson(review, experience.hostedBy)),
      meta: { total_count: total, page: query.page, per_page: perPage, total_pages: Math.max(1, Math.ceil(total / perPage)) },
    };
  }

  return { listForExperience };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
