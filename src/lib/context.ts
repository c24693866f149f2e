// What every service call receives: its own EntityManager fork, who is acting, and a logger
// (ARCHITECTURE.md "One service shape"). Who is acting is always stated, never implied by null:
//  - guest:       nobody is signed in (public pages and API calls without a session);
//  - user:        a marketplace account (USER, HOST or ADMIN) signed in through /logon;
//  - brandMember: a brand portal account signed in through /brand/sign_in (never a marketplace user);
//  - operator:    the operator's shell (the CLI); trusted like an administrator, recorded as such in logs and audits.
import { userInfo } from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from './logger';
import type { SqlReader } from './read-sql';
import type { UserRole } from '#src/modules/users/users.schemas';
import { ForbiddenError, UnauthorizedError } from './isomorphic/errors';
import * as ja from '#src/i18n/ja';

export interface GuestActor {
  kind: 'guest';
}

export interface UserActor {
  kind: 'user';
  id: number;
  name: string;
  email: string;
  role: UserRole;
}

export interface BrandMemberActor {
  kind: 'brandMember';
  id: number;
  email: string;
  brandId: number;
}

export interface OperatorActor {
  kind: 'operator';
  /** Who ran the command, for logs and the audit trail (the shell's user name). */
  name: string;
}

export type Actor = GuestActor | UserActor | BrandMemberActor | OperatorActor;

export const GUEST: GuestActor = Object.freeze({ kind: 'guest' });

/**
 * What a service call receives: an EntityManager, the page-shaped reads, who is acting and a logger.
 *
 * `services.context()` (src/root.ts) makes one per request, command or job with the EntityManager fork made when `em`
 * is first read, so a request that never touches the ORM (a cached page, an asset, a 404, a search) does not pay for
 * one, and the logger when `log` is first read (a request's child logger, server/middleware/request-log.ts).
 *
 * A class, not an object literal with getters: a literal's getters are new functions on every call, held by accessor
 * records that V8 allocates in the old generation, and whatever they reach (the request, through the logger's
 * function) then survived every minor collection until the next full one. A class keeps its getters on its prototype.
 * Its private fields also make `{ ...ctx, em }` a compile error (a spread copies own fields only, so it would drop
 * `em`'s and `log`'s getters and with them the logger): `withEm` is the one way to move a context into a transaction.
 */
export class Ctx<A extends Actor = Actor> {
  /** The EntityManager, or the function that makes it until `em` is first read. */
  #em: EntityManager | (() => EntityManager);
  /** The logger, or the function that makes it until `log` is first read. */
  #log: Logger | (() => Logger);

  constructor(
    em: EntityManager | (() => EntityManager),
    /** The ORM's pool and logger for the page-shaped reads (src/lib/read-sql.ts), without forking an EntityManager. */
    readonly sql: SqlReader,
    /** Who is acting; a sign-in or sign-up during the request sets it to the new account. */
    public actor: A,
    log: Logger | (() => Logger),
  ) {
    this.#em = em;
    this.#log = log;
  }

  get em(): EntityManager {
    if (typeof this.#em === 'function') this.#em = this.#em();
    return this.#em;
  }

  get log(): Logger {
    if (typeof this.#log === 'function') this.#log = this.#log();
    return this.#log;
  }
}

/** The same context on another EntityManager (a transaction's): the actor, the reads and the logger are kept. */
export function withEm<A extends Actor>(ctx: Ctx<A>, em: EntityManager): Ctx<A> {
  return new Ctx(em, ctx.sql, ctx.actor, ctx.log);
}

/** The signed-in marketplace user, or null (guests, brand members and the operator are not users). */
export function userOf(ctx: Ctx): UserActor | null {
  return ctx.actor.kind === 'user' ? ctx.actor : null;
}

/** The signed-in marketplace user; 401 otherwise. */
export function requireUser(ctx: Ctx): UserActor {
  const user = userOf(ctx);
  if (!user) throw new UnauthorizedError(ja.errors.unauthorized);
  return user;
}

/** True for an ADMIN user and for the operator's shell. A brand member is never an administrator. */
export function isAdmin(ctx: Ctx): boolean {
  return ctx.actor.kind === 'operator' || (ctx.actor.kind === 'user' && ctx.actor.role === 'ADMIN');
}

/** An ADMIN user or the operator: 401 when nobody is signed in, 403 for everyone else. */
export function requireAdmin(ctx: Ctx): UserActor | OperatorActor {
  if (ctx.actor.kind === 'guest') throw new UnauthorizedError(ja.errors.unauthorized);
  if (!isAdmin(ctx)) throw new ForbiddenError(ja.errors.adminOnly);
  return ctx.actor as UserActor | OperatorActor;
}

/** The signed-in brand member (portal session); 401 otherwise. */
export function requireBrandMember(ctx: Ctx): BrandMemberActor {
  if (ctx.actor.kind !== 'brandMember') throw new UnauthorizedError(ja.errors.unauthorized);
  return ctx.actor;
}

/** A label for logs and the audit trail: `user:12`, `brandMember:3`, `operator:alice`, `guest`. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'guest':
      return 'guest';
    case 'operator':
      return `operator:${actor.name}`;
    default:
      return `${actor.kind}:${actor.id}`;
  }
}

/**
 * The OS user who runs the CLI: USER or LOGNAME when the shell sets them, else the account the process runs as
 * (containers, cron and `sudo -i` often leave both unset). `operator` only when the system knows no name for it.
 */
export function osUserName(): string {
  const fromShell = process.env.USER?.trim() || process.env.LOGNAME?.trim();
  if (fromShell) return fromShell;
  try {
    return userInfo().username || 'operator';
  } catch {
    // No passwd entry for the uid (an arbitrary uid in a container).
    return 'operator';
  }
}

/** The operator's shell, named after the OS user who runs the CLI. */
export function operator(name = osUserName()): OperatorActor {
  return { kind: 'operator', name };
}
