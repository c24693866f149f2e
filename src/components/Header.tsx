import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { api, logonUrl } from '#src/lib/isomorphic/api-client';

export function Header() {
  const pageContext = usePageContext();
  const { user, urlPathname } = pageContext;
  const [open, setOpen] = useState(false);

  async function logout() {
    try {
      await api('/api/v1/sessions', { method: 'DELETE' });
    } finally {
      window.location.assign('/');
    }
  }

  const links = [
    { href: '/stories', label: ja.nav.stories },
    { href: '/brands', label: ja.nav.brands },
    { href: '/ambassadors', label: ja.nav.ambassadors },
    { href: '/brand_ambassador', label: ja.nav.brandAmbassador },
  ];

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a href="/" className="site-header__logo">
          <span className="site-header__mark" aria-hidden="true">
            旅
          </span>
          <span>{ja.site.name}</span>
        </a>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((v) => !v)}
        >
          <span className="visually-hidden">{open ? ja.nav.close : ja.nav.menu}</span>
          <span className={open ? 'burger burger--open' : 'burger'} aria-hidden="true" />
        </button>
        <nav id="site-nav" className={open ? 'site-nav site-nav--open' : 'site-nav'} aria-label={ja.nav.mainLabel}>
          <ul className="site-nav__links">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={urlPathname.startsWith(link.href) ? 'page' : undefined} onClick={() => setOpen(false)}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="site-nav__account">
            {user ? (
              <>
                {user.access_control === 'ADMIN' && (
                  <a href="/admin" className="button button--ghost button--small" data-testid="admin-link" onClick={() => setOpen(false)}>
                    {ja.nav.admin}
                  </a>
                )}
                <a
                  href="/reservations"
                  className="button button--ghost button--small"
                  data-testid="my-reservations-link"
                  title={ja.nav.myPage}
                  aria-current={urlPathname.startsWith('/reservations') ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  {ja.nav.reservations}
                </a>
                <a href="/favorites" className="button button--ghost button--small">
                  {ja.nav.favorites}
                </a>
                <a href="/host/story" className="button button--ghost button--small" onClick={() => setOpen(false)}>
                  {ja.nav.hostStories}
                </a>
                {/* The settings link carries the name: one item instead of two, so an administrator's header fits. */}
                <a
                  href="/account"
                  className="site-nav__me"
                  data-testid="account-link"
                  title={ja.nav.account}
                  aria-current={urlPathname.startsWith('/account') ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  <span className="visually-hidden">{ja.nav.account}: </span>
                  <span data-testid="current-user">{ja.nav.greeting(user.name)}</span>
                  <span className="site-nav__gear" aria-hidden="true">
                    ⚙
                  </span>
                </a>
                <button type="button" className="site-nav__plain" onClick={logout}>
                  {ja.nav.logout}
                </button>
              </>
            ) : (
              <a href={logonUrl(urlPathname === '/logon' ? '/' : pageContext.urlOriginal)} className="button button--small">
                {ja.nav.logon}
              </a>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
