// Breadcrumbs on every portal page, with the spec's labels (トップ, コミュニティ一覧, the community's name, …).
import * as ja from '#src/i18n/ja';

const t = ja.brandPortalPages;

export interface Crumb {
  label: string;
  href?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="brand-crumbs" aria-label={t.breadcrumbLabel} data-testid="breadcrumbs">
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.href ?? item.label}>
              {item.href && !last ? (
                <a href={item.href}>{item.label}</a>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The crumbs of the portal's pages: each call gives the trail down to that page. */
export const crumbs = {
  top: (): Crumb[] => [{ label: t.crumbs.top, href: '/brand' }],
  communities: (): Crumb[] => [...crumbs.top(), { label: t.crumbs.communities, href: '/brand/communities' }],
  communityNew: (): Crumb[] => [...crumbs.communities(), { label: t.crumbs.communityNew }],
  community: (c: { id: number; name: string }): Crumb[] => [...crumbs.communities(), { label: c.name, href: `/brand/communities/${c.id}` }],
  communityEdit: (c: { id: number; name: string }): Crumb[] => [...crumbs.community(c), { label: t.crumbs.edit }],
  ambassadors: (c: { id: number; name: string }): Crumb[] => [
    ...crumbs.community(c),
    { label: t.crumbs.ambassadors, href: `/brand/communities/${c.id}/ambassadors` },
  ],
  addAmbassador: (c: { id: number; name: string }): Crumb[] => [...crumbs.ambassadors(c), { label: t.crumbs.addAmbassador }],
  experiences: (c: { id: number; name: string }): Crumb[] => [...crumbs.community(c), { label: t.crumbs.experiences }],
  members: (): Crumb[] => [...crumbs.top(), { label: t.crumbs.members, href: '/brand/members' }],
  memberInvitation: (): Crumb[] => [...crumbs.members(), { label: t.crumbs.memberInvitation, href: '/brand/members/invitation' }],
  invitationComplete: (): Crumb[] => [...crumbs.memberInvitation(), { label: t.crumbs.invitationComplete }],
  applications: (): Crumb[] => [...crumbs.top(), { label: t.crumbs.applications }],
  account: (): Crumb[] => [...crumbs.top(), { label: ja.brandAccount.page.title }],
};
