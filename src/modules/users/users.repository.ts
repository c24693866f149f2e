// User reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './users.entity';

/** A user's id, name, e-mail and role, or null when there is no such user. */
export async function findUserSummary(
  em: EntityManager,
  id: number,
): Promise<{ id: number; name: string; email: string; role: string } | null> {
  const user = await em.findOne(User, { id }, { fields: ['id', 'name', 'email', 'role'] });
  return user ? { id: user.id, name: user.name, email: user.email, role: user.role } : null;
}

/** Name and e-mail of a user (mails); throws when the user does not exist. */
export async function userContact(em: EntityManager, userId: number): Promise<{ name: string; email: string }> {
  const user = await em.findOneOrFail(User, { id: userId });
  return { name: user.name, email: user.email };
}
