import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Created } from '#src/lib/base.entity';

/**
 * Every change made in the administrator area (and by the operator's CLI through the same services): who
 * (actor label `user:12` / `operator:alice` and a readable name), what (entity type and id, action), when, and
 * the entity before and after as JSON. Append-only: nothing updates or deletes a row.
 */
export const AuditLog = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_log',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    actor: p.string().length(255),
    actorName: p.string().length(255).nullable(),
    entityType: p.string().length(50),
    entityId: p.integer(),
    action: p.string().length(50),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
  },
  indexes: [
    { name: 'audit_log_entity_index', properties: ['entityType', 'entityId', 'createdAt'] },
    // The whole log newest first, and one kind of entity's (Migration20261204120000_audit_log_list).
    {
      name: 'audit_log_created_at_index',
      expression: 'create index "audit_log_created_at_index" on "audit_log" ("created_at" desc, "id" desc)',
    },
    {
      name: 'audit_log_entity_type_created_at_index',
      expression: 'create index "audit_log_entity_type_created_at_index" on "audit_log" ("entity_type", "created_at" desc, "id" desc)',
    },
  ],
});

export type IAuditLog = InferEntity<typeof AuditLog>;
