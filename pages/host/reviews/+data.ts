// https://vike.dev/data — /host/reviews: the reviews of the experiences the signed-in user hosts (as the
// host user or a member of the host ambassador), newest first, 20 per page (?page), with a reply form while unreplied.
import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const reviews = await services.reviews.listForHost(ctx, { page: pageContext.urlParsed.search.page }).catch((error: unknown) => {
    if ((error as { status?: number })?.status === 422) throw render(404);
    throw error;
  });
  if (reviews.meta.page > reviews.meta.total_pages) throw render(404);
  return { reviews };
}

export type Data = Awaited<ReturnType<typeof data>>;
