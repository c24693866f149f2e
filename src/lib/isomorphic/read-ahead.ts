// A page's read started before Vike's render (server/read-ahead.ts): what the hook finds in the page context, and
// how it takes it. Server-side only in use; kept here because the pages' hooks import it.
import type { PageContextServer } from 'vike/types';

/** What a page's read is given: the same fields the page context has, without the page context itself. */
export type PageReadArgs = Pick<PageContextServer, 'services' | 'ctx' | 'routeParams'>;

/** A page's read; its failures are thrown as the hook would throw them (Vike's `render(404)`, the busy 503). */
export type PageRead<T> = (args: PageReadArgs) => Promise<T>;

/** The read made before the render, for the page and parameters the route table picked, and how it ended. */
export interface ReadAhead {
  pageId: string;
  routeParams: Record<string, string>;
  outcome: { value: unknown } | { error: unknown };
}

function sameParams(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * The page's data: the read made ahead when it was made for this very page and parameters (its value, or its error
 * thrown here, so a 404 or the busy page takes the hook's one path), else the page's own read now (a path Vike's
 * router decided, or Vike decoded differently from the route table's raw path).
 */
export async function readAheadOr<T>(pageContext: PageContextServer, read: PageRead<T>): Promise<T> {
  const ahead = pageContext.request.readAhead;
  if (!ahead || ahead.pageId !== pageContext.pageId || !sameParams(ahead.routeParams, pageContext.routeParams)) {
    return read(pageContext);
  }
  if ('error' in ahead.outcome) throw ahead.outcome.error;
  return ahead.outcome.value as T;
}
