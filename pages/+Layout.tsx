// https://vike.dev/Layout
import '#src/components/global.css';
import { useEffect, useRef, type ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Header } from '#src/components/Header';
import { Footer } from '#src/components/Footer';

export default function Layout({ children }: { children: ReactNode }) {
  const { urlPathname, pageId } = usePageContext();
  // Every route change scrolls the window to the top (spec: route table). Not on the first load: the browser is at
  // the top already (or restoring a reload's position), and a scroll while hydrating forces a layout (issue 16:
  // Lighthouse's "forced reflow").
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [urlPathname]);
  // Marks the document once React has hydrated (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // The brand portal (/brand, /brand/…) brings its own header and navigation (pages/brand/+Layout.tsx).
  // (Its error pages, e.g. another brand's id, keep the site's frame.)
  if (pageId?.startsWith('/pages/brand/')) return <div className="app">{children}</div>;
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        本文へ移動
      </a>
      <Header />
      <main id="main" className="app__main">
        {children}
      </main>
      <Footer />
    </div>
  );
}
