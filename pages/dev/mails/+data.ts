// https://vike.dev/data — the development mailbox: mails kept in the outbox when SMTP_URL is unset. Never in
// production (404), so guests' mails are not readable on a live site.
import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  if (services.env.NODE_ENV === 'production') throw render(404);
  return { mails: await services.mail.mailbox(ctx, { limit: 100 }), transport: services.mail.transportKind };
}

export type Data = Awaited<ReturnType<typeof data>>;
