// https://vike.dev/data — /email_verification?token=…: whether the sign-up link can still be used (the rule the
// verification applies again when the button is pressed).
import type { PageContextServer } from 'vike/types';
import { passesCheck } from '#src/lib/isomorphic/page-helpers';

export async function data(pageContext: PageContextServer) {
  const { services, ctx, urlParsed } = pageContext;
  const token = urlParsed.search.token ?? '';
  const valid = await passesCheck(() => services.emailVerification.check(ctx, { token }));
  return { valid, token: valid ? token : '' };
}

export type Data = Awaited<ReturnType<typeof data>>;
