// What every service call receives: its own EntityManager fork, who is acting, and a logger.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from './logger';
import type { UserRole } from '#src/modules/users/users.schemas';

export interface Actor {
  id: number;
  name: string;
  email: string;
  role: UserRole;
}

export interface Ctx {
  em: EntityManager;
  actor: Actor | null;
  log: Logger;
}
