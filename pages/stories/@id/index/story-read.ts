// The experience page's one read (the detail, rating, heart and first slots: one statement), made before the render
// (pages/read-ahead.ts) or by the hook itself (story-data.ts).
import { loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';
import type { PageReadArgs } from '#src/lib/isomorphic/read-ahead';

export function readStoryPage({ services, ctx, routeParams }: PageReadArgs) {
  return loadOr404(() => services.storyPage.data(ctx, { id: routeId({ routeParams }) }));
}
