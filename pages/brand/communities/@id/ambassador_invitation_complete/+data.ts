// https://vike.dev/data — unguarded completion page: the community's name for the breadcrumbs when signed in.
import type { PageContextServer } from 'vike/types';
import { optionalMember } from '#pages/brand/optional-member';

export function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = pageContext.routeParams.id ?? '';
  return optionalMember(pageContext, async () => {
    const community = await services.communities.portalDetail(ctx, { id });
    return { community: { id: community.id, name: community.name } };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
