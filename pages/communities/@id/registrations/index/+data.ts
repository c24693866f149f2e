// https://vike.dev/data
import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';

export async function data(pageContext: PageContextServer) {
  const id = routeId(pageContext);
  const { services, ctx } = pageContext;
  const [community, occupations] = await Promise.all([
    loadOr404(() => services.communities.detail(ctx, { id })),
    services.reference.occupations(ctx),
  ]);
  // An ADMIN may look at an unpublished community, but no one applies to one (the service refuses it too).
  if (!community.published) throw render(404);
  return { community, occupations };
}

export type Data = Awaited<ReturnType<typeof data>>;
