// Favourites' constants, zod-free for the pages (the card's heart and /favorites).

/** Favourites per page of /favorites and GET /api/v1/favorites. */
export const FAVORITES_PER_PAGE = 20;
/** Open dates shown under each favourite. */
export const NEXT_DATES_SHOWN = 3;

/** Where the heart of an experience is set (PUT) and cleared (DELETE). */
export function favoritePath(experienceId: number): string {
  return `/api/v1/experiences/${experienceId}/favorite`;
}
