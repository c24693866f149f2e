// https://vike.dev/data — /reservations/{id}/review: the guest's review of their reservation. The same
// service as the API decides where the reservation stands (open, not ended yet, not confirmed, posted); another
// guest's or an unknown reservation is the 404 page.
import type { PageContextServer } from 'vike/types';
import { loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = routeId(pageContext);
  return { view: await loadOr404(() => services.reviews.reviewForm(ctx, { id })) };
}

export type Data = Awaited<ReturnType<typeof data>>;
