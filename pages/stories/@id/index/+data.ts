// https://vike.dev/data — everything the experience page shows, in two rounds of queries: the experience (which
// decides visibility), then reviews, other experiences and the first slots in parallel.
import type { PageContextServer } from 'vike/types';
import { loadOr404, routeId } from '#src/lib/page-helpers';
import { siteOrigin } from '#src/components/seo';
import { REVIEWS_ON_DETAIL } from '#src/modules/reviews/reviews.schemas';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = routeId(pageContext);
  const experience = await loadOr404(() => services.experiences.detail(ctx, { id }));
  const [reviews, others, calendars] = await Promise.all([
    services.reviews.listForExperience(ctx, { id, per_page: REVIEWS_ON_DETAIL }),
    services.experiences.otherExperiences(ctx, { id }),
    services.calendars.upcoming(ctx, { id }),
  ]);
  return {
    experience,
    reviews,
    others,
    calendars,
    origin: siteOrigin(services.env),
    /** The server's clock for the first render of slot states (the browser takes over after hydration). */
    now: Date.now(),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
