// The data hooks of the signed-in portal pages (https://vike.dev/data): the member (header, brand summary) and the
// page's own data through pageContext.services. A missing portal session (401) goes to /brand/sign_in and back; a
// 404/403 (another brand's id, a malformed id) is the Japanese 404 page.
import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { brandSignInUrl } from '#src/components/brand/brand-paths';
import { loadOr404, pagePath } from '#src/lib/isomorphic/page-helpers';
import type { BrandMemberMe } from '#src/modules/brand-members/brand-members.schemas';

export async function memberPage<T extends object = object>(
  pageContext: PageContextServer,
  load?: () => Promise<T>,
): Promise<T & { member: BrandMemberMe }> {
  const { services, ctx } = pageContext;
  if (ctx.actor.kind !== 'brandMember') throw redirect(brandSignInUrl(pagePath(pageContext)));
  let member: BrandMemberMe;
  try {
    member = await services.brandMembers.me(ctx, {});
  } catch (error) {
    if ((error as { status?: number }).status === 401) throw redirect(brandSignInUrl(pagePath(pageContext)));
    throw error;
  }
  const extra = load ? await loadOr404(load) : ({} as T);
  return { ...extra, member };
}
