// https://vike.dev/data — unguarded completion page; the portal frame when a member is signed in.
import type { PageContextServer } from 'vike/types';
import { optionalMember } from '#pages/brand/optional-member';

export function data(pageContext: PageContextServer) {
  return optionalMember(pageContext, async () => ({}));
}
