// https://vike.dev/data — the home page: new arrivals, and the areas and categories that have experiences.
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  return { home: await pageContext.services.experiences.home(pageContext.ctx, {}) };
}

export type Data = Awaited<ReturnType<typeof data>>;
