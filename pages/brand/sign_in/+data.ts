// https://vike.dev/data — a member who is already signed in goes straight to where they wanted to go.
import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { brandReturnPath } from '#src/components/brand/brand-paths';

export function data(pageContext: PageContextServer) {
  if (pageContext.ctx.actor.kind === 'brandMember') throw redirect(brandReturnPath(pageContext.urlParsed.search.redirect));
  return {};
}
