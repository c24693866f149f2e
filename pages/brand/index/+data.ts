// https://vike.dev/data — /brand: the brand's summary, and the first 4 members, communities and applications with
// the total of each; then the charts (GET /brand/api/v1/dashboard's numbers).
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';

const PREVIEW_ROWS = 4;

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  return memberPage(pageContext, async () => {
    const [members, communities, applications, dashboard] = await Promise.all([
      services.brandMembers.listOwnBrand(ctx, {}),
      services.communities.portalList(ctx, { page: '1' }),
      services.communities.portalApplications(ctx, { page: '1' }),
      services.dashboards.brand(ctx, {}),
    ]);
    return {
      members: { rows: members.members.slice(0, PREVIEW_ROWS), total: members.meta.total_count },
      communities: { rows: communities.communities.slice(0, PREVIEW_ROWS), total: communities.meta.total_count },
      applications: { rows: applications.community_applications.slice(0, PREVIEW_ROWS), total: applications.meta.total_count },
      dashboard,
    };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
