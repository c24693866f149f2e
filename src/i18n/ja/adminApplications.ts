import { brandPortalPages } from './brandPortalPages';

/**
 * /admin/community_applications: every community's applications, for the administrators
 * (pages/admin/community_applications). The list's and the detail's words are the brand portal's (one application,
 * the same words at both doors: src/components/admin/ApplicationFacts.tsx); the administrators' own are added.
 */
export const adminApplications = {
  ...brandPortalPages.applications,
  nav: 'コミュニティ申し込み',
  lead: 'すべてのコミュニティへの申し込みです。ブランドのないコミュニティへの申し込みは、運営事務局だけが確認できます。',
  filtersLabel: '申し込みの絞り込み',
  brand: 'ブランド',
  account: 'アカウントID',
} as const;
