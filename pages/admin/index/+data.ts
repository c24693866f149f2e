// https://vike.dev/data — /admin: the dashboard's numbers, the same call as GET /api/v1/admin/dashboard (the area's
// +guard has already refused anyone but an ADMIN).
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  return { dashboard: await services.dashboards.admin(ctx, {}) };
}

export type Data = Awaited<ReturnType<typeof data>>;
