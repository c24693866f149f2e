// https://vike.dev/data — what the experience page renders on the server, from one service call: the detail with its
// rating and the first slots, two statements at once (src/modules/experiences/story-page.service.ts). The review list
// and the host's other experiences are read by the browser after load (after-load.tsx).
import type { PageContextServer } from 'vike/types';
import { favoriteIdsOf, loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';
import { siteOrigin } from '#src/components/seo';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = routeId(pageContext);
  const { experience, rating, calendars } = await loadOr404(() => services.storyPage.data(ctx, { id }));
  return {
    /** Whether a signed-in visitor has this experience in お気に入り (its heart). */
    favorite: (await favoriteIdsOf(pageContext, [experience])).length > 0,
    experience,
    rating,
    calendars,
    origin: siteOrigin(services.env),
    /** The server's clock for the first render of slot states (the browser takes over after hydration). */
    now: Date.now(),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
