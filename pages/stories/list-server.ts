// The /stories list pages' server-only part of the page context (list-data.ts makes it, +onBeforeRender.ts sets it as
// pageContext.serverOnly, read with serverOnlyPart in src/components/server-html.tsx). A type only: the browser's
// modules import this too.
import type { CardExperience } from '#src/components/ExperienceCard';

/** What only the server reads: the category chips, the page's cards and which of them the signed-in visitor has in お気に入り. */
export interface StoriesServerPart {
  categories: { id: number; name: string }[];
  cards: CardExperience[];
  favoriteIds: number[];
}
