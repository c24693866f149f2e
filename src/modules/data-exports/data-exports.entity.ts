import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Timestamped } from '#src/lib/base.entity';
import { User } from '#src/modules/users/users.entity';

const DATA_EXPORT_STATUSES = ['pending', 'ready', 'expired', 'failed'] as const;

/**
 * A user's request for a copy of their data: 'pending' until the worker built it (claimed with a lease,
 * locked_until), then 'ready' with the files in the row and a mailed link (only the token's sha256 is kept) until
 * expires_at; an expired row keeps no files. At most one pending request per user (the partial unique index).
 */
export const DataExport = defineEntity({
  name: 'DataExport',
  tableName: 'data_exports',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    status: p.enum([...DATA_EXPORT_STATUSES]).default('pending'),
    attempts: p.integer().default(0),
    lockedUntil: p.datetime().nullable(),
    lastError: p.text().nullable(),
    tokenHash: p.string().length(64).nullable().unique(),
    /** The files: everything stored about the user (JSON) and the reservations (CSV). Never loaded by lists. */
    jsonBody: p.text().nullable().lazy(),
    csvBody: p.text().nullable().lazy(),
    readyAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
  },
  checks: [
    { name: 'data_exports_attempts_non_negative', expression: 'attempts >= 0' },
    {
      name: 'data_exports_ready_shape',
      expression:
        "status <> 'ready' or (token_hash is not null and json_body is not null and csv_body is not null and expires_at is not null)",
    },
  ],
  indexes: [
    { properties: ['user', 'createdAt'] },
    {
      name: 'data_exports_one_pending_per_user',
      expression: `create unique index "data_exports_one_pending_per_user" on "data_exports" ("user_id") where status = 'pending'`,
    },
  ],
});

export type IDataExport = InferEntity<typeof DataExport>;
