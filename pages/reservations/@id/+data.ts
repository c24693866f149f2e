// https://vike.dev/data — /reservations/{id}: the guest's own reservation (anyone else's is the 404
// page), from the same service call as GET /api/v1/reservations/{id}, and where its review stands (the link to the
// review form shows once the review window has opened), and its receipt (the 領収書 form when it was paid).
import type { PageContextServer } from 'vike/types';
import { loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';
import { siteOrigin } from '#src/components/seo';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = routeId(pageContext);
  const reservation = await loadOr404(() => services.reservations.get(ctx, { id }));
  const [review, receipt] = await Promise.all([
    services.reviews.reviewForm(ctx, { id: reservation.id }),
    services.receipts.state(ctx, { id: reservation.id }),
  ]);
  return { ...reservation, review_state: review.state, receipt, origin: siteOrigin(services.env) };
}

export type Data = Awaited<ReturnType<typeof data>>;
