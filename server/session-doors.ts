// The two doors' accounts in the one session cookie (`sid`): the marketplace's `userId` and the brand portal's
// `brandMemberId` (the context middleware reads each only behind its own door). The rule (docs/decisions/sessions.md):
// - a sign-in on either door starts a fresh session (a new id) holding only the account just signed in: the server
//   cannot tell a session planted in the browser by someone else from the user's own, so a sign-in keeps nothing it
//   did not check (no account on the other door, no completion flags);
// - a sign-out ends its own door's account only: an account on the other door stays, under a new session id; with
//   none left, the session row is deleted and the cookie cleared.
import type { Request, Response } from 'express';
import type { SessionData } from 'express-session';
import { deviceFromUserAgent, type SessionDoor } from '#src/modules/accounts/account-sessions';

export type DoorIdentity = { userId: number } | { brandMemberId: number };
export type Door = SessionDoor;

const OTHER: Record<Door, Door> = { userId: 'brandMemberId', brandMemberId: 'userId' };

/** What a session shows on either door's account page: the device (from the User-Agent), sign-in and last use. */
const SEEN = ['device', 'signedInAt', 'lastSeenAt'] as const;

function regenerate(req: Request, keep: Partial<SessionData>): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      Object.assign(req.session, keep);
      req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
    });
  });
}

/** A sign-in (or a sign-up): a new session holding only this account, with its device and time. */
export function startSession(req: Request, identity: DoorIdentity): Promise<void> {
  const now = new Date().toISOString();
  return regenerate(req, {
    ...identity,
    device: deviceFromUserAgent(req.get('user-agent')) ?? undefined,
    signedInAt: now,
    lastSeenAt: now,
  });
}

/** Signs out of one door; the other door's account, if any, stays signed in under a new session id. */
export async function endDoorSession(req: Request, res: Response, door: Door): Promise<void> {
  if (!req.session) return;
  const other = req.session[OTHER[door]];
  if (other) {
    const seen = Object.fromEntries(SEEN.map((key) => [key, req.session[key]]));
    return regenerate(req, { ...seen, [OTHER[door]]: other });
  }
  await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
  res.clearCookie('sid');
}
