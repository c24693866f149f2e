// The read a page names in pages/read-ahead.ts, made before Vike's render: server/vike.ts passes its outcome in the
// page context (`request.readAhead`), where the page's hook takes it (readAheadOr,
// src/lib/isomorphic/read-ahead.ts). The page is the one the route table picks for the path, as
// pages/+onBeforeRoute.ts picks it inside the render; a path it leaves to Vike's router (none or several routes
// match) is read by the hook itself.
import { getGlobalContextAsync } from 'vike/server';
import { readsAhead } from '#pages/read-ahead';
import type { PageReadArgs, ReadAhead } from '#src/lib/isomorphic/read-ahead';
import { matchRoute, routesOf } from '#src/lib/isomorphic/route-table';

/**
 * Vike's pages: kept once read in production, where they never change; read each time in development (a page may
 * change). Null when Vike cannot give them: the render then meets the same failure and reports it.
 */
function pagesOf(production: boolean): () => Promise<object | null> {
  let kept: object | null = null;
  return async () => {
    if (kept) return kept;
    try {
      const { pages } = await getGlobalContextAsync(production);
      if (production) kept = pages;
      return pages;
    } catch {
      return null;
    }
  };
}

/**
 * Reads ahead for a path, or answers undefined when its page has no read ahead. Never rejects: a failure is the
 * outcome.
 */
export function readAhead(production: boolean) {
  const pages = pagesOf(production);
  return async (pathname: string, args: Omit<PageReadArgs, 'routeParams'>): Promise<ReadAhead | undefined> => {
    const all = await pages();
    const match = all ? matchRoute(routesOf(all), pathname) : null;
    const read = match ? readsAhead[match.pageId] : undefined;
    if (!match || !read) return undefined;
    const outcome = await read({ ...args, routeParams: match.routeParams }).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    return { ...match, outcome };
  };
}
