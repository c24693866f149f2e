// https://vike.dev/data — /brand/community_applications?page=&q=&community_id=&handled=&since=&until= (newest first).
import type { PageContextServer } from 'vike/types';
import { memberPage, withFilters } from '#pages/brand/brand-data';
import { pageFromSearch } from '#src/components/admin/AdminPagination';
import { APPLICATION_FILTER_NAMES } from '#src/modules/brand-portal/brand-portal.schemas';

export function data(pageContext: PageContextServer) {
  const { services, ctx, urlParsed } = pageContext;
  const page = pageFromSearch(urlParsed.search.page);
  return memberPage(pageContext, () =>
    withFilters(urlParsed.search, APPLICATION_FILTER_NAMES, (filters) =>
      services.communities.portalApplications(ctx, { ...filters, page: String(page) }),
    ),
  );
}

export type Data = Awaited<ReturnType<typeof data>>;
