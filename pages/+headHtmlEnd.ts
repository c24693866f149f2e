// https://vike.dev/headHtmlEnd — the head tags a page made as one string on the server: its server-only part's
// `head` (serverOnlyPart, src/components/server-html.tsx), or the marker of a late part holding them (the experience
// page's: story-server.ts), written in when the page is sent. Pages without one write nothing here; their +Head
// components render as before.
import type { PageContextServer } from 'vike/types';
import { serverOnlyPart } from '#src/components/server-html';

export default function headHtmlEnd(pageContext: PageContextServer): string {
  return serverOnlyPart<{ head?: string }>(pageContext)?.head ?? '';
}
