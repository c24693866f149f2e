// https://vike.dev/onBeforeRender — /stories/category/{category_id}: `data` for the browser, `stories` (the cards) kept on the server
// (list-data.ts). A +data hook cannot do this: its whole answer becomes pageContext.data, which is always sent.
import type { PageContextServer } from 'vike/types';
import { loadStories } from '#pages/stories/list-data';

export async function onBeforeRender(pageContext: PageContextServer) {
  const { data, stories } = await loadStories(pageContext, { category_id: pageContext.routeParams.category_id ?? '' });
  return { pageContext: { data, stories } };
}
