// Shared by the /stories list pages (+data.ts of index, location, category, theme). https://vike.dev/data
import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { siteOrigin } from '#src/components/seo';

export interface ListFilterInput {
  state?: string;
  category_id?: string;
  theme_id?: string;
}

/**
 * Loads one page of the list. An unknown filter value, a malformed page number and a page past the end are the
 * 404 page (spec: an unknown filter value is a 404, not an empty 200).
 */
export async function loadStories(pageContext: PageContextServer, filter: ListFilterInput) {
  const { services, ctx } = pageContext;
  const page = pageContext.urlParsed.search.page;
  const list = await services.experiences.list(ctx, { ...filter, page }).catch((error: unknown) => {
    const status = (error as { status?: number })?.status;
    if (status === 404 || status === 422) throw render(404);
    throw error;
  });
  if (list.meta.page > list.meta.total_pages) throw render(404);
  const categories = await services.reference.categories(ctx);
  const origin = siteOrigin(services.env);
  return { list, categories, origin };
}

export type StoriesData = Awaited<ReturnType<typeof loadStories>>;
