// https://vike.dev/data — the completion text needs the one-shot flag set by a publication request
// (server/api/v1/experiences-host.routes.ts), consumed here; without it the page says the session expired.
import type { PageContextServer } from 'vike/types';
import { HOST_STORY_COMPLETE_FLAG } from '#src/modules/experiences/experiences.host.schemas';

export function data(pageContext: PageContextServer) {
  return { completed: pageContext.request.consumeCompletion(HOST_STORY_COMPLETE_FLAG) };
}

export type Data = ReturnType<typeof data>;
