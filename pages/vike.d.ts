// Types of what the server puts into the page context (server/vike.ts). Types only: a .d.ts has no run-time code,
// which is why this one file may name server-only types (biome.jsonc exempts **/*.d.ts from the import boundaries).
import type { Services } from '#src/root';
import type { Ctx } from '#src/lib/context';
import type { CurrentUser } from '#src/modules/users/users.schemas';
import type { ReadAhead } from '#src/lib/isomorphic/read-ahead';

declare global {
  namespace Vike {
    /** On the server and in the browser: `passToClient` in pages/+config.ts sends these. */
    interface PageContext {
      user: CurrentUser | null;
    }
    /** Server only: +data and +guard hooks (PageContextServer) see these; client code (PageContextClient) cannot. */
    interface PageContextServer {
      services: Services;
      ctx: Ctx;
      /** What the server passes of the request itself (never sent to the browser). */
      request: {
        /** True once after the API set this completion flag (server/completion.ts); consumes it. */
        consumeCompletion: (key: string) => boolean;
        /** The request's own session (the account page's sessions list marks it). */
        currentSession: { current_session_id: string; current_device: string | null };
        /** The page's data when it was read before the render (server/read-ahead.ts; taken with readAheadOr). */
        readAhead: ReadAhead | undefined;
        /**
         * Answers the rendered page with this status instead of 200: a page that refuses its URL's input still shows
         * why (its messages and its form), as a 4xx, as the API answers bad input.
         */
        answerWith: (status: 400 | 404 | 409 | 422) => void;
        /**
         * Keeps the page's HTML from React's render for the answer, out of the document Vike assembles
         * (pages/+onAfterRenderHtml.ts); server/vike.ts writes it in when the page is sent.
         */
        keepPageHtml: (html: string) => void;
      };
    }
  }
}
