// https://vike.dev/onBeforeRender — the experience page's data, in two parts (story-data.ts): `data`, which Vike sends
// to the browser in the page context, and `serverOnly`, which stays on the server (not in passToClient). A +data hook
// cannot do this: its whole answer becomes pageContext.data, which is always sent.
import type { PageContextServer } from 'vike/types';
import { loadStoryPage } from './story-data';

export async function onBeforeRender(pageContext: PageContextServer) {
  return { pageContext: await loadStoryPage(pageContext) };
}
