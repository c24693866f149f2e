// https://vike.dev/guard — the guest's reservations need a signed-in guest; others go to /logon and come back.
import type { PageContextServer } from 'vike/types';
import { requireSignedIn } from '#src/lib/isomorphic/page-helpers';

export function guard(pageContext: PageContextServer) {
  requireSignedIn(pageContext);
}
