// The header's links (src/components/Header.tsx): plain links, which work from the first paint without any script, so
// the header loads this code after the page's first load and hydrates it when it comes (hydrateLater). What stays in
// the header's own code is what a tap needs at once: the menu's toggle and the logout button.
import { logonUrl } from '#src/lib/isomorphic/api-client';
import { Avatar } from '#src/components/Avatar';
import * as ja from '#src/i18n/ja';
import type { CurrentUser } from '#src/modules/users/users.schemas';

const links = [
  { href: '/stories', label: ja.nav.stories },
  { href: '/brands', label: ja.nav.brands },
  { href: '/ambassadors', label: ja.nav.ambassadors },
  { href: '/brand_ambassador', label: ja.nav.brandAmbassador },
];

/** The site's sections, the current one marked. */
export function MainLinks({ urlPathname }: { urlPathname: string }) {
  return (
    <ul className="site-nav__links">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={urlPathname.startsWith(link.href) ? 'page' : undefined}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A signed-in user's pages (the logout button follows them in the header), or the sign-in link. */
export function AccountLinks({ user, urlPathname, urlOriginal }: { user: CurrentUser | null; urlPathname: string; urlOriginal: string }) {
  if (!user) {
    return (
      <a href={logonUrl(urlPathname === '/logon' ? '/' : urlOriginal)} className="button button--small">
        {ja.nav.logon}
      </a>
    );
  }
  return (
    <>
      {user.access_control === 'ADMIN' && (
        <a href="/admin" className="button button--ghost button--small" data-testid="admin-link">
          {ja.nav.admin}
        </a>
      )}
      <a
        href="/reservations"
        className="button button--ghost button--small"
        data-testid="my-reservations-link"
        title={ja.nav.myPage}
        aria-current={urlPathname.startsWith('/reservations') ? 'page' : undefined}
      >
        {ja.nav.reservations}
      </a>
      <a href="/favorites" className="button button--ghost button--small">
        {ja.nav.favorites}
      </a>
      <a href="/host/story" className="button button--ghost button--small">
        {ja.nav.hostStories}
      </a>
      {/* The settings link carries the avatar and the name: one item instead of two, so an administrator's header fits. */}
      <a
        href="/account"
        className="site-nav__me"
        data-testid="account-link"
        title={ja.nav.account}
        aria-current={urlPathname.startsWith('/account') ? 'page' : undefined}
      >
        <span className="visually-hidden">{ja.nav.account}: </span>
        <Avatar url={user.avatar_url} name={user.name} size={28} />
        {/* A long name is cut short with an ellipsis (global.css): the title shows it whole. */}
        <span className="site-nav__name" data-testid="current-user" title={user.name}>
          {ja.nav.greeting(user.name)}
        </span>
        <span className="site-nav__gear" aria-hidden="true">
          ⚙
        </span>
      </a>
    </>
  );
}
