// The brand portal's own frame (not the marketplace header): the portal header (brand name, the member's e-mail,
// アカウント設定, ログアウト) and the navigation, shown once a member is signed in (the page's data carries `member`); the sign-in,
// password and invitation screens get the header alone. The navigation is the admin area's (SideNavFrame). The page's
// content is its one <main> landmark (the portal has no site frame), with a skip link to it.
import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { SideNavFrame } from '#src/components/admin/AdminLayout';
import * as ja from '#src/i18n/ja';
import type { BrandMemberMe } from '#src/modules/brand-members/brand-members.schemas';
import './brand.css';

const t = ja.brandPortalPages;

const SECTIONS = [
  { href: '/brand', label: t.nav.top, exact: true },
  { href: '/brand/communities', label: t.nav.communities },
  { href: '/brand/community_applications', label: t.nav.applications },
  { href: '/brand/members', label: t.nav.members },
];

function currentBrandSection(pathname: string): string | null {
  const found = SECTIONS.filter((s) => (s.exact ? pathname === s.href : pathname === s.href || pathname.startsWith(`${s.href}/`)));
  return found[0]?.href ?? null;
}

export function BrandLayout({ children }: { children: ReactNode }) {
  const { urlPathname, data } = usePageContext();
  const member = (data as { member?: BrandMemberMe } | undefined)?.member ?? null;
  const current = currentBrandSection(urlPathname);
  return (
    <div className="brand-portal">
      <a href="#main" className="skip-link">
        {ja.common.skipToMain}
      </a>
      <header className="brand-header" data-testid="brand-header">
        <div className="brand-header__inner">
          <a href="/brand" className="brand-header__logo">
            <span className="site-header__mark" aria-hidden="true">
              旅
            </span>
            <span>
              <span className="brand-header__area">{t.areaName}</span>
              {member && (
                <span className="brand-header__brand" data-testid="brand-name" title={member.brand.name}>
                  {member.brand.name}
                </span>
              )}
            </span>
          </a>
          {member && (
            <div className="brand-header__account">
              <span className="brand-header__email" data-testid="member-email" title={`${t.memberLabel}: ${member.email}`}>
                {member.email}
              </span>
              <a
                href="/brand/account"
                className="button button--ghost button--small"
                aria-current={urlPathname === '/brand/account' ? 'page' : undefined}
                data-testid="account-link"
              >
                {ja.brandAccount.page.headerLink}
              </a>
              <a href="/brand/sign_out" className="button button--ghost button--small" data-testid="sign-out">
                {t.signOut}
              </a>
            </div>
          )}
        </div>
      </header>
      {member ? (
        <SideNavFrame className="brand-portal__body" navLabel={t.navLabel} areaName={t.areaName} sections={SECTIONS} current={current} main>
          {children}
        </SideNavFrame>
      ) : (
        <main id="main" className="brand-portal__public">
          {children}
        </main>
      )}
    </div>
  );
}
