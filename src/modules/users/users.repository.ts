// User reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './users.entity';
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import { currentAmbassadorIdSql } from '#src/modules/ambassadors/ambassadors.repository';

/** A user's id, name, e-mail and role, or null when there is no such user. */
export async function findUserSummary(
  em: EntityManager,
  id: number,
): Promise<{ id: number; name: string; email: string; role: string } | null> {
  const user = await em.findOne(User, { id }, { fields: ['id', 'name', 'email', 'role'] });
  return user ? { id: user.id, name: user.name, email: user.email, role: user.role } : null;
}

/** Which optional mails a user receives (the account page's notification settings). */
export interface OptionalMails {
  reminders: boolean;
  messages: boolean;
}

/** Name and e-mail of a user (mails) and the optional mails they receive; throws when the user does not exist. */
export async function userContact(em: EntityManager, userId: number): Promise<{ name: string; email: string; optional: OptionalMails }> {
  const user = await em.findOneOrFail(User, { id: userId });
  return { name: user.name, email: user.email, optional: { reminders: user.notifyReminders, messages: user.notifyMessages } };
}

/** The name of the user with this e-mail address (a mail's greeting), or null when no user has it. */
export async function userNameByEmail(em: EntityManager, email: string): Promise<string | null> {
  return (await em.findOne(User, { email }, { fields: ['name'] }))?.name ?? null;
}

/**
 * Locks the user row FOR SHARE until the transaction ends and answers whether the account may still have a
 * reservation made for it (it exists and has not left). Every transaction that creates a reservation calls it first:
 * leaving (users/leaving.service.ts) locks the same row FOR UPDATE before it checks for upcoming reservations and
 * erases, so the two serialise. A leaving under way makes the caller wait and then see `left_at`; a booking under way
 * makes the leaving wait and then see the new reservation. FOR SHARE: two bookings of one guest do not wait on each
 * other for it.
 */
export async function lockAccountForBooking(em: EntityManager, userId: number): Promise<boolean> {
  const [user] = await em.execute<{ left_at: Date | null }[]>('SELECT left_at FROM users WHERE id = ? FOR SHARE', [userId]);
  return Boolean(user && !user.left_at);
}

/** Whether the user's address is verified (booking needs it). */
export async function emailVerified(em: EntityManager, userId: number): Promise<boolean> {
  const user = await em.findOne(User, { id: userId }, { fields: ['emailVerifiedAt'] });
  return user?.emailVerifiedAt != null;
}

/** The columns of a signed-in request's user (the table as `u`): SessionUserRow. */
export const SESSION_USER_COLUMNS = `u.id, u.name, u.email, u.role, u.avatar_url,
  u.email_verified_at IS NOT NULL AS email_verified, ${currentAmbassadorIdSql('u.id')} AS current_ambassador_id`;

const SESSION_USER = readStatement(`SELECT ${SESSION_USER_COLUMNS} FROM users u WHERE u.id = ?`);

/** What a signed-in request needs about its user (the actor and GET /api/v1/me's fields). */
export interface SessionUserRow {
  id: number;
  name: string;
  email: string;
  role: string;
  avatar_url: string | null;
  current_ambassador_id: number | null;
  email_verified: boolean;
}

/** The signed-in request's user in one statement; or null. */
export async function findSessionUser(em: SqlReader, id: number): Promise<SessionUserRow | null> {
  const rows = await readRows<SessionUserRow>(em, SESSION_USER, [id]);
  return rows[0] ?? null;
}
