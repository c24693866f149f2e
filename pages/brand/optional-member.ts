// https://vike.dev/data helper for the unguarded completion pages: the portal frame (header, navigation) and what
// the breadcrumbs need when a member is signed in; nothing otherwise (the page still shows).
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';

export async function optionalMember<T extends object>(
  pageContext: PageContextServer,
  load: () => Promise<T>,
): Promise<Partial<T> & { member?: Awaited<ReturnType<typeof memberPage>>['member'] }> {
  if (pageContext.ctx.actor.kind !== 'brandMember') return {};
  try {
    return await memberPage(pageContext, load);
  } catch {
    return {};
  }
}
