// The data hooks of the signed-in portal pages (https://vike.dev/data): the member (header, brand summary) and the
// page's own data through pageContext.services. A missing portal session (401) goes to /brand/sign_in and back; a
// 404/403 (another brand's id, a malformed id) is the Japanese 404 page.
import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { brandSignInUrl } from '#src/components/brand/brand-paths';
import { loadOr404, pagePath } from '#src/lib/isomorphic/page-helpers';
import type { BrandMemberMe } from '#src/modules/brand-members/brand-members.schemas';
import * as ja from '#src/i18n/ja';

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

/**
 * A portal list read with the filters its URL names (`names`, the list's query schema's). Filters the service
 * refuses (a 422: a malformed date, an unknown choice) are dropped and the page says why, instead of an error page.
 */
export async function withFilters<T extends object>(
  search: Record<string, string>,
  names: readonly string[],
  load: (filters: Record<string, string>) => Promise<T>,
): Promise<T & { filterError: string | null }> {
  const filters = Object.fromEntries(names.flatMap((name) => (search[name]?.trim() ? [[name, search[name].trim()]] : [])));
  try {
    return { ...(await load(filters)), filterError: null };
  } catch (error) {
    // By its status, not its class: the built pages and the services may hold two copies of the error classes.
    if ((error as { status?: number })?.status !== 422) throw error;
    return { ...(await load({})), filterError: ja.lists.filterIgnored((error as Error).message) };
  }
}
