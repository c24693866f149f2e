// https://vike.dev/Page — the storefront: hero, new arrivals, areas and categories (all from the server's data).
//
// The whole page is server-only HTML (src/components/server-html.tsx): it is links and text, so the browser keeps
// the server's markup and hydrates only the two elements around it. The blocks (home-parts.tsx) are imported by the
// server build only (`import.meta.env.SSR` is a constant in each build, as with hydrateLater), so their code, the
// cards' module and the `home` and `browse` texts are not in the browser's first load, and their data is not in its
// page context. Their stylesheets are imported here, in the order the blocks' modules had them, since the server
// inlines only the page's own. The cards' hearts work through FavoriteHeart's document listener, which its import
// below loads.
import { usePageContext } from 'vike-react/usePageContext';
import '#src/components/experience-card.css';
import '#src/components/FavoriteHeart';
import { ServerHtml, serverOnlyPart } from '#src/components/server-html';
import type { HomeServerPart } from './home-server';
import '#src/components/chips.css';
import './home.css';

const parts = import.meta.env.SSR ? await import('./home-parts') : null;

export default function Page() {
  const server = serverOnlyPart<HomeServerPart>(usePageContext());
  return (
    <>
      <ServerHtml as="section" name="hero" className="hero">
        {parts && server ? <parts.HomeHero {...server} /> : undefined}
      </ServerHtml>
      <ServerHtml as="div" name="home" className="page home">
        {parts && server ? <parts.HomeBlocks {...server} /> : undefined}
      </ServerHtml>
    </>
  );
}
