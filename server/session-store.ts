// The session store: connect-pg-simple's rows (`session`), whose read of a request's session also reads the
// marketplace user its `userId` names, in one statement (accounts/account-sessions.ts `readSessionWithUser`), so a
// signed-in request makes one round trip to PostgreSQL before its own work instead of two. The context middleware
// (server/middleware/context.ts) takes the user from `req.sessionUser` and still applies every rule to it: only
// outside the portal, only for the `userId` the session holds, no account when the row names none. Writes (a new
// session, a changed one, a sign-out) are connect-pg-simple's own. Reads and writes both run on the store's own pool.
import type { Request } from 'express';
import session, { type SessionData } from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type pg from 'pg';
import type { PoolReader } from '#src/lib/read-sql';
import { readSessionWithUser } from '#src/modules/accounts/account-sessions';
import type { SessionUserRow } from '#src/modules/users/users.repository';

declare global {
  namespace Express {
    interface Request {
      /**
       * The user the loaded session's `userId` named when the store read it (null: no such account, or none named);
       * undefined when no session was read from the store (no cookie, a new session).
       */
      sessionUser?: SessionUserRow | null;
    }
  }
}

/** Where the store's read leaves the user on the data it hands to express-session: a symbol, never saved or hashed. */
const USER = Symbol('sessionUser');

type StoredSession = SessionData & { [USER]?: SessionUserRow | null };

export function createSessionStore(options: { pool: pg.Pool; config: PoolReader['config']; prune: boolean }): session.Store {
  const reader: PoolReader = { pool: options.pool, config: options.config };
  const PgStore = connectPgSimple(session);
  class SessionStore extends PgStore {
    override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
      readSessionWithUser(reader, sid).then(
        (found) => {
          if (!found) return process.nextTick(callback, null, null);
          const data = found.sess as unknown as StoredSession;
          // Not enumerable and a symbol: express-session neither copies it into req.session nor hashes or saves it.
          Object.defineProperty(data, USER, { value: found.user, enumerable: false });
          process.nextTick(callback, null, data);
        },
        (error: unknown) => process.nextTick(callback, error),
      );
    }

    override createSession(req: Request, data: SessionData): session.Session & SessionData {
      req.sessionUser = (data as StoredSession)[USER] ?? null;
      return super.createSession(req, data);
    }
  }
  return new SessionStore({
    pool: options.pool,
    tableName: 'session',
    createTableIfMissing: false,
    pruneSessionInterval: options.prune ? 900 : false,
    // The cookie is not rolling (its expiry is fixed at sign-in), so refreshing the row's expiry on every signed-in
    // request was an UPDATE per request that changed nothing a browser could use.
    disableTouch: true,
  });
}
