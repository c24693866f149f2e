// https://vike.dev/onBeforeRoute — routing with the route table compiled once.
//
// Vike's own router parses every page's Route String and builds a new regular expression for each page on every
// request (docs/decisions/routing.md: measured, and the fix proposed to Vike; this hook goes when Vike has it). This
// hook compiles the same routes once and answers only when exactly one route matches; with several matches
// (precedence) or none (404) it returns nothing and Vike's router decides, so the result is always the page Vike would
// have picked.
import type { PageContext } from 'vike/types';
import { matchRoute, routesOf } from '#src/lib/isomorphic/route-table';

export function onBeforeRoute(pageContext: PageContext) {
  const pages = pageContext.globalContext?.pages;
  if (!pages) return undefined;
  const match = matchRoute(routesOf(pages), pageContext.urlPathname);
  return match ? { pageContext: match } : undefined;
}
