// User reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './users.entity';

/** Name and e-mail of a user (mails); throws when the user does not exist. */
export async function userContact(em: EntityManager, userId: number): Promise<{ name: string; email: string }> {
  const user = await em.findOneOrFail(User, { id: userId });
  return { name: user.name, email: user.email };
}
