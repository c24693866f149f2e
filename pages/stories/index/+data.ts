// https://vike.dev/data
import type { PageContextServer } from 'vike/types';
import { loadStories } from '#pages/stories/list-data';

export const data = (pageContext: PageContextServer) => loadStories(pageContext, {});
export type Data = Awaited<ReturnType<typeof data>>;
