// Slot reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Calendar, type ICalendar } from './calendars.entity';

export type { ICalendar };

/** The slots with these ids (unknown ids are simply missing), in id order. */
export async function findSlots(em: EntityManager, ids: number[]): Promise<ICalendar[]> {
  return em.find(Calendar, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
}

/** The experience of the first (lowest id) of these slots, or null when none exists. */
export async function experienceIdOfFirstSlot(em: EntityManager, ids: number[]): Promise<number | null> {
  const slot = await em.findOne(Calendar, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
  return slot ? slot.experience.id : null;
}
