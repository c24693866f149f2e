// Experience reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Experience, type IExperience, type IExperienceOption } from './experiences.entity';

export type { IExperience, IExperienceOption };

/** A published experience with what a booking needs (options, prefecture), or null. */
export async function findBookableExperience(em: EntityManager, id: number): Promise<IExperience | null> {
  return em.findOne(Experience, { id, approve: true }, { populate: ['options', 'prefecture'] });
}

/** The title of a published experience, or null. */
export async function publishedTitle(em: EntityManager, id: number): Promise<string | null> {
  const experience = await em.findOne(Experience, { id, approve: true }, { fields: ['title'] });
  return experience?.title ?? null;
}
