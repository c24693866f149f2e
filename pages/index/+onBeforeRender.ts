// https://vike.dev/onBeforeRender — the home page: everything it shows is server-only HTML (+Page.tsx), so its blocks
// and hearts go to `serverOnly`, which stays on the server (not in passToClient), and nothing goes to the browser in
// the page context. A +data hook cannot do this: its whole answer becomes pageContext.data, which is always sent.
import type { PageContextServer } from 'vike/types';
import { favoriteIdsOf } from '#src/lib/isomorphic/page-helpers';
import type { HomeServerPart } from './home-server';

export async function onBeforeRender(pageContext: PageContextServer) {
  const home = await pageContext.services.experiences.home(pageContext.ctx, {});
  const serverOnly: HomeServerPart = { home, favoriteIds: await favoriteIdsOf(pageContext, home.new_arrivals) };
  return { pageContext: { serverOnly } };
}
