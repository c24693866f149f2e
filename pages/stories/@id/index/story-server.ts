// The experience page's page context beyond Vike's own (story-data.ts makes it, +onBeforeRender.ts sets it):
// `serverOnly`, kept on the server (serverOnlyPart in src/components/server-html.tsx), and `data`, sent to the browser.
// Types and a reader only: the browser's modules import this too.
//
// The browser's data crosses as one JSON string (`data.json`) rather than as an object: Vike's serializer
// (@brillout/json-serializer) calls a JavaScript replacer for every value it writes (a path, a list of type checks),
// which for the slots and the experience cost several times what the engine's own JSON.stringify of the same object
// does (docs/decisions/page-render.md). The browser parses the string once per page.
import { serverOnlyPart } from '#src/components/server-html';
import type { Data } from './story-data';
import type { StoryHtml } from './story-static';

/**
 * The markup written into the page after its render (server/inline-css.ts), in place of the markers the render leaves
 * (lateHtmlMarker): the head's tags (canonical, Open Graph, JSON-LD: story-head.ts) and the HTML of the parts without
 * interactivity (story-static.tsx; `rating` is '' without reviews, when the page renders no summary). So their
 * markup, a third of the page's own, goes through neither React's render nor Vike's passes over the document.
 */
export type StoryLateHtml = { [Part in keyof StoryHtml]: string } & { head: string };

/** What only the server reads: the head's marker, the page's description and the late parts' HTML. */
export interface StoryServerPart {
  /** The head tags' marker, written by pages/+headHtmlEnd.ts (the tags themselves are `lateHtml.head`). */
  head: string;
  /** The description and og:description: place, price, rating (with reviews) and the text, so a shared link shows them. */
  description: string;
  lateHtml: StoryLateHtml;
  /** The hydrated parts' data, as sent to the browser in `SentData`. */
  data: Data;
}

/** The page context's `data`: the hydrated parts' data as JSON. */
export interface SentData {
  json: string;
}

/** The last string parsed and its value: the page renders many times with the same string, parsed once. */
let parsed: { json: string; data: Data } | undefined;

/** The hydrated parts' data: the server's object on the server, the page context's JSON parsed once in the browser. */
export function storyDataOf(pageContext: object): Data {
  const server = serverOnlyPart<StoryServerPart>(pageContext);
  if (server) return server.data;
  const { json } = (pageContext as { data: SentData }).data;
  if (parsed?.json !== json) parsed = { json, data: JSON.parse(json) as Data };
  return parsed.data;
}
