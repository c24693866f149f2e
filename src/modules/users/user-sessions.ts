// A marketplace user's sessions: rows of `session` (connect-pg-simple), whose JSON names the user (`userId`), the
// device read from the User-Agent at sign-in, the sign-in time and the last use (refreshed at most every few
// minutes, server/middleware/context.ts). Server-only; runs on the caller's EntityManager (inside its transaction).
import type { EntityManager } from '@mikro-orm/postgresql';

export interface UserSessionRow {
  sid: string;
  device: string | null;
  signed_in_at: string | null;
  last_seen_at: string | null;
}

/** The user's live sessions (not expired, still signed in). */
export async function listUserSessions(em: EntityManager, userId: number): Promise<UserSessionRow[]> {
  return em.execute<UserSessionRow[]>(
    `SELECT sid, sess->>'device' AS device, sess->>'signedInAt' AS signed_in_at, sess->>'lastSeenAt' AS last_seen_at
     FROM session WHERE sess->>'userId' = ? AND expire > now()`,
    [String(userId)],
  );
}

/**
 * Signs the user out of every session but `exceptSid` (none: all of them): the rows keep their other contents (a
 * brand portal session in the same browser stays signed in). Returns how many sessions were signed out.
 */
export async function endUserSessions(em: EntityManager, userId: number, exceptSid?: string): Promise<number> {
  const rows = await em.execute<{ sid: string }[]>(
    `UPDATE session SET sess = (sess::jsonb - 'userId')::json
     WHERE sess->>'userId' = ? AND sid <> ? AND expire > now() RETURNING sid`,
    [String(userId), exceptSid ?? ''],
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
