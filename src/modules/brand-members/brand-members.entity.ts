import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Brand } from '#src/modules/brands/brands.entity';
import { Timestamped } from '#src/lib/base.entity';

/**
 * Staff of a brand who sign in to the brand portal (separate from users). Invitation and reset tokens are
 * random, stored only as hashes, single-use and expiring (ARCHITECTURE.md "Security baseline"); the password
 * hash is null until the invitation is accepted.
 */
export const BrandMember = defineEntity({
  name: 'BrandMember',
  tableName: 'brand_members',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    brand: () => p.manyToOne(Brand).deleteRule('cascade'),
    /** Stored lower-cased; unique across all brands (one sign-in form). */
    email: p.string().length(255).unique(),
    passwordHash: p.string().length(255).nullable().lazy(),
    invitationTokenHash: p.string().length(128).nullable().unique(),
    invitationCreatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    invitationAccepted: p.boolean().default(false),
    invitationAcceptedAt: p.datetime().nullable(),
    resetPasswordTokenHash: p.string().length(128).nullable().unique(),
    resetPasswordSentAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['brand', 'createdAt'] }],
  checks: [{ name: 'brand_members_email_lower', expression: 'email = lower(email)' }],
});

export type IBrandMember = InferEntity<typeof BrandMember>;
