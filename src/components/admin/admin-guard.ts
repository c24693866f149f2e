// Guards of the administrator area (https://vike.dev/guard): signed out → /logon and back afterwards;
// signed in without ADMIN → the Japanese 403 page (pages/_error). The API enforces the same rule on every call.
import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import * as ja from '#src/i18n/ja';
import { logonUrl } from '#src/lib/isomorphic/api-client';
import { pagePath, routeId } from '#src/lib/isomorphic/page-helpers';

export function requireAdminPage(pageContext: PageContextServer): void {
  const { user } = pageContext;
  if (!user) throw redirect(logonUrl(pagePath(pageContext)));
  if (user.access_control !== 'ADMIN') throw render(403, ja.adminPages.forbiddenBody);
}

/** The same, for a page under /{id}/: a malformed id is the 404 page. */
export function requireAdminPageWithId(pageContext: PageContextServer): void {
  requireAdminPage(pageContext);
  routeId(pageContext);
}
