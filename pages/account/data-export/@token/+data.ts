// https://vike.dev/data — /account/data-export/{token} (the mailed link of a data copy): where the two files are
// downloaded. A token that is not the signed-in user's, unknown or expired shows the page's own message.
import type { PageContextServer } from 'vike/types';
import { NotFoundError } from '#src/lib/errors';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  try {
    return { link: await services.dataExports.link(ctx, { token: pageContext.routeParams.token ?? '' }) };
  } catch (error) {
    if (error instanceof NotFoundError) return { link: null };
    throw error;
  }
}

export type Data = Awaited<ReturnType<typeof data>>;
