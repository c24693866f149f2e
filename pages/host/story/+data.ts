// https://vike.dev/data — both tabs are rendered on the server: drafts and the experiences awaiting publication
// or published (spec "Host listing"), each paged (24 cards a page) by its own URL parameter: ?drafts_page= and ?page=.
import type { PageContextServer } from 'vike/types';
import { pageFromSearch } from '#src/components/admin/AdminPagination';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const search = pageContext.urlParsed.search;
  // A malformed page shows the first; a page past the end (the last draft of the last page deleted) shows the last
  // (the lists' one rule, src/lib/paging.ts).
  const drafts = await services.experienceDrafts.list(ctx, { page: pageFromSearch(search.drafts_page) });
  const own = await services.experiencesHost.listOwn(ctx, { page: pageFromSearch(search.page) });
  // An experience sent back by the administrators and not saved since shows 差し戻し instead of 公開申請中.
  const rejections = await services.experienceApprovals.currentRejections(ctx, {
    ids: own.experiences.filter((e) => !e.approve).map((e) => e.id),
  });
  return {
    drafts: drafts.experience_drafts,
    draftsMeta: drafts.meta,
    experiences: own.experiences.map((e) => ({ ...e, rejected: rejections.has(e.id) })),
    experiencesMeta: own.meta,
    tab: search.tab === 'experiences' ? ('experiences' as const) : ('drafts' as const),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
