// Helpers for +guard.ts and +data.ts hooks (https://vike.dev/guard, https://vike.dev/data).
import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { logonUrl } from './api-client';
import { parseId } from './ids';

/** The page's own path and query, to come back to after signing in (every page is a full load: server routing). */
export function pagePath(pageContext: PageContextServer): string {
  const { pathname, searchOriginal } = pageContext.urlParsed;
  return `${pathname}${searchOriginal ?? ''}`;
}

/** Signed-out visitors go to /logon and come back afterwards. */
export function requireSignedIn(pageContext: PageContextServer): void {
  if (!pageContext.user) throw redirect(logonUrl(pagePath(pageContext)));
}

/**
 * Runs a service call for a page; a 404/403 from the service becomes the Japanese 404 page
 * (403 is shown as 404 so a page does not reveal that a private resource exists).
 */
export async function loadOr404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const status = (error as { status?: number })?.status;
    if (status === 404 || status === 403) throw render(404);
    throw error;
  }
}

/**
 * Runs a service's check of a link for a page (a mailed token): true when it passes, false when the service
 * refuses it with a 422; anything else is thrown as usual.
 */
export async function passesCheck(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    if ((error as { status?: number })?.status === 422) return false;
    throw error;
  }
}

/** Parses a route id; a malformed one is a 404 page. */
export function routeId(pageContext: Pick<PageContextServer, 'routeParams'>, name = 'id'): number {
  const id = parseId(pageContext.routeParams[name]);
  if (id === null) throw render(404);
  return id;
}

/**
 * The hearts of the cards a page shows: which of them the signed-in visitor has in お気に入り ([] signed out, without
 * a query). Only a signed-in render asks, and it is never shared, so the shared signed-out render has no hearts set.
 */
export async function favoriteIdsOf(pageContext: PageContextServer, experiences: readonly { id: number }[]): Promise<number[]> {
  if (!pageContext.user || experiences.length === 0) return [];
  return pageContext.services.favorites.idsAmong(pageContext.ctx, { ids: experiences.map((e) => e.id) });
}
