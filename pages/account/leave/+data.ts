// https://vike.dev/data — /account/leave (退会の手続き): the same call as GET /api/v1/account/leave.
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  return services.leaving.preview(ctx, {});
}

export type Data = Awaited<ReturnType<typeof data>>;
