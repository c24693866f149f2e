// https://vike.dev/data
import type { PageContextServer } from 'vike/types';
import { loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';

export async function data(pageContext: PageContextServer) {
  const id = routeId(pageContext);
  const { services, ctx } = pageContext;
  const brand = await loadOr404(() => services.brands.detail(ctx, { id }));
  const { communities } = await services.brands.communities(ctx, { id });
  return { brand, communities };
}

export type Data = Awaited<ReturnType<typeof data>>;
