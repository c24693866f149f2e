// https://vike.dev/data — /brand/members: the brand's members (self marked).
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';

export function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  return memberPage(pageContext, () => services.brandMembers.listOwnBrand(ctx, {}));
}

export type Data = Awaited<ReturnType<typeof data>>;
