// https://vike.dev/data — what the experience page renders on the server, from one service call: the detail with its
// rating and the visitor's heart, and the first slots, two statements at once (src/modules/experiences/story-page.service.ts). The review list
// and the host's other experiences are read by the browser after load (after-load.tsx).
import type { PageContextServer } from 'vike/types';
import { loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';
import { siteOrigin } from '#src/components/seo';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = routeId(pageContext);
  return {
    ...(await loadOr404(() => services.storyPage.data(ctx, { id }))),
    origin: siteOrigin(services.env),
    /** The server's clock for the first render of slot states (the browser takes over after hydration). */
    now: Date.now(),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
