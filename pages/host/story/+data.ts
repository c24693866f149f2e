// https://vike.dev/data — both tabs are rendered on the server: drafts and the experiences awaiting publication
// or published (spec "Host listing").
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const drafts = await services.experienceDrafts.list(ctx, {});
  const own = await services.experiencesHost.listOwn(ctx, {});
  return {
    drafts: drafts.experience_drafts,
    experiences: own.experiences,
    tab: pageContext.urlParsed.search.tab === 'experiences' ? ('experiences' as const) : ('drafts' as const),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
