// https://vike.dev/data — /brand/communities/{id}/experience?held_at=future|past&page=&q=&ambassador_id= (Japan time).
import type { PageContextServer } from 'vike/types';
import { memberPage, withFilters } from '#pages/brand/brand-data';
import { pageFromSearch } from '#src/components/admin/AdminPagination';
import { routeId } from '#src/lib/isomorphic/page-helpers';
import { EXPERIENCE_FILTER_NAMES } from '#src/modules/brand-portal/brand-portal.schemas';

export function data(pageContext: PageContextServer) {
  const { services, ctx, urlParsed } = pageContext;
  const id = routeId(pageContext);
  const page = pageFromSearch(urlParsed.search.page);
  const heldAt = urlParsed.search.held_at === 'past' ? 'past' : 'future';
  return memberPage(pageContext, () =>
    withFilters(urlParsed.search, EXPERIENCE_FILTER_NAMES, (filters) =>
      services.brandPortal.experiences(ctx, { ...filters, community_id: String(id), held_at: heldAt, page: String(page) }),
    ),
  );
}

export type Data = Awaited<ReturnType<typeof data>>;
