// https://vike.dev/data — /brand/communities/{id}/experience?held_at=future|past&page=n (Japan time).
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';
import { pageFromSearch } from '#src/components/admin/AdminPagination';
import { routeId } from '#src/lib/isomorphic/page-helpers';

export function data(pageContext: PageContextServer) {
  const { services, ctx, urlParsed } = pageContext;
  const id = routeId(pageContext);
  const page = pageFromSearch(urlParsed.search.page);
  const heldAt = urlParsed.search.held_at === 'past' ? 'past' : 'future';
  return memberPage(pageContext, () =>
    services.brandPortal.experiences(ctx, { community_id: String(id), held_at: heldAt, page: String(page) }),
  );
}

export type Data = Awaited<ReturnType<typeof data>>;
