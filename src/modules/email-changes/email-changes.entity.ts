import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Timestamped } from '#src/lib/base.entity';

/** The two kinds of account whose address can change: marketplace users and brand portal members. */
export const EMAIL_DOORS = ['user', 'brand'] as const;
export type EmailDoorKind = (typeof EMAIL_DOORS)[number];
const STATUSES = ['pending', 'confirmed', 'cancelled', 'superseded', 'undone'] as const;

/**
 * One requested change of an account's e-mail address, for both doors (`door` + `account_id`: a users or a
 * brand_members row). Both mailed tokens are random and only their sha256 is kept: the confirmation link (to the new
 * address, one use, until `expires_at`) and the undo link (to the old address: cancels while pending, and restores
 * the old address until `undo_until` once confirmed). `address_free` records whether the new address was free when
 * asked; a taken one gets a row and mails like any other, but its confirmation token was never mailed.
 */
export const EmailChange = defineEntity({
  name: 'EmailChange',
  tableName: 'email_changes',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    door: p.enum([...EMAIL_DOORS]),
    accountId: p.integer(),
    oldEmail: p.string().length(255),
    newEmail: p.string().length(255),
    addressFree: p.boolean(),
    confirmTokenHash: p.string().length(128).unique(),
    undoTokenHash: p.string().length(128).unique(),
    status: p.enum([...STATUSES]).default('pending'),
    expiresAt: p.datetime(),
    confirmedAt: p.datetime().nullable(),
    undoUntil: p.datetime().nullable(),
    /** When the undo link was used (cancelled or undone). */
    undoneAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['door', 'accountId', 'status'] }],
  checks: [
    { name: 'email_changes_emails_lower', expression: 'old_email = lower(old_email) and new_email = lower(new_email)' },
    { name: 'email_changes_confirmed_dated', expression: "(status in ('confirmed', 'undone')) = (confirmed_at is not null)" },
  ],
});

export type IEmailChange = InferEntity<typeof EmailChange>;
