// https://vike.dev/data — /favorites: the signed-in guest's favourites with their next open dates, from the same
// service call as GET /api/v1/favorites. A malformed or past-the-end page shows the first.
import type { PageContextServer } from 'vike/types';
import { pageFromSearch } from '#src/components/admin/AdminPagination';

/** The deepest page a link may ask for (the API's page rule allows more; 20 per page makes this 10,000 favourites). */
const MAX_PAGE = 500;

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const page = pageFromSearch(pageContext.urlParsed.search.page, MAX_PAGE);
  const first = await services.favorites.list(ctx, { page });
  return first.favorites.length === 0 && page > 1 ? services.favorites.list(ctx, { page: 1 }) : first;
}

export type Data = Awaited<ReturnType<typeof data>>;
