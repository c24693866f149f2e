// Vike's Route Strings compiled once (pages/+onBeforeRoute.ts). The same grammar as Vike's router: segments
// separated by `/`, `@name` matches one non-empty segment, `*` matches anything, the rest literally, and a trailing
// slash is allowed. The hook runs on the server only (server routing); kept isomorphic like every file pages/ imports.

export interface CompiledRoute {
  pageId: string;
  regex: RegExp;
  /** For each capture group: the parameter it fills. */
  params: string[];
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One compiled route per page with a Route String (error pages and Route Functions are left to Vike). */
export function compileRoutes(pages: object): CompiledRoute[] {
  const routes: CompiledRoute[] = [];
  for (const [pageId, page] of Object.entries(pages as Record<string, { route?: unknown }>)) {
    const route = page.route;
    if (typeof route !== 'string' || !(route.startsWith('/') || route.startsWith('*'))) continue;
    const globs = (route.match(/\*/g) ?? []).length;
    let globIndex = 0;
    // Every piece is a capture group (static ones unnamed), so each group's position is known.
    const groups: string[] = [];
    const pattern = route
      .split('/')
      .map((segment) => {
        if (segment.startsWith('@') && segment.length > 1) {
          groups.push(segment.slice(1));
          return '([^/]+)';
        }
        return segment
          .split('*')
          .map((piece, i) => {
            groups.push('');
            if (i === 0) return `(${escapeRegex(piece)})`;
            groups.splice(groups.length - 1, 0, `*${globs > 1 ? ++globIndex : ''}`);
            return `(.*)(${escapeRegex(piece)})`;
          })
          .join('');
      })
      .join('/');
    const regex = new RegExp(`^${pattern}/?$`);
    routes.push({ pageId, regex, params: groups });
  }
  return routes;
}

let compiled: { pages: object; routes: CompiledRoute[] } | null = null;

/**
 * The routes of Vike's `pages` (its global context's), compiled once for that object: it is the same object from
 * request to request, and a new one in development when a page changes.
 */
export function routesOf(pages: object): readonly CompiledRoute[] {
  if (compiled?.pages !== pages) compiled = { pages, routes: compileRoutes(pages) };
  return compiled.routes;
}

/** The page and its parameters when exactly one route matches `pathname`; null otherwise (Vike decides). */
export function matchRoute(
  routes: readonly CompiledRoute[],
  pathname: string,
): { pageId: string; routeParams: Record<string, string> } | null {
  let found: { route: CompiledRoute; match: RegExpExecArray } | null = null;
  for (const route of routes) {
    const match = route.regex.exec(pathname);
    if (!match) continue;
    if (found) return null;
    found = { route, match };
  }
  if (!found) return null;
  const routeParams: Record<string, string> = {};
  found.route.params.forEach((name, i) => {
    if (name) routeParams[name] = found.match[i + 1];
  });
  return { pageId: found.route.pageId, routeParams };
}
