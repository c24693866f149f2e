// https://vike.dev/data — /email_change/confirm?token=…: what the confirmation link would change (emailChanges.checkLink,
// the rule the confirmation applies again); an unknown, used, expired or undo link is a page that says so.
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
  return link?.action === 'confirm' ? { token, newEmail: link.new_email } : { token: '', newEmail: null };
}

export type Data = Awaited<ReturnType<typeof data>>;
