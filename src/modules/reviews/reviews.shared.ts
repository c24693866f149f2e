// The stars and the rating as shown, zod-free: Stars and RatingSummary import this file, not the schemas,
// so the experience page carries no zod. reviews.schemas.ts and review-posting.schemas.ts re-export it.

/** Spec §9: stars max 5, filled up to the rounded-down rate. */
export const MAX_STARS = 5;

/** Filled stars for a rate: floor, clamped to 0..5. */
export function filledStars(rate: number): number {
  return Math.max(0, Math.min(MAX_STARS, Math.floor(rate)));
}

/** 4.25 -> '4.3' (the rating as shown). */
export function formatRate(rate: number): string {
  return rate.toFixed(1);
}

/** Spec §9: reviews shown on the experience page (the newest; the rest on /reviews/{id}). */
export const REVIEWS_ON_DETAIL = 2;
