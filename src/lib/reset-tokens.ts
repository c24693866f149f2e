// Mailed single-use tokens (password resets of marketplace users and brand portal members, and the portal's
// invitations): a random token goes into the mail, only its sha256 is stored, and a link works until it expires.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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

/** The expiry as the mails show it (Japan time, e.g. 「2026年11月23日 10:30」). */
export function mailExpiry(date: Date): string {
  return date.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'long', timeStyle: 'short' });
}
