// https://vike.dev/data — /brand/account: the signed-in member's address and pending change (the same call as
// GET /brand/api/v1/brand-members/email).
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';

export function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  return memberPage(pageContext, async () => ({ email: await services.emailChanges.status(ctx, {}) }));
}

export type Data = Awaited<ReturnType<typeof data>>;
