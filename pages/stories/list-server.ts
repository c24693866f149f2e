// The /stories list pages' server-only part of the page context (list-data.ts makes it, +onBeforeRender.ts sets it as
// pageContext.serverOnly, read with serverOnlyPart in src/components/server-html.tsx). A type only: the browser's
// modules import this too.

/**
 * What only the server reads: the category chips, the page's cards as markup (written in after the render) and the
 * head's tags (canonical, Open Graph), written by pages/+headHtmlEnd.ts.
 */
export interface StoriesServerPart {
  categories: { id: number; name: string }[];
  lateHtml: { cards: string };
  head: string;
}
