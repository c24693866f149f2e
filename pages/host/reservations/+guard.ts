// https://vike.dev/guard — the host's bookings are personal: signed-out visitors go to /logon and come back.
import type { PageContextServer } from 'vike/types';
import { requireSignedIn } from '#src/lib/isomorphic/page-helpers';

export function guard(pageContext: PageContextServer) {
  requireSignedIn(pageContext);
}
