// The change of an account's e-mail address, the same for marketplace users (/account) and brand portal members
// (/brand/account). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { emailText, linkToken, oneLine, type InputOf } from '#src/lib/isomorphic/validate';

const t = ja.emailChange;

/** The confirmation link (to the new address) works this long, once. */
export const EMAIL_CHANGE_VALID_HOURS = 24;
/** After a confirmed change, the undo link (to the old address) restores the old address this long. */
export const EMAIL_CHANGE_UNDO_DAYS = 7;
/** Change requests (and so mails) one account may make per hour. */
export const EMAIL_CHANGE_REQUESTS_PER_HOUR = 5;

/** The pages the mailed links open: `?token=…`. */
export const EMAIL_CHANGE_CONFIRM_PATH = '/email_change/confirm';
export const EMAIL_CHANGE_UNDO_PATH = '/email_change/undo';

/** POST /api/v1/account/email and /brand/api/v1/brand-members/email: the new address and the current password. */
export const emailChangeRequestSchema = z.object({
  email: emailText({ required: t.emailRequired, tooLong: t.emailTooLong, invalid: t.emailInvalid }),
  current_password: z
    .string({ error: ja.account.currentPasswordRequired })
    .min(1, ja.account.currentPasswordRequired)
    .max(128, ja.account.currentPasswordWrong)
    .check(oneLine()),
});
export type EmailChangeRequestInput = z.input<typeof emailChangeRequestSchema>;

/** A mailed link's token (the confirmation or the undo). */
export const emailChangeTokenSchema = z.object({
  token: linkToken(t.linkInvalid),
});
export type EmailChangeTokenInput = InputOf<typeof emailChangeTokenSchema>;

/** The same answer whether the new address was free or taken. */
export const emailChangeRequestedJsonSchema = z.object({ sent: z.literal(true) });

/** The account's address and the change waiting for its confirmation, if any (the settings pages). */
export const emailStatusJsonSchema = z
  .object({
    email: z.string(),
    pending: z.object({ email: z.string(), expires_at: z.iso.datetime({ offset: true }) }).nullable(),
  })
  .meta({ id: 'EmailStatus', description: 'メールアドレスと確認待ちの変更' });
export type EmailStatusJson = z.output<typeof emailStatusJsonSchema>;

/** What a mailed link would do (its page asks before doing it); 422 when it cannot be used. */
export const emailChangeLinkJsonSchema = z
  .object({
    door: z.enum(['user', 'brand']),
    /** confirm: the change would take effect; cancel: a pending change would be cancelled; undo: the old address restored. */
    action: z.enum(['confirm', 'cancel', 'undo']),
    old_email: z.string(),
    new_email: z.string(),
  })
  .meta({ id: 'EmailChangeLink', description: 'メールアドレス変更のリンクの内容' });
export type EmailChangeLinkJson = z.output<typeof emailChangeLinkJsonSchema>;

/** POST /api/v1/email_changes/confirm and /undo: what was done. */
export const emailChangeDoneJsonSchema = z.object({
  door: z.enum(['user', 'brand']),
  action: z.enum(['confirm', 'cancel', 'undo']),
  email: z.string(),
});
export type EmailChangeDoneJson = z.output<typeof emailChangeDoneJsonSchema>;
