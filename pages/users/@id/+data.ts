// https://vike.dev/data — a host's public page. Users without a published experience are a 404 (see profile.service).
import type { PageContextServer } from 'vike/types';
import { favoriteIdsOf, loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';
import { siteOrigin } from '#src/components/seo';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = routeId(pageContext);
  const profile = await loadOr404(() => services.profiles.publicProfile(ctx, { id }));
  return { profile, origin: siteOrigin(services.env), favoriteIds: await favoriteIdsOf(pageContext, profile.experiences) };
}

export type Data = Awaited<ReturnType<typeof data>>;
