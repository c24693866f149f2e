// https://vike.dev/data — the error page under /brand is drawn inside the portal's frame (pages/_error/+Page.tsx),
// which shows the brand and the navigation when a member is signed in: the member, as the portal pages load it.
// Elsewhere, and for a signed-out visitor, nothing.
import type { PageContextServer } from 'vike/types';
import { isPortalPath } from '#src/components/brand/portal-path';
import type { BrandMemberMe } from '#src/modules/brand-members/brand-members.schemas';

export async function data(pageContext: PageContextServer): Promise<{ member?: BrandMemberMe }> {
  const { services, ctx, urlPathname } = pageContext;
  if (!isPortalPath(urlPathname) || ctx.actor.kind !== 'brandMember') return {};
  try {
    return { member: await services.brandMembers.me(ctx, {}) };
  } catch {
    // A member deleted since signing in: the frame without the navigation.
    return {};
  }
}
