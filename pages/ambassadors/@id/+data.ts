// https://vike.dev/data
import type { PageContextServer } from 'vike/types';
import { loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';

export async function data(pageContext: PageContextServer) {
  const id = routeId(pageContext);
  const { services, ctx } = pageContext;
  const ambassador = await loadOr404(() => services.ambassadors.detail(ctx, { id }));
  const { communities } = await services.ambassadors.communities(ctx, { id });
  return { ambassador, communities };
}

export type Data = Awaited<ReturnType<typeof data>>;
