// https://vike.dev/data — the completion screen needs the flag set by a successful reservation of exactly these
// slots, consumed here on the server; without it (reload, direct visit) the session-expired screen shows.
import type { PageContextServer } from 'vike/types';
import { completionFlagKey } from '#src/modules/reservations/reservations.schemas';
import { parseId } from '#src/lib/isomorphic/validate';
import { siteOrigin } from '#src/components/seo';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const search = pageContext.urlParsed.search;
  const tourId = parseId(search.tour_id);
  const cid = (search.cid ?? '').split(',').filter((s) => parseId(s) !== null);
  const completed = tourId !== null && cid.length > 0 && pageContext.request.consumeCompletion(completionFlagKey(tourId, cid));
  const title = completed ? await services.reservations.experienceTitle(ctx, { tour_id: tourId }) : null;
  // The number and details of what was just booked, with a link to the guest's reservation page.
  const reservation = completed ? await services.reservations.completedReservation(ctx, { tour_id: tourId, cid: cid.join(',') }) : null;
  const origin = siteOrigin(services.env);
  return {
    completed,
    tourId,
    cid: cid.join(','),
    title,
    reservation,
    shareUrl: tourId ? `${origin}/stories/${tourId}` : origin,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
