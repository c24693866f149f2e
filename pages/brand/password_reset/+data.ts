// https://vike.dev/data — /brand/password_reset?reset_password_token=…: whether the mailed link can still be used,
// checked before the page asks for a new password (brandMembers.checkResetToken, the rule the reset itself applies
// again). An unknown, used or expired link is a page that says so, never a 500.
import type { PageContextServer } from 'vike/types';
import { passesCheck } from '#src/lib/isomorphic/page-helpers';

export async function data(pageContext: PageContextServer) {
  const { services, ctx, urlParsed } = pageContext;
  const token = urlParsed.search.reset_password_token ?? '';
  const valid = await passesCheck(() => services.brandMembers.checkResetToken(ctx, { reset_password_token: token }));
  return { valid, token: valid ? token : '' };
}

export type Data = Awaited<ReturnType<typeof data>>;
