// https://vike.dev/data — /reviews/{experience id}: all reviews of an experience, 20 per page (?page).
import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';
import { siteOrigin } from '#src/components/seo';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = routeId(pageContext);
  const experience = await loadOr404(() => services.experiences.detail(ctx, { id }));
  const reviews = await services.reviews.listForExperience(ctx, { id, page: pageContext.urlParsed.search.page }).catch((error: unknown) => {
    if ((error as { status?: number })?.status === 422) throw render(404);
    throw error;
  });
  if (reviews.meta.page > reviews.meta.total_pages) throw render(404);
  return {
    experience: { id: experience.id, title: experience.title, approve: experience.approve },
    reviews,
    origin: siteOrigin(services.env),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
