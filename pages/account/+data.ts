// https://vike.dev/data — /account (設定): the same service calls as GET /api/v1/account and /api/v1/account/sessions.
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  const { services, ctx, currentSession } = pageContext;
  const [account, sessions] = await Promise.all([services.account.get(ctx, {}), services.account.sessions(ctx, currentSession)]);
  return { account, sessions: sessions.sessions };
}

export type Data = Awaited<ReturnType<typeof data>>;
