// https://vike.dev/data — the home page: new arrivals, and the areas and categories that have experiences.
import type { PageContextServer } from 'vike/types';
import { favoriteIdsOf } from '#src/lib/isomorphic/page-helpers';

export async function data(pageContext: PageContextServer) {
  const home = await pageContext.services.experiences.home(pageContext.ctx, {});
  return { home, favoriteIds: await favoriteIdsOf(pageContext, home.new_arrivals) };
}

export type Data = Awaited<ReturnType<typeof data>>;
