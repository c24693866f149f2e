// The account page (/account): profile, password change, active sessions, notification settings. Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { oneLine, urlJson, type InputOf } from '#src/lib/isomorphic/validate';
import { formImagesSchema } from '#src/modules/images/images.schemas';
import { passwordSchema, signUpSchema } from './users.schemas';

const t = ja.account;

/** A self-introduction shown on a host's public page: a few paragraphs. */
export const INTRODUCTION_MAX = 1000;

/** PUT /api/v1/account/profile: the display name (the sign-up rule), at most one avatar, the introduction. */
export const accountProfileSchema = z.object({
  name: signUpSchema.shape.name,
  /** The avatar as the upload forms send images (uploaded through POST /api/v1/uploads); empty: none. */
  avatar: formImagesSchema({ invalid: t.avatarInvalid, tooMany: t.avatarTooMany }, 1),
  introduction: z.preprocess(
    (value) => (value == null ? '' : value),
    z
      .string({ error: t.introductionTooLong(INTRODUCTION_MAX) })
      .trim()
      .max(INTRODUCTION_MAX, t.introductionTooLong(INTRODUCTION_MAX)),
  ),
});
export type AccountProfileInput = z.input<typeof accountProfileSchema>;

/** PUT /api/v1/account/password: the current password and a new one (the sign-up rule), which must differ. */
export const passwordChangeSchema = z
  .object({
    current_password: z
      .string({ error: t.currentPasswordRequired })
      .min(1, t.currentPasswordRequired)
      .max(128, t.currentPasswordWrong)
      .check(oneLine()),
    new_password: passwordSchema,
  })
  .refine((v) => v.current_password !== v.new_password, { path: ['new_password'], error: t.newPasswordSame });
export type PasswordChangeInput = InputOf<typeof passwordChangeSchema>;

const notificationChoice = z.boolean({ error: t.notificationsInvalid });

/** The optional mails an account receives (true: receive), as GET /api/v1/account answers them. */
export const notificationSettingsJsonSchema = z.object({
  reminders: notificationChoice,
  messages: notificationChoice,
  /** New dates of a hearted experience (off until turned on). */
  favorite_dates: notificationChoice,
});
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;

/**
 * PUT /api/v1/account/notifications: the choices to change (a choice left out keeps its value, so /favorites can send
 * only its own); at least one.
 */
export const notificationSettingsSchema = notificationSettingsJsonSchema
  .partial()
  .refine((v) => Object.values(v).some((choice) => choice !== undefined), { error: t.notificationsInvalid });

export const accountJsonSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    avatar_url: urlJson().nullable(),
    introduction: z.string().nullable(),
    notifications: notificationSettingsJsonSchema,
  })
  .meta({ id: 'Account', description: 'ログイン中の利用者のアカウント設定' });
export type AccountJson = z.output<typeof accountJsonSchema>;

/** One place the account is signed in. `device` is read from the browser's User-Agent at sign-in. */
export const accountSessionJsonSchema = z.object({
  /** An opaque name of the session (a digest of its id, which is never shown). */
  id: z.string(),
  current: z.boolean(),
  device: z.string().nullable(),
  signed_in_at: z.iso.datetime({ offset: true }).nullable(),
  last_seen_at: z.iso.datetime({ offset: true }).nullable(),
});
export const accountSessionsJsonSchema = z
  .object({ sessions: z.array(accountSessionJsonSchema) })
  .meta({ id: 'AccountSessions', description: 'ログイン中の端末（この端末が先頭、他は最終利用の新しい順）' });
export type AccountSessionsJson = z.output<typeof accountSessionsJsonSchema>;

export const passwordChangedJsonSchema = z.object({ changed: z.literal(true), signed_out: z.number().int().min(0) });
export const signedOutOthersJsonSchema = z.object({ signed_out: z.number().int().min(0) });
