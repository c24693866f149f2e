import { useEffect, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import { hydrateLater } from '#src/components/hydrate-later';

// The links are hydrated after the page (src/components/HeaderLinks.tsx); the props keep their identity across the
// header's renders (the page context's values), as hydrateLater needs.
const MainLinks = hydrateLater(import.meta.env.SSR ? (await import('#src/components/HeaderLinks')).MainLinks : null, () =>
  import('#src/components/HeaderLinks').then((m) => m.MainLinks),
);
const AccountLinks = hydrateLater(import.meta.env.SSR ? (await import('#src/components/HeaderLinks')).AccountLinks : null, () =>
  import('#src/components/HeaderLinks').then((m) => m.AccountLinks),
);

export function Header() {
  const pageContext = usePageContext();
  const { user, urlPathname } = pageContext;
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  async function logout() {
    try {
      await api('/api/v1/sessions', { method: 'DELETE' });
    } finally {
      window.location.assign('/');
    }
  }

  // Escape closes the open menu from anywhere in the header and returns the focus to its toggle (the disclosure
  // pattern), so a keyboard user is not left inside a menu that covers the page. The menu's links are hydrated later
  // (hydrateLater), and until then React stops a key event whose target is one of them at the page's root, in the
  // capture phase: so the listener is the document's, in the capture phase too, ahead of React's.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !header.current?.contains(event.target as Node)) return;
      setOpen(false);
      toggle.current?.focus();
    };
    // Focus that leaves the header (Tab past the menu's last link, Shift+Tab past the logo) closes the menu too, so
    // the control it reaches is not under the menu. A focusout without a new target (the window lost focus, a click
    // on the page's text) leaves it open. A native listener, for the links not hydrated yet, as above.
    const element = header.current;
    const leave = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !element?.contains(next)) setOpen(false);
    };
    document.addEventListener('keydown', close, true);
    element?.addEventListener('focusout', leave);
    return () => {
      document.removeEventListener('keydown', close, true);
      element?.removeEventListener('focusout', leave);
    };
  }, [open]);

  return (
    <header className="site-header" ref={header}>
      <div className="site-header__inner">
        <a href="/" className="site-header__logo">
          <span className="site-header__mark" aria-hidden="true">
            旅
          </span>
          <span>{ja.site.name}</span>
        </a>
        <button
          ref={toggle}
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((v) => !v)}
        >
          <span className="visually-hidden">{open ? ja.nav.close : ja.nav.menu}</span>
          <span className={open ? 'burger burger--open' : 'burger'} aria-hidden="true" />
        </button>
        {/* A link followed from the open menu closes it (one handler for every link of the menu). */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks handled are the links', which Enter also fires */}
        <nav
          id="site-nav"
          className={open ? 'site-nav site-nav--open' : 'site-nav'}
          aria-label={ja.nav.mainLabel}
          onClick={(event) => {
            if ((event.target as Element).closest('a')) setOpen(false);
          }}
        >
          <MainLinks urlPathname={urlPathname} />
          <div className="site-nav__account">
            <AccountLinks user={user} urlPathname={urlPathname} urlOriginal={pageContext.urlOriginal} />
            {user && (
              <button type="button" className="site-nav__plain" onClick={logout}>
                {ja.nav.logout}
              </button>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
