// Reference rows other modules may look up (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import { Category, Prefecture, Theme } from './reference.entity';

type Row = { id: number; name: string };

export async function findPrefecture(em: EntityManager, by: { id: number } | { name: string }): Promise<Row | null> {
  return em.findOne(Prefecture, by);
}

export async function findCategory(em: EntityManager, id: number): Promise<Row | null> {
  return em.findOne(Category, { id });
}

export async function findTheme(em: EntityManager, id: number): Promise<Row | null> {
  return em.findOne(Theme, { id });
}

/** How many of these theme ids exist. */
export async function countThemes(em: EntityManager, ids: number[]): Promise<number> {
  return em.count(Theme, { id: { $in: ids } });
}

/** References to themes by id (for a collection's set()), without loading them. */
export function themeReferences(em: EntityManager, ids: number[]): InferEntity<typeof Theme>[] {
  return ids.map((id) => em.getReference(Theme, id));
}
