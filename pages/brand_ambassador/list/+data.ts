// https://vike.dev/data
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const [brands, ambassadors] = await Promise.all([
    services.brands.listWithCommunities(ctx),
    services.ambassadors.listWithCommunities(ctx),
  ]);
  return { brands, ambassadors };
}

export type Data = Awaited<ReturnType<typeof data>>;
