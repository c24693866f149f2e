// https://vike.dev/data — /reservations: the signed-in guest's upcoming or past reservations, from the
// same service call as GET /api/v1/reservations. A bad scope or page falls back to the first upcoming page.
import type { PageContextServer } from 'vike/types';
import { pageFromSearch } from '#src/components/admin/AdminPagination';
import { RESERVATIONS_MAX_PAGE } from '#src/modules/reservations/reservations.schemas';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const search = pageContext.urlParsed.search;
  const query = {
    scope: search.scope === 'past' ? 'past' : 'upcoming',
    page: pageFromSearch(search.page, RESERVATIONS_MAX_PAGE),
  };
  return services.reservations.list(ctx, query);
}

export type Data = Awaited<ReturnType<typeof data>>;
