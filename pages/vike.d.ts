// Types of what the server puts into the page context (server/vike.ts). Types only: a .d.ts has no run-time code,
// which is why this one file may name server-only types (biome.jsonc exempts **/*.d.ts from the import boundaries).
import type { Services } from '#src/root';
import type { Ctx } from '#src/lib/context';
import type { CurrentUser } from '#src/modules/users/users.schemas';

declare global {
  namespace Vike {
    /** On the server and in the browser: `passToClient` in pages/+config.ts sends these. */
    interface PageContext {
      user: CurrentUser | null;
    }
    /** Server only: +data and +guard hooks (PageContextServer) see these; client code (PageContextClient) cannot. */
    interface PageContextServer {
      /** True once after the API set this completion flag (server/completion.ts); consumes it. */
      consumeCompletion: (key: string) => boolean;
      services: Services;
      ctx: Ctx;
      /** The request's own session (the account page's sessions list marks it; never sent to the browser). */
      currentSession: { current_session_id: string; current_device: string | null };
    }
  }
}
