// https://vike.dev/data
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  // A malformed ?page falls back to the first page rather than an error page.
  const raw = pageContext.urlParsed.search.page;
  const page = raw && /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  return pageContext.services.brands.list(pageContext.ctx, { page });
}

export type Data = Awaited<ReturnType<typeof data>>;
