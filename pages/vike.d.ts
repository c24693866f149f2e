// Types of what the server puts into the page context (server/vike.ts). Types only: pages never import services.
import type { Services } from '#src/root';
import type { Ctx } from '#src/lib/context';
import type { CurrentUser } from '#src/modules/users/users.schemas';

declare global {
  namespace Vike {
    interface PageContext {
      user: CurrentUser | null;
      flags: Record<string, boolean>;
      /** Server only (not passed to the client). */
      services: Services;
      ctx: Ctx;
    }
  }
}
