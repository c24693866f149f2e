// https://vike.dev/data — /brand/invitation?email=…&invitation_token=…: whether the link can still be used (the
// invitation service's check: unused, not expired, the address matches). An invalid link is a page, never a 500.
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  const { services, ctx, urlParsed } = pageContext;
  const email = urlParsed.search.email ?? '';
  const token = urlParsed.search.invitation_token ?? '';
  try {
    const member = await services.brandMembers.checkInvitation(ctx, { email, invitation_token: token });
    return { valid: true as const, email: member.email, token };
  } catch (error) {
    if ((error as { status?: number }).status === 422) return { valid: false as const, email: '', token: '' };
    throw error;
  }
}

export type Data = Awaited<ReturnType<typeof data>>;
