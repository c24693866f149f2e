// https://vike.dev/data — /brand/communities?page=n
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';
import { pageFromSearch } from '#src/components/admin/AdminPagination';

export async function data(pageContext: PageContextServer) {
  const { services, ctx, urlParsed } = pageContext;
  const page = pageFromSearch(urlParsed.search.page);
  return memberPage(pageContext, () => services.communities.portalList(ctx, { page: String(page) }));
}

export type Data = Awaited<ReturnType<typeof data>>;
