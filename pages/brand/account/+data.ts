// https://vike.dev/data — /brand/account: the member (the portal frame), the address with its pending change (the
// same call as GET /brand/api/v1/brand-members/email) and the places the member is signed in to the portal (the same
// call as GET /brand/api/v1/account/sessions).
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';

export function data(pageContext: PageContextServer) {
  const { services, ctx, request } = pageContext;
  return memberPage(pageContext, async () => {
    const [email, sessions] = await Promise.all([
      services.emailChanges.status(ctx, {}),
      services.brandAccount.sessions(ctx, request.currentSession),
    ]);
    return { email, sessions: sessions.sessions };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
