// https://vike.dev/data — /brand/communities/{id}/ambassadors?page=n
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';
import { pageFromSearch } from '#src/components/admin/AdminPagination';
import { routeId } from '#src/lib/isomorphic/page-helpers';

export function data(pageContext: PageContextServer) {
  const { services, ctx, urlParsed } = pageContext;
  const id = routeId(pageContext);
  const page = pageFromSearch(urlParsed.search.page);
  return memberPage(pageContext, () => services.ambassadors.portalOfCommunity(ctx, { community_id: String(id), page: String(page) }));
}

export type Data = Awaited<ReturnType<typeof data>>;
