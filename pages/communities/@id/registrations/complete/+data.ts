// https://vike.dev/data — the completion text needs the flag set by a successful application (spec §4), consumed
// here (once).
import type { PageContextServer } from 'vike/types';
import { routeId } from '#src/lib/isomorphic/page-helpers';
import { applicationFlag } from '#src/modules/communities/community-application.schemas';

export function data(pageContext: PageContextServer) {
  const id = routeId(pageContext);
  return { communityId: id, completed: pageContext.request.consumeCompletion(applicationFlag(id)) };
}

export type Data = ReturnType<typeof data>;
