// https://vike.dev/data — /stories/location/{state}: the prefecture's name (the API's `state`) or its id.
import type { PageContextServer } from 'vike/types';
import { loadStories } from '#pages/stories/list-data';

export const data = (pageContext: PageContextServer) => loadStories(pageContext, { state: pageContext.routeParams.state ?? '' });
export type Data = Awaited<ReturnType<typeof data>>;
