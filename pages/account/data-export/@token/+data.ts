// https://vike.dev/data — /account/data-export/{token} (the mailed link of a data copy): where the two files are
// downloaded. A token that is not the signed-in user's, unknown or expired shows the page's own message.
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  try {
    return { link: await services.dataExports.link(ctx, { token: pageContext.routeParams.token ?? '' }) };
  } catch (error) {
    // By status, not class: the page bundle and the services may hold different copies of the error classes.
    if ((error as { status?: number })?.status === 404) return { link: null };
    throw error;
  }
}

export type Data = Awaited<ReturnType<typeof data>>;
