// https://vike.dev/data: /brand/sign_out signs out on load only when the portal itself led here (the header's
// ログアウト link: `Sec-Fetch-Site: same-origin`). Any other arrival (another site, a typed URL or bookmark, a link
// opened from a mail app, a browser that does not say) gets a sign-out button instead, so a link elsewhere cannot
// end a member's session (docs/decisions/sessions.md). Nobody signed in: straight to the sign-in page.
import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';

export function data(pageContext: PageContextServer) {
  if (pageContext.ctx.actor.kind !== 'brandMember') throw redirect('/brand/sign_in');
  return { confirm: pageContext.headers?.['sec-fetch-site'] !== 'same-origin' };
}

export type Data = ReturnType<typeof data>;
