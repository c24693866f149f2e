// https://vike.dev/onBeforeRender — /stories: `data` for the browser, `serverOnly` (the cards) kept on the server
// (list-data.ts). A +data hook cannot do this: its whole answer becomes pageContext.data, which is always sent.
import type { PageContextServer } from 'vike/types';
import { loadStories } from '#pages/stories/list-data';

export async function onBeforeRender(pageContext: PageContextServer) {
  return { pageContext: await loadStories(pageContext, {}) };
}
