// The timestamps most tables carry, defined once as abstract base entities that the entities `extends` (the
// MikroORM 7 guide's "Base entity"): created_at is set on insert, updated_at on insert and on every flush that
// changes the row; both also default to now() in the database. Abstract: no table of their own. Server-only.
import { defineEntity, p } from '@mikro-orm/core';

/** created_at only (rows that never change, or whose changes are not dated). */
export const Created = defineEntity({
  name: 'Created',
  abstract: true,
  properties: {
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});

/** created_at and updated_at. */
export const Timestamped = defineEntity({
  name: 'Timestamped',
  abstract: true,
  extends: Created,
  properties: {
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
