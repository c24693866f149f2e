// https://vike.dev/data — everything the experience page shows, from one service call: the detail, the first reviews,
// the other experiences and the first slots, four statements at once (src/modules/experiences/story-page.service.ts).
import type { PageContextServer } from 'vike/types';
import { favoriteIdsOf, loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';
import { siteOrigin } from '#src/components/seo';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = routeId(pageContext);
  const { experience, reviews, others, calendars } = await loadOr404(() => services.storyPage.data(ctx, { id }));
  return {
    /** The hearts (this experience's and the other experiences'), for a signed-in visitor only. */
    favoriteIds: await favoriteIdsOf(pageContext, [experience, ...others.experiences]),
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
