// The experience page's data (pages/stories/@id/index/+data.ts): four statements at once, each of which
// checks the experience's visibility itself (the detail, the other experiences, the first reviews, the first slot
// window), so one round trip to PostgreSQL and no entity hydration. The JSON parts are the same as the API's
// (tests/api/experience-reads.test.ts).
import { userOf, type Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { idFrom, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { findReviewPage, reviewJsonFromRow } from '#src/modules/reviews/reviews.repository';
import { REVIEWS_ON_DETAIL, type ReviewsJson } from '#src/modules/reviews/reviews.schemas';
import type { CalendarsService } from '#src/modules/calendars/calendars.service';
import type { CalendarsJson } from '#src/modules/calendars/calendars.schemas';
import type { ExperiencesService } from './experiences.service';
import type { ExperienceJson, OtherExperiencesJson } from './experiences.schemas';
import { visibleRowOr404 } from './experiences.policy';

export interface StoryPageData {
  experience: ExperienceJson;
  reviews: ReviewsJson;
  others: OtherExperiencesJson;
  calendars: CalendarsJson;
}

export interface StoryPageDeps {
  experiences: Pick<ExperiencesService, 'detail' | 'otherExperiences'>;
  calendars: Pick<CalendarsService, 'upcoming'>;
}

function notFound(): NotFoundError {
  return new NotFoundError(ja.browse.experienceNotFound, 'experience');
}

export function createStoryPageService(deps: StoryPageDeps) {
  /** The first REVIEWS_ON_DETAIL reviews of a visible experience (GET …/reviews?per_page=2 gives the same JSON). */
  async function firstReviews(ctx: Ctx, id: number): Promise<ReviewsJson> {
    const found = await findReviewPage(ctx.sql, { id, viewerId: userOf(ctx)?.id ?? null, limit: REVIEWS_ON_DETAIL, offset: 0 });
    const { row: experience } = visibleRowOr404(ctx, found?.experience ?? null, notFound);
    const total = found?.total ?? 0;
    return {
      reviews: (found?.rows ?? []).map((review) => reviewJsonFromRow(review, experience.hosted_by)),
      meta: { total_count: total, page: 1, per_page: REVIEWS_ON_DETAIL, total_pages: Math.max(1, Math.ceil(total / REVIEWS_ON_DETAIL)) },
      average_rate: found?.averageRate ?? null,
    };
  }

  /** Everything /stories/{id} shows (input: { id }); 404 like GET /api/v1/experiences/{id}. */
  async function data(ctx: Ctx, input: { id: IdInput }): Promise<StoryPageData> {
    const id = idFrom(input, 'id', notFound);
    const [experience, reviews, others, calendars] = await Promise.allSettled([
      deps.experiences.detail(ctx, { id }),
      firstReviews(ctx, id),
      deps.experiences.otherExperiences(ctx, { id }),
      deps.calendars.upcoming(ctx, { id }),
    ]);
    // The detail's answer decides (404 for an experience the actor may not see); then any other failure.
    for (const result of [experience, reviews, others, calendars]) if (result.status === 'rejected') throw result.reason;
    return {
      experience: (experience as PromiseFulfilledResult<ExperienceJson>).value,
      reviews: (reviews as PromiseFulfilledResult<ReviewsJson>).value,
      others: (others as PromiseFulfilledResult<OtherExperiencesJson>).value,
      calendars: (calendars as PromiseFulfilledResult<CalendarsJson>).value,
    };
  }

  return { data };
}

export type StoryPageService = ReturnType<typeof createStoryPageService>;
