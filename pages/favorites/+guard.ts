// https://vike.dev/guard — お気に入り is the signed-in guest's own list; others go to /logon and come back.
import type { PageContextServer } from 'vike/types';
import { requireSignedIn } from '#src/lib/isomorphic/page-helpers';

export function guard(pageContext: PageContextServer) {
  requireSignedIn(pageContext);
}
