// https://vike.dev/title — each portal page named after its breadcrumb (the community's name where there is one).
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';

const t = ja.brandPortalPages;

const FIXED: Record<string, string> = {
  '/brand': t.dashboard.title,
  '/brand/sign_in': t.signIn.title,
  '/brand/sign_out': t.signOut,
  '/brand/password_reset_send_mail': t.resetMail.title,
  '/brand/password_reset_send_mail_complete': t.resetMail.completeTitle,
  '/brand/password_reset': t.reset.title,
  '/brand/password_reset_complete': t.reset.completeTitle,
  '/brand/invitation': t.invitation.title,
  '/brand/member_registration_complete': t.invitation.completeTitle,
  '/brand/communities': t.crumbs.communities,
  '/brand/communities/new': t.crumbs.communityNew,
  '/brand/members': t.crumbs.members,
  '/brand/members/invitation': t.crumbs.memberInvitation,
  '/brand/members/invitation/complete': t.crumbs.invitationComplete,
  '/brand/community_applications': t.crumbs.applications,
  '/brand/account': ja.brandAccount.page.title,
};

const UNDER_COMMUNITY: Record<string, string> = {
  edit: t.crumbs.edit,
  ambassadors: t.crumbs.ambassadors,
  ambassador_invitation: t.crumbs.addAmbassador,
  ambassador_invitation_complete: t.ambassadors.completeTitle,
  experience: t.crumbs.experiences,
};

/** Pages of a mailed link whose data says whether it can be used: an unusable one is named as the page shows it. */
const INVALID_LINK: Record<string, string> = {
  '/brand/password_reset': t.reset.invalidTitle,
  '/brand/invitation': t.invitation.invalidTitle,
};

export default function title(pageContext: PageContext): string {
  const path = pageContext.urlPathname.replace(/\/$/, '') || '/brand';
  const data = pageContext.data as { community?: { name: string }; valid?: boolean } | undefined;
  const community = data?.community?.name;
  let name = data?.valid === false ? INVALID_LINK[path] : undefined;
  name ??= FIXED[path];
  const match = /^\/brand\/communities\/[^/]+(?:\/([^/]+))?$/.exec(path);
  if (!name && match) name = [community, match[1] ? UNDER_COMMUNITY[match[1]] : undefined].filter(Boolean).join(' - ');
  return name ? `${name} | ${t.areaName}` : `${t.areaName} | ${ja.site.name}`;
}
