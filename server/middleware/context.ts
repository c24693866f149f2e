// Builds req.ctx (EntityManager fork, actor, logger) and the signed-in account of the session (read with it by the store).
import type { RequestHandler } from 'express';
import type { Services } from '#src/root';
import { GUEST, type Ctx, type UserActor } from '#src/lib/context';
import { ForbiddenError, UnauthorizedError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';
import type { CurrentUser } from '#src/modules/users/users.schemas';

declare module 'express-session' {
  interface SessionData {
    userId?: number;
    /** The device of the sign-in on either door (from its User-Agent), its time and the last use (ISO instants). */
    device?: string;
    signedInAt?: string;
    lastSeenAt?: string;
    /** A brand portal session (the brand member's id); never a marketplace user, never an administrator. */
    brandMemberId?: number;
    /** One-shot flags that allow completion pages once (server/completion.ts). */
    flags?: Record<string, boolean>;
  }
}

declare global {
  namespace Express {
    interface Request {
      ctx: Ctx;
      /** The signed-in marketplace user (also req.ctx.actor), or null. */
      actor: UserActor | null;
      /** The signed-in user as GET /api/v1/me shows it (read with the actor, one statement), or null. */
      currentUser: CurrentUser | null;
    }
  }
}

/** How stale the session's "last seen" may get before a request refreshes it (one session write per interval). */
const LAST_SEEN_REFRESH_MS = 5 * 60 * 1000;

/** Marks the session as used now when its last use is older than the interval (both account pages show it). */
function noteLastSeen(session: { lastSeenAt?: string }): void {
  const last = session.lastSeenAt ? Date.parse(session.lastSeenAt) : Number.NaN;
  if (Number.isNaN(last) || Date.now() - last > LAST_SEEN_REFRESH_MS) session.lastSeenAt = new Date().toISOString();
}

/** The brand portal's pages and calls: `/brand` and everything under `/brand/` (not the public `/brands` pages). */
function isBrandPortalPath(path: string): boolean {
  return path === '/brand' || path.startsWith('/brand/');
}

/**
 * The actor of a request: under /brand (the portal's pages and /brand/api) only the brand portal session
 * (session.brandMemberId); everywhere else only the marketplace session (session.userId). A marketplace ADMIN is
 * a guest in the portal, and a brand member is a guest in the marketplace.
 */
export function contextMiddleware(services: Services): RequestHandler {
  return async (req, _res, next) => {
    req.ctx = services.context(GUEST, () => req.log);
    req.actor = null;
    req.currentUser = null;
    if (isBrandPortalPath(req.path)) {
      // req.actor stays null: the marketplace middlewares (requireUser/requireAdmin) never see a brand member.
      const memberId = req.session?.brandMemberId;
      if (memberId) {
        // Read with the session by the store when it loaded this session (as the user below), else by itself.
        const read = req.sessionMember;
        const member =
          read !== undefined && (read === null || read.id === memberId)
            ? read
            : await services.brandMembers.findActor(req.ctx, { id: memberId });
        if (member) {
          req.ctx.actor = member;
          noteLastSeen(req.session);
        } else {
          delete req.session.brandMemberId;
        }
      }
      return next();
    }
    const userId = req.session?.userId;
    if (userId) {
      // Read with the session by the store (server/session-store.ts) when it loaded this session; otherwise (a session
      // changed during this request) one statement of its own.
      const row = req.sessionUser;
      const found =
        row !== undefined && (row === null || row.id === userId)
          ? row && services.users.signedInUser(row)
          : await services.users.findSession(req.ctx, { id: userId });
      if (found) {
        req.actor = found.actor;
        req.ctx.actor = found.actor;
        req.currentUser = found.current;
        noteLastSeen(req.session);
      } else {
        delete req.session.userId;
      }
    }
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.actor) throw new UnauthorizedError(ja.errors.unauthorized);
  next();
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.actor) throw new UnauthorizedError(ja.errors.unauthorized);
  if (req.actor.role !== 'ADMIN') throw new ForbiddenError(ja.errors.adminOnly);
  next();
};
