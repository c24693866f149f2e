// https://vike.dev/guard — applying needs an account; signed-out visitors sign in and come back.
import type { PageContextServer } from 'vike/types';
import { requireSignedIn } from '#src/lib/isomorphic/page-helpers';

export function guard(pageContext: PageContextServer) {
  requireSignedIn(pageContext);
}
