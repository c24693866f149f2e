// Types of what the server puts into the page context (server/vike.ts). Types only: pages never import services.
import type { Services } from '#src/services';
import type { Ctx } from '#src/lib/context';
import type { CurrentUser } from '#src/modules/users/users.schemas';

declare global {
  namespace Vike {
    interface PageContext {
      user: CurrentUser | null;
      /** Server only (not passed to the client). */
      /** True once after the API set this completion flag (server/completion.ts); consumes it. */
      consumeCompletion: (key: string) => boolean;
      services: Services;
      ctx: Ctx;
    }
  }
}
