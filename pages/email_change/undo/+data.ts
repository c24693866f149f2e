// https://vike.dev/data — /email_change/undo?token=…: what the undo link would do now (cancel a pending change, or
// restore the old address within 7 days of the change); an unknown, used or expired link is a page that says so.
import type { PageContextServer } from 'vike/types';
import type { EmailChangeLinkJson } from '#src/modules/email-changes/email-changes.schemas';

export async function data(pageContext: PageContextServer) {
  const { services, ctx, urlParsed } = pageContext;
  const token = urlParsed.search.token ?? '';
  let link: EmailChangeLinkJson | null = null;
  try {
    link = await services.emailChanges.checkLink(ctx, { token });
  } catch (error) {
    if ((error as { status?: number })?.status !== 422) throw error;
  }
  return link && link.action !== 'confirm' ? { token, link } : { token: '', link: null };
}

export type Data = Awaited<ReturnType<typeof data>>;
