// The session store: connect-pg-simple's rows (`session`), whose read of a request's session also reads the
// marketplace user its `userId` names and the portal member its `brandMemberId` names, in one statement
// (accounts/account-sessions.ts `readSessionWithAccounts`), so a signed-in request on either door makes one round trip
// to PostgreSQL before its own work instead of two. The context middleware (server/middleware/context.ts) takes them
// from `req.sessionUser` and `req.sessionMember` and still applies every rule: each door only its own account, only
// the id the session holds, no account when the row names none. Writes (a new
// session, a changed one, a sign-out) are connect-pg-simple's own. Reads and writes both run on the store's own pool.
import type { Request } from 'express';
import session, { type SessionData } from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type pg from 'pg';
import type { PoolReader } from '#src/lib/read-sql';
import type { BrandMemberActor } from '#src/lib/context';
import { readSessionWithAccounts } from '#src/modules/accounts/account-sessions';
import type { SessionUserRow } from '#src/modules/users/users.repository';

declare global {
  namespace Express {
    interface Request {
      /**
       * The user the loaded session's `userId` named when the store read it (null: no such account, or none named);
       * undefined when no session was read from the store (no cookie, a new session).
       */
      sessionUser?: SessionUserRow | null;
      /** The same for the portal member the session's `brandMemberId` named (only one who may be signed in). */
      sessionMember?: BrandMemberActor | null;
    }
  }
}

/** Where the store's read leaves the accounts on the data it hands to express-session: symbols, never saved or hashed. */
const USER = Symbol('sessionUser');
const MEMBER = Symbol('sessionMember');

type StoredSession = SessionData & { [USER]?: SessionUserRow | null; [MEMBER]?: BrandMemberActor | null };

export function createSessionStore(options: { pool: pg.Pool; config: PoolReader['config']; prune: boolean }): session.Store {
  const reader: PoolReader = { pool: options.pool, config: options.config };
  const PgStore = connectPgSimple(session);
  class SessionStore extends PgStore {
    override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
      readSessionWithAccounts(reader, sid).then(
        (found) => {
          if (!found) return process.nextTick(callback, null, null);
          const data = found.sess as unknown as StoredSession;
          // Not enumerable and symbols: express-session neither copies them into req.session nor hashes or saves them.
          Object.defineProperty(data, USER, { value: found.user, enumerable: false });
          Object.defineProperty(data, MEMBER, { value: found.member, enumerable: false });
          process.nextTick(callback, null, data);
        },
        (error: unknown) => process.nextTick(callback, error),
      );
    }

    override createSession(req: Request, data: SessionData): session.Session & SessionData {
      req.sessionUser = (data as StoredSession)[USER] ?? null;
      req.sessionMember = (data as StoredSession)[MEMBER] ?? null;
      return super.createSession(req, data);
    }
  }
  const store = new SessionStore({
    pool: options.pool,
    tableName: 'session',
    createTableIfMissing: false,
    pruneSessionInterval: options.prune ? 900 : false,
    // The cookie is not rolling: its expiry moves only when the session is written (express-session resets it before
    // a save), which is at most once per 5 minutes of use (the last-seen refresh, server/middleware/context.ts). A
    // touch per request would be an UPDATE per request moving the row's expiry ahead of the browser's cookie.
    disableTouch: true,
  });
  // Without a touch at all: express-session then ends an unchanged session's response at once, instead of calling
  // the store's (empty) touch after checking once more whether the session changed, on every signed-in request.
  // express-session decides this once, from whether the store has a touch function.
  Object.defineProperty(store, 'touch', { value: undefined });
  return store;
}
