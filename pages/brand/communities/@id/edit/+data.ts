import type { PageContextServer } from 'vike/types';
import { communityPage } from '#pages/brand/communities/community-data';

export const data = (pageContext: PageContextServer) => communityPage(pageContext);
export type Data = Awaited<ReturnType<typeof data>>;
