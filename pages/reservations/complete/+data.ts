// https://vike.dev/data — the completion screen needs the flag set by a successful reservation of exactly these
// slots (issue 4), consumed here on the server; without it (reload, direct visit) the session-expired screen shows.
import type { PageContextServer } from 'vike/types';
import { completionFlagKey } from '#src/modules/reservations/reservations.schemas';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const search = pageContext.urlParsed.search;
  const tourId = /^\d{1,9}$/.test(search.tour_id ?? '') ? Number(search.tour_id) : null;
  const cid = (search.cid ?? '').split(',').filter((s) => /^\d{1,9}$/.test(s));
  const completed = tourId !== null && cid.length > 0 && pageContext.consumeCompletion(completionFlagKey(tourId, cid));
  const title = completed ? await services.reservations.experienceTitle(ctx, tourId) : null;
  const host = (pageContext.headers?.host ?? 'localhost').replace(/[^\w.:-]/g, '');
  const origin = (services.env.APP_URL ?? `http://${host}`).replace(/\/$/, '');
  return {
    completed,
    tourId,
    cid: cid.join(','),
    title,
    shareUrl: tourId ? `${origin}/stories/${tourId}` : origin,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
