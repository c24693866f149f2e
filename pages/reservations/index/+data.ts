// https://vike.dev/data — /reservations: the signed-in guest's upcoming or past reservations and their キャンセル待ち,
// from the same service calls as GET /api/v1/reservations and GET /api/v1/waitlist. A bad scope or page falls back to
// the first upcoming page.
import type { PageContextServer } from 'vike/types';
import { pageFromSearch } from '#src/components/admin/AdminPagination';
import { RESERVATIONS_MAX_PAGE } from '#src/modules/reservations/guest-reservations.schemas';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const search = pageContext.urlParsed.search;
  const query = {
    scope: search.scope === 'past' ? 'past' : 'upcoming',
    page: pageFromSearch(search.page, RESERVATIONS_MAX_PAGE),
  };
  const list = await services.reservations.list(ctx, query);
  // キャンセル待ち: the guest's entries in line and their offers (the page's notice), beside the reservations.
  const { entries: waitlist } = await services.waitlist.mine(ctx, {});
  return { ...list, waitlist };
}

export type Data = Awaited<ReturnType<typeof data>>;
