// The pages whose data server/vike.ts reads before Vike's render (server/read-ahead.ts), by Vike's page id (the
// page's folder). While a request waits for PostgreSQL, whatever it has built so far stays alive; read before the
// render, that is the request and its context, not Vike's page context and everything made with it (under load, what
// survives two young-generation collections is copied into the old generation, docs/performance-log.md). Each page
// here takes the result with readAheadOr in its hook, which reads for itself when no result was made for it.
import type { PageRead } from '#src/lib/isomorphic/read-ahead';
import { readStoryPage } from '#pages/stories/@id/index/story-read';

export const readsAhead: Readonly<Record<string, PageRead<unknown>>> = {
  '/pages/stories/@id/index': readStoryPage,
};
