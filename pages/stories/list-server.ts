// The /stories list pages' server-only part of the page context (list-data.ts makes it, +onBeforeRender.ts sets it as
// pageContext.stories, which is not in passToClient). Types and a reader only: the browser's modules import this too.
import type { CardExperience } from '#src/components/ExperienceCard';

/** What only the server reads: the category chips, the page's cards and which of them the signed-in visitor has in お気に入り. */
export interface StoriesServerPart {
  categories: { id: number; name: string }[];
  cards: CardExperience[];
  favoriteIds: number[];
}

/** The server-only part of a page context: set on the server, undefined in the browser. */
export function storiesServerPart(pageContext: object): StoriesServerPart | undefined {
  return (pageContext as { stories?: StoriesServerPart }).stories;
}
