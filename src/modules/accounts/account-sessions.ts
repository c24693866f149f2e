// An account's sessions on either door: rows of `session` (connect-pg-simple), whose JSON names the account under its
// door's key (`userId` for the marketplace, `brandMemberId` for the brand portal), the device read from the User-Agent
// at sign-in, the sign-in time and the last use (refreshed at most every few minutes, server/middleware/context.ts).
// Server-only; the lists and the sign-outs run on the caller's EntityManager (inside its transaction), the read of a
// request's session on the session store's own pool (server/session-store.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import { SESSION_USER_COLUMNS, type SessionUserRow } from '#src/modules/users/users.repository';
import type { BrandMemberActor } from '#src/lib/context';
import {
  BRAND_MEMBER_SIGNED_IN,
  SESSION_MEMBER_COLUMNS,
  brandMemberActor,
  type SessionMemberRow,
} from '#src/modules/brand-members/brand-members.repository';

/** The session key of each door's account (server/session-doors.ts). */
export type SessionDoor = 'userId' | 'brandMemberId';

/** Each door's key as an SQL literal (a fixed string of this table, never a value from a request). */
const KEY: Record<SessionDoor, string> = { userId: "'userId'", brandMemberId: "'brandMemberId'" };

/** One account: its door and its id there. */
export interface SessionAccount {
  door: SessionDoor;
  id: number;
}

export interface AccountSessionRow {
  sid: string;
  device: string | null;
  signed_in_at: string | null;
  last_seen_at: string | null;
}

/** A stored account id of a session's JSON as an int when it is a plain id; a value that is not joins nothing. */
function storedId(key: string): string {
  return `CASE WHEN s.sess->>${key} ~ '^[0-9]{1,9}$' THEN (s.sess->>${key})::int END`;
}

/**
 * A request's session and its accounts together: the session row joined to the marketplace user its `userId` names
 * and to the portal member its `brandMemberId` names (only one who may be signed in). The same condition of life as
 * connect-pg-simple's own read: the row's expiry not before the current second.
 */
const SESSION_WITH_ACCOUNTS = readStatement(
  `SELECT s.sess, ${SESSION_USER_COLUMNS}, ${SESSION_MEMBER_COLUMNS}
   FROM session s
   LEFT JOIN users u ON u.id = ${storedId(KEY.userId)}
   LEFT JOIN brand_members m ON m.id = ${storedId(KEY.brandMemberId)} AND ${BRAND_MEMBER_SIGNED_IN}
   WHERE s.sid = ? AND s.expire >= to_timestamp(?)`,
);

/** A live session's stored data and its accounts on each door (null: it names none, or no such account exists). */
export interface SessionWithAccounts {
  sess: Record<string, unknown>;
  user: SessionUserRow | null;
  member: BrandMemberActor | null;
}

type Nulls<T> = { [K in keyof T]: null };
type SessionWithAccountsRow = { sess: Record<string, unknown> | string } & (SessionUserRow | Nulls<SessionUserRow>) &
  (SessionMemberRow | Nulls<SessionMemberRow>);

/** The session `sid` (null when unknown or expired) and its marketplace user and portal member, in one statement. */
export async function readSessionWithAccounts(reader: SqlReader, sid: string): Promise<SessionWithAccounts | null> {
  const [row] = await readRows<SessionWithAccountsRow>(reader, SESSION_WITH_ACCOUNTS, [sid, Math.ceil(Date.now() / 1000)]);
  if (!row) return null;
  const { sess, member_id, member_email, member_brand_id, ...user } = row;
  return {
    sess: typeof sess === 'string' ? (JSON.parse(sess) as Record<string, unknown>) : sess,
    user: user.id === null ? null : (user as SessionUserRow),
    member: member_id === null ? null : brandMemberActor({ member_id, member_email, member_brand_id } as SessionMemberRow),
  };
}

/** The account's live sessions (not expired, still signed in on its door). */
export async function listAccountSessions(em: EntityManager, account: SessionAccount): Promise<AccountSessionRow[]> {
  return em.execute<AccountSessionRow[]>(
    `SELECT sid, sess->>'device' AS device, sess->>'signedInAt' AS signed_in_at, sess->>'lastSeenAt' AS last_seen_at
     FROM session WHERE sess->>${KEY[account.door]} = ? AND expire > now()`,
    [String(account.id)],
  );
}

/**
 * Signs the account out of every session but `exceptSid` (none: all of them), on its own door only: the rows keep
 * their other contents (the other door's account in the same browser stays signed in). Returns how many sessions
 * were signed out.
 */
export async function endAccountSessions(em: EntityManager, account: SessionAccount, exceptSid?: string): Promise<number> {
  const rows = await em.execute<{ sid: string }[]>(
    `UPDATE session SET sess = (sess::jsonb - ${KEY[account.door]})::json
     WHERE sess->>${KEY[account.door]} = ? AND sid <> ? AND expire > now() RETURNING sid`,
    [String(account.id), exceptSid ?? ''],
  );
  return rows.length;
}

/** A short Japanese name of the device a User-Agent describes ('Windows の Chrome'), or null when it says nothing. */
export function deviceFromUserAgent(userAgent: string | undefined): string | null {
  const ua = (userAgent ?? '').slice(0, 500);
  if (!ua) return null;
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS/.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS|Chromium/.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  if (os && browser) return `${os} / ${browser}`;
  return os ?? browser ?? ua.slice(0, 60);
}
