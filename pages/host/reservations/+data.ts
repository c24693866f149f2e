// https://vike.dev/data — /host/reservations: the slots of the experiences the user hosts with who is coming
// (?scope=upcoming|past, ?page, ?experience_id for one experience's), and the holding requests they received. The same
// service calls as GET /api/v1/host/reservations and GET /api/v1/host/holding_requests. ?reservation={id} opens that
// thread. A malformed experience_id, or one of an experience the user does not host, is the 404 page.
import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { parseId } from '#src/lib/isomorphic/validate';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const search = pageContext.urlParsed.search;
  const scope = search.scope === 'past' ? 'past' : 'upcoming';
  const bookings = await services.hostReservations
    .list(ctx, { scope, page: search.page, experience_id: search.experience_id })
    .catch((error: unknown) => {
      const status = (error as { status?: number })?.status;
      if (status === 422 || status === 404) throw render(404);
      throw error;
    });
  if (bookings.meta.page > 1 && bookings.meta.page > bookings.meta.total_pages) throw render(404);
  const holding = await services.holdingRequests.listForHost(ctx, {});
  return { bookings, holding, openReservation: parseId(search.reservation) };
}

export type Data = Awaited<ReturnType<typeof data>>;
