// https://vike.dev/data
import type { PageContextServer } from 'vike/types';
import { loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';

export async function data(pageContext: PageContextServer) {
  const id = routeId(pageContext);
  const community = await loadOr404(() => pageContext.services.communities.detail(pageContext.ctx, { id }));
  return { community };
}

export type Data = Awaited<ReturnType<typeof data>>;
