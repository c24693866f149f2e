// The administrator area's frame: a side navigation at 768px and wider, a row of scrollable tabs below that.
import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import './admin.css';

const t = ja.adminPages;

const SECTIONS = [
  { href: '/admin', label: ja.dashboardNav.label, also: [] },
  { href: '/admin/reservations', label: ja.adminReservations.nav, also: [] },
  { href: '/admin/communities', label: t.nav.communities, also: ['/communities/new'] },
  { href: '/admin/community_applications', label: ja.adminApplications.nav, also: [] },
  { href: '/admin/ambassador', label: t.nav.ambassadors, also: ['/ambassador/'] },
  { href: '/admin/brand', label: t.nav.brands, also: [] },
  { href: '/admin/brand_ambassador_inquiries', label: t.nav.inquiries, also: [] },
  { href: '/admin/experiences', label: t.nav.experiences, also: [] },
  { href: '/admin/payouts', label: t.nav.payouts, also: [] },
  { href: '/admin/coupons', label: ja.adminCoupons.title, also: [] },
  { href: '/admin/reviews', label: ja.adminReviews.nav, also: [] },
  { href: '/admin/users', label: ja.leaving.adminNav, also: [] },
  { href: '/admin/audit', label: ja.adminAudit.nav, also: [] },
];

/** The section a path belongs to (the longest matching prefix, so /admin/brand_… is not ブランド). */
function currentSection(pathname: string): string | null {
  for (const section of SECTIONS) {
    // The dashboard is /admin itself, not every path under it.
    if (section.href === '/admin') {
      if (pathname === '/admin') return section.href;
      continue;
    }
    if (pathname === section.href || pathname.startsWith(`${section.href}/`)) return section.href;
    if (section.also.some((prefix) => pathname.startsWith(prefix))) return section.href;
  }
  return null;
}

/**
 * The area's navigation beside its content (the administrator area, and the brand portal for a signed-in member):
 * the area's name, one link per section, the current one marked.
 */
export function SideNavFrame(props: {
  className?: string;
  navLabel: string;
  areaName: string;
  sections: readonly { href: string; label: string }[];
  current: string | null;
  children: ReactNode;
  /** The content is the page's <main> (the brand portal, which has no site frame); inside the site's <main> else. */
  main?: boolean;
}) {
  return (
    <div className={props.className ? `admin ${props.className}` : 'admin'}>
      <nav className="admin__nav" aria-label={props.navLabel}>
        <p className="admin__area">{props.areaName}</p>
        <ul className="admin__links">
          {props.sections.map((section) => (
            <li key={section.href}>
              <a href={section.href} className="admin__link" aria-current={props.current === section.href ? 'page' : undefined}>
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {props.main ? (
        <main id="main" className="admin__content">
          {props.children}
        </main>
      ) : (
        <div className="admin__content">{props.children}</div>
      )}
    </div>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const { urlPathname } = usePageContext();
  return (
    <SideNavFrame navLabel={t.navLabel} areaName={t.areaName} sections={SECTIONS} current={currentSection(urlPathname)}>
      {children}
    </SideNavFrame>
  );
}
