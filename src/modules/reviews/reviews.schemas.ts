// Public review reads (spec guest-and-host.md §3 "Review"). Browser-safe.
import { z } from 'zod';
import { pageSchema, type PageMeta } from '#src/modules/experiences/experiences.schemas';

/** Reviews per page on /reviews/{id} and GET /api/v1/experiences/{id}/reviews. */
export const REVIEWS_PER_PAGE = 20;
/** Spec §9: reviews shown on the experience page. */
export const REVIEWS_ON_DETAIL = 2;
/** Spec §9: stars max 5, filled up to the rounded-down rate. */
export const MAX_STARS = 5;

export const reviewsQuerySchema = z.object({ page: pageSchema });

export interface ReviewJson {
  id: number;
  from_guest: { avatar_url: string | null; name: string; posted_at: string; rate: number; content: string };
  from_host: { name: string; posted_at: string; content: string } | null;
}

export interface ReviewsJson {
  reviews: ReviewJson[];
  meta: PageMeta;
  /** Issue 13: the experience's rating, the mean of all its reviews' rates, one decimal; null without reviews. */
  average_rate: number | null;
}

/** Filled stars for a rate: floor, clamped to 0..5. */
export function filledStars(rate: number): number {
  return Math.max(0, Math.min(MAX_STARS, Math.floor(rate)));
}
