// https://vike.dev/data helpers for /brand/communities/{id}/…: the member's own community (another brand's or a
// malformed id is the 404 page).
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';
import { routeId } from '#src/lib/isomorphic/page-helpers';

export function communityPage(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = routeId(pageContext);
  return memberPage(pageContext, async () => ({ community: await services.communities.portalDetail(ctx, { id }) }));
}
