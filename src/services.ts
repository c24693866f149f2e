// One cached set of services for the server, the CLI and the tests (ARCHITECTURE.md "Style").
// Each service function takes (ctx, input) and validates the input itself.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from './lib/env';
import type { Logger } from './lib/logger';
import type { Actor, Ctx } from './lib/context';
import * as users from './modules/users/users.service';

export interface ServiceDeps {
  orm: MikroORM;
  env: Env;
  log: Logger;
}

function build(deps: ServiceDeps) {
  return {
    ...deps,
    /** A context with its own EntityManager fork: one per request, per command, per job. */
    context(actor: Actor | null, log: Logger = deps.log): Ctx {
      return { em: deps.orm.em.fork(), actor, log };
    },
    users,
  };
}

export type Services = ReturnType<typeof build>;

const cache = new WeakMap<MikroORM, Services>();

export function createServices(deps: ServiceDeps): Services {
  let services = cache.get(deps.orm);
  if (!services) {
    services = build(deps);
    cache.set(deps.orm, services);
  }
  return services;
}
