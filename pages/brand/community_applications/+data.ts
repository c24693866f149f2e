// https://vike.dev/data — /brand/community_applications?page=n (newest first).
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';
import { pageFromSearch } from '#src/components/admin/AdminPagination';

export function data(pageContext: PageContextServer) {
  const { services, ctx, urlParsed } = pageContext;
  const page = pageFromSearch(urlParsed.search.page);
  return memberPage(pageContext, () => services.communities.portalApplications(ctx, { page: String(page) }));
}

export type Data = Awaited<ReturnType<typeof data>>;
