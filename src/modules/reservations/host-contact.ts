// Where mails to an experience's host go (the confirmation's host notice uses the same rule): its host user, else its
// host ambassador's address (or first member's), else the office. Server-only; runs on the caller's EntityManager.
// `optional` is the host user's notification settings; an ambassador's or the office's address has none (it gets all).
import type { EntityManager } from '@mikro-orm/postgresql';
import { userContact, type OptionalMails } from '#src/modules/users/users.repository';
import { ambassadorContact } from '#src/modules/ambassadors/ambassadors.repository';

interface Hosted {
  hostedBy: string;
  hostUser?: { id: number } | null;
  hostAmbassador?: { id: number } | null;
}

export async function hostContact(
  em: EntityManager,
  experience: Hosted,
  officeEmail: string,
): Promise<{ name: string; email: string; optional?: OptionalMails }> {
  if (experience.hostUser) return userContact(em, experience.hostUser.id);
  if (experience.hostAmbassador) {
    const ambassador = await ambassadorContact(em, experience.hostAmbassador.id);
    return { name: ambassador.name, email: ambassador.email ?? officeEmail };
  }
  return { name: experience.hostedBy, email: officeEmail };
}
