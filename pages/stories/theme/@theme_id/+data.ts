// https://vike.dev/data
import type { PageContextServer } from 'vike/types';
import { loadStories } from '#pages/stories/list-data';

export const data = (pageContext: PageContextServer) => loadStories(pageContext, { theme_id: pageContext.routeParams.theme_id ?? '' });
export type Data = Awaited<ReturnType<typeof data>>;
