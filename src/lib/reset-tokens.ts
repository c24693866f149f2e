// Mailed single-use tokens (password resets of marketplace users and brand portal members, and the portal's
// invitations): a random token goes into the mail, only its sha256 is stored, and a link works until it expires.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Ctx } from './context';
import { count } from './rate-limit';

/** The two doors with a password reset: marketplace users and brand portal members. */
export type ResetDoor = 'user' | 'brand';

/** Reset requests per client IP and door in RESET_IP_WINDOW_SECONDS: the one limit that answers 429. */
export const RESET_REQUESTS_PER_IP = 30;
export const RESET_IP_WINDOW_SECONDS = 600;
/** Reset mails one account gets per hour at most, however many requests name it (the others are dropped silently). */
export const RESET_MAILS_PER_ACCOUNT = 3;
const RESET_MAIL_WINDOW_SECONDS = 3600;

/**
 * Whether one more reset mail may go to this account, counting it: at most RESET_MAILS_PER_ACCOUNT an hour (a fixed
 * window). Each door calls it once it found the account, before it makes a token: past the cap no token is made, so
 * the last link mailed keeps working and the owner is never locked out by someone asking in their name.
 */
export async function resetMailAllowed(ctx: Ctx, door: ResetDoor, accountId: number): Promise<boolean> {
  const n = await count(ctx.em, { key: `reset-mail:${door}:${accountId}`, windowSeconds: RESET_MAIL_WINDOW_SECONDS });
  return n <= RESET_MAILS_PER_ACCOUNT;
}

/** The sha256 (hex) of a mailed token: what the database keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new random token (32 bytes, URL-safe) and its hash. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** Whether a stored hash is the hash of the presented token (constant time). */
export function tokenHashMatches(stored: string | null | undefined, presentedHash: string): boolean {
  if (stored == null || stored.length !== presentedHash.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(presentedHash));
}

/** The moment a link created at `from` stops working. */
export function expiresAfter(from: Date | string, hours: number): Date {
  return new Date(new Date(from).getTime() + hours * 60 * 60 * 1000);
}
