// https://vike.dev/onAfterRenderHtml — vike-react's hook right after React's render: the page's HTML leaves the
// document Vike assembles, and a marker stands in its place (lateHtmlMarker). Vike's passes over the document (its
// tag searches and injections, each copying the whole string) then see the head and the marker, not the body;
// server/vike.ts writes the HTML in when the page is sent (server/inline-css.ts), with the page's own late parts.
// Without a place to keep it (`keepPageHtml`), the HTML stays where it was.
import type { PageContextServer } from 'vike/types';
import { lateHtmlMarker, PAGE_HTML } from '#src/components/server-html';

export default function onAfterRenderHtml(pageContext: PageContextServer): void {
  const html = pageContext.pageHtmlString;
  if (html === undefined || !pageContext.request?.keepPageHtml) return;
  pageContext.request.keepPageHtml(html);
  pageContext.pageHtmlString = lateHtmlMarker(PAGE_HTML);
}
