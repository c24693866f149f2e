// Favourites' constants, zod-free for the pages (the card's heart and /favorites).

/** Favourites per page of /favorites and GET /api/v1/favorites. */
export const FAVORITES_PER_PAGE = 20;
/** Open dates shown under each favourite. */
export const NEXT_DATES_SHOWN = 3;
