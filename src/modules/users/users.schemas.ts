// Shared by the logon form, the API and the CLI. Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { emailText, idJson, linkToken, oneLine, requiredText, urlJson } from '#src/lib/isomorphic/validate';

/** The sign-up e-mail rule (also the brand portal's sign-in and reset request). */
export const emailSchema = emailText({
  required: ja.auth.emailRequired,
  tooLong: ja.validation.maxLength(ja.auth.email, 255),
  invalid: ja.auth.emailInvalid,
});

/** A new password; one line, as every password field is: a form's password `<input>` cannot type a line break. */
export const passwordSchema = z
  .string({ error: ja.auth.passwordTooShort })
  .min(8, ja.auth.passwordTooShort)
  .max(128, ja.validation.maxLength(ja.auth.password, 128))
  .check(oneLine())
  .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), ja.auth.passwordLetterDigit);

/**
 * The password of a sign-in (the marketplace's and the brand portal's): an existing password is only compared, so
 * the new-password rules do not apply; an empty one is asked for.
 */
export const signInPasswordSchema = z
  .string({ error: ja.auth.passwordRequired })
  .min(1, ja.auth.passwordRequired)
  .max(128, ja.validation.maxLength(ja.auth.password, 128))
  .check(oneLine());

export const signInSchema = z.object({
  email: z
    .string({ error: ja.auth.emailRequired })
    .normalize('NFKC')
    .trim()
    .min(1, ja.auth.emailRequired)
    .check(oneLine())
    .transform((v) => v.toLowerCase()),
  password: signInPasswordSchema,
});
export type SignInInput = z.input<typeof signInSchema>;

/** create-admin on an existing account: a password given is checked like a new one (it is not set). */
export const existingAdminSchema = z.object({ password: passwordSchema });

/**
 * The version of the terms of use and the privacy policy (/terms, /privacy) a sign-up consents to. An operator who
 * replaces the texts raises it; each account keeps the version it consented to.
 */
export const TERMS_VERSION = '2026-11-01';

/** An account made by the operator (create-admin): the same name, e-mail and password rules, no consent asked. */
export const accountSchema = z.object({
  name: requiredText(ja.auth.nameRequired, ja.auth.nameTooLong, 100),
  email: emailSchema,
  password: passwordSchema,
});
export type AccountInput = z.input<typeof accountSchema>;

/** POST /api/v1/users: sign-up, with consent to 利用規約 and プライバシーポリシー. */
export const signUpSchema = accountSchema.extend({
  agree_terms: z.literal(true, { error: ja.auth.termsRequired }),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const USER_ROLES = ['USER', 'HOST', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** What the browser learns about the signed-in user (GET /api/v1/me). */
export const currentUserSchema = z
  .object({
    id: idJson(),
    name: z.string(),
    email: z.string(),
    avatar_url: urlJson().nullable(),
    access_control: z.enum(USER_ROLES),
    current_ambassador_id: idJson().nullable(),
    /** Whether the address is verified (the sign-up link or a confirmed change); booking needs it. */
    email_verified: z.boolean(),
  })
  .meta({ id: 'CurrentUser', description: 'ログイン中の利用者' });
export type CurrentUser = z.output<typeof currentUserSchema>;

/** GET /api/v1/me: the signed-in user, or null when signed out. */
export const meJsonSchema = currentUserSchema.nullable();

// ---- Password reset ----------------------------------------------------------------------------------

/** A reset link works this long, once (the brand portal's rule). */
export const USER_RESET_PASSWORD_VALID_HOURS = 1;

/** The reset link's path; the mail carries `{public base URL}/password_reset?reset_password_token=…`. */
export const USER_RESET_PASSWORD_PATH = '/password_reset';

/** POST /api/v1/password_resets: ask for a reset mail. */
export const userPasswordResetRequestSchema = z.object({ email: emailSchema });
export type UserPasswordResetRequestInput = z.input<typeof userPasswordResetRequestSchema>;

/** The mailed token alone: the /password_reset page checks it before asking for a new password. */
export const userResetTokenSchema = z.object({
  reset_password_token: linkToken(ja.details.resetTokenInvalid),
});
export type UserResetTokenInput = z.input<typeof userResetTokenSchema>;

/** PUT /api/v1/password_resets: set a new password with the mailed token. */
export const userPasswordResetSchema = userResetTokenSchema.extend({ password: passwordSchema });
export type UserPasswordResetInput = z.input<typeof userPasswordResetSchema>;

/** POST /api/v1/password_resets: the same answer whether or not the address has an account. */
export const userPasswordResetRequestedJsonSchema = z.object({ sent: z.literal(true) });

/** PUT /api/v1/password_resets: the new password is set (every session of the user ends). */
export const userPasswordResetDoneJsonSchema = z.object({ reset: z.literal(true) });
