// The home page's server-only part of the page context (+onBeforeRender.ts sets it as pageContext.serverOnly, read
// with serverOnlyPart in src/components/server-html.tsx). A type only: the browser's modules import this too.
import type { HomeJson } from '#src/modules/experiences/experiences.schemas';

/** What only the server reads: the whole page's blocks and which new arrivals the signed-in visitor has in お気に入り. */
export interface HomeServerPart {
  home: HomeJson;
  favoriteIds: number[];
}
