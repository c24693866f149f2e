// https://vike.dev/data — /favorites: the signed-in guest's favourites with their next open dates, from the same
// service call as GET /api/v1/favorites, and whether new dates of them are mailed (GET /api/v1/account's setting). A malformed or past-the-end page shows the first.
import type { PageContextServer } from 'vike/types';
import { pageFromSearch } from '#src/components/admin/AdminPagination';

/** The deepest page a link may ask for (the API's page rule allows more; 20 per page makes this 10,000 favourites). */
const MAX_PAGE = 500;

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const page = pageFromSearch(pageContext.urlParsed.search.page, MAX_PAGE);
  const [first, account] = await Promise.all([services.favorites.list(ctx, { page }), services.account.get(ctx, {})]);
  const list = first.favorites.length === 0 && page > 1 ? await services.favorites.list(ctx, { page: 1 }) : first;
  return { ...list, favoriteDatesMail: account.notifications.favorite_dates };
}

export type Data = Awaited<ReturnType<typeof data>>;
