// https://vike.dev/data — /account (設定): the same service calls as GET /api/v1/account, /api/v1/account/email,
// /api/v1/account/sessions and /api/v1/account/data-exports.
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  const { services, ctx, request } = pageContext;
  const [account, email, sessions, dataExport] = await Promise.all([
    services.account.get(ctx, {}),
    services.emailChanges.status(ctx, {}),
    services.account.sessions(ctx, request.currentSession),
    services.dataExports.latest(ctx, {}),
  ]);
  return { account, email, sessions: sessions.sessions, dataExport: dataExport.data_export };
}

export type Data = Awaited<ReturnType<typeof data>>;
