import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Timestamped } from '#src/lib/base.entity';
import { listKeywordIndex, listKeywordProperty } from '#src/lib/list-sql';

const USER_ROLES = ['USER', 'HOST', 'ADMIN'] as const;

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100),
    /** Stored lower-cased; unique. */
    email: p.string().length(255).unique(),
    passwordHash: p.string().length(255).lazy(),
    role: p.enum([...USER_ROLES]).default('USER'),
    avatarUrl: p.string().length(1000).nullable(),
    introduction: p.text().nullable(),
    /** The sha256 of the newest mailed reset token; null once used. */
    resetPasswordTokenHash: p.string().length(128).nullable().unique(),
    resetPasswordSentAt: p.datetime().nullable(),
    /** Optional mails the user receives (the account page's notification settings); transactional mails always go. */
    notifyReminders: p.boolean().default(true),
    notifyMessages: p.boolean().default(true),
    /** Off until the guest turns it on: the mail when a hearted experience adds dates (favorites/favorite-dates.ts). */
    notifyFavoriteDates: p.boolean().default(false),
    /** The version of 利用規約 and プライバシーポリシー consented to at sign-up (TERMS_VERSION), and when. */
    termsVersion: p.string().length(20).nullable(),
    termsConsentedAt: p.datetime().nullable(),
    /** When the account left (退会): the row stays, anonymised, for the records others rely on; no sign-in. */
    leftAt: p.datetime().nullable(),
    /** When the address was shown to reach the user (the sign-up link, or a confirmed address change); null: not yet. */
    emailVerifiedAt: p.datetime().nullable(),
    /** The sha256 of the newest mailed verification token; null once used. */
    emailVerifyTokenHash: p.string().length(128).nullable().unique(),
    emailVerifySentAt: p.datetime().nullable(),
    /** The admin's user search's text: name and e-mail (Migration20261202110000_user_keyword_norm). */
    keywordText: listKeywordProperty(['name', 'email']),
  },
  // The dashboards' weekly sign-ups (Migration20261129140000_dashboard_indexes).
  indexes: [
    { name: 'users_created_at_index', expression: 'create index "users_created_at_index" on "users" ("created_at")' },
    // The approval queue's test for hosts who left (Migration20261130090000_list_paging).
    { name: 'users_left_index', expression: 'create index "users_left_index" on "users" ("id") where "left_at" is not null' },
    // The admin's user search, over the accounts it offers (Migration20261202110000_user_keyword_norm).
    listKeywordIndex('users_keyword_index', 'users', '"left_at" is null'),
    // The admin's users list by role, newest first (Migration20261204110000_admin_users_list).
    { name: 'users_role_id_index', expression: 'create index "users_role_id_index" on "users" ("role", "id" desc)' },
  ],
});

export type IUser = InferEntity<typeof User>;
