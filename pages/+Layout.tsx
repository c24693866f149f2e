// https://vike.dev/Layout
import '#src/components/global.css';
import { useEffect, type ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Header } from '#src/components/Header';
import { isPortalPath } from '#src/components/brand/portal-path';
import { hydrateLater } from '#src/components/hydrate-later';
import { focusNotice, useReloadNotice } from '#src/components/use-reload-notice';
import * as ja from '#src/i18n/ja';

// The footer is links and text only: its code is not in the page's first load, and React hydrates it once that
// chunk is there (the server's HTML of it is on screen, and its links work, from the start).
const Footer = hydrateLater(import.meta.env.SSR ? (await import('#src/components/Footer')).Footer : null, () =>
  import('#src/components/Footer').then((m) => m.Footer),
);

export default function Layout({ children }: { children: ReactNode }) {
  const { pageId, urlPathname } = usePageContext();
  // Every route change is a full page load (server routing, pages/+config.ts), so the browser puts a new page at the
  // top and a reloaded or restored one where it was (spec: route table); nothing here scrolls.

  // Marks the document once React has hydrated (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // The brand portal (/brand, /brand/…) brings its own header and navigation (pages/brand/+Layout.tsx), and so does
  // the error page under /brand (an unknown path, another brand's id: pages/_error/+Page.tsx draws the portal's frame).
  const portal = pageId?.startsWith('/pages/brand/') || (pageId === '/pages/_error' && isPortalPath(urlPathname));
  // The notice the previous page left for this one (goTo(url, notice), e.g. after signing up), shown on top and
  // focused so that it is announced (the focus reads it: no live region, which would read it twice). A page that
  // shows its notices itself has taken it already: a parent's effects run after its children's.
  const [notice] = useReloadNotice(!portal);
  if (portal) return <div className="app">{children}</div>;
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {ja.common.skipToMain}
      </a>
      <Header />
      <main id="main" className="app__main">
        {notice && (
          <div className="page-notice">
            <p className="alert alert--success" tabIndex={-1} ref={focusNotice} data-testid="page-notice">
              {notice}
            </p>
          </div>
        )}
        {children}
      </main>
      <Footer />
    </div>
  );
}
