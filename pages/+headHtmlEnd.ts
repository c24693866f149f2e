// https://vike.dev/headHtmlEnd — the head tags a page made as one string on the server: its server-only part's
// `head` (serverOnlyPart, src/components/server-html.tsx), e.g. the experience page's (story-head.ts). Pages
// without one write nothing here; their +Head components render as before.
import type { PageContextServer } from 'vike/types';
import { serverOnlyPart } from '#src/components/server-html';

export default function headHtmlEnd(pageContext: PageContextServer): string {
  return serverOnlyPart<{ head?: string }>(pageContext)?.head ?? '';
}
