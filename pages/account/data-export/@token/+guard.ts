// https://vike.dev/guard — this account page needs a signed-in user; others go to /logon and come back.
import type { PageContextServer } from 'vike/types';
import { requireSignedIn } from '#src/lib/isomorphic/page-helpers';

export function guard(pageContext: PageContextServer) {
  requireSignedIn(pageContext);
}
