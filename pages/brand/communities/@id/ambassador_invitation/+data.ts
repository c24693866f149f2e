// https://vike.dev/data — /brand/communities/{id}/ambassador_invitation: the published ambassadors not yet in it.
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';
import { routeId } from '#src/lib/isomorphic/page-helpers';

export function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = routeId(pageContext);
  return memberPage(pageContext, async () => {
    const community = await services.communities.portalDetail(ctx, { id });
    const { ambassadors } = await services.ambassadors.portalAvailable(ctx, { community_id: String(id) });
    return { community: { id: community.id, name: community.name }, ambassadors };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
