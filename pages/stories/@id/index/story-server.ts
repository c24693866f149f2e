// The experience page's server-only part of the page context (story-data.ts makes it, +onBeforeRender.ts sets it as
// pageContext.story, which is not in passToClient). Types and a reader only: the browser's modules import this too.
import type { ExperienceJson } from '#src/modules/experiences/experiences.schemas';
import type { StoryHtml } from './story-static';

/** What only the server reads: the whole experience (the head's JSON-LD), the page's description and the parts' HTML. */
export interface StoryServerPart {
  experience: ExperienceJson;
  /** The description and og:description: place, price, rating (with reviews) and the text, so a shared link shows them. */
  description: string;
  html: StoryHtml;
}

/** The server-only part of a page context: set on the server, undefined in the browser. */
export function storyServerPart(pageContext: object): StoryServerPart | undefined {
  return (pageContext as { story?: StoryServerPart }).story;
}
