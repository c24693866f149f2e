// The development mailbox's JSON (GET /api/v1/dev/mails, never in production). Browser-safe.
import { z } from 'zod';
import { dateTimeJson, idJson } from '#src/lib/isomorphic/validate';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

export const devMailJsonSchema = z.object({
  id: idJson(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** The attached files (the .ics of reservation mails). */
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string() })).max(10),
  attempts: z.number().int().min(0),
  last_error: z.string().nullable(),
  created_at: dateTimeJson(),
  sent_at: dateTimeJson().nullable(),
});
export type DevMail = z.output<typeof devMailJsonSchema>;

export const devMailboxJsonSchema = z
  .object({ mails: z.array(devMailJsonSchema).max(500) })
  .meta({ id: 'DevMailbox', description: '開発用メールボックス（新しい順、既定 100 通）' });

/** The account behind a mail's address: a marketplace user's or a brand portal member's. */
export type MailAccount = 'user' | 'brand';

/**
 * What a mail is, as far as its footer cares (mail.footer.ts): 'notice' (about the account's bookings, messages,
 * earnings…), 'security' (a change to the account itself, always sent) or 'access' (a link that lets its reader in:
 * the sign-up confirmation, a password reset, a portal invitation, the confirmation sent to a new address).
 */
export type MailKind = 'notice' | 'security' | 'access';

/**
 * Who reads a mail, from which mail.footer.ts `footerLineOf` (the one rule) picks its footer: null for an address
 * without an account (the office, an ambassador's address, an inquiry sender's typed address); the account alone for
 * a notice to someone who can sign in to it; or the account with the mail's kind and, for a portal invitee who has
 * not accepted yet, `canSignIn: false`.
 */
export type MailFooter = MailAccount | { account: MailAccount; kind?: MailKind; canSignIn?: boolean } | null;

/** The footer line a queued mail's text carries (the rule's answer, kept on the outbox row). */
export const MAIL_FOOTER_LINES = ['user', 'brand', 'user_security', 'brand_security'] as const;
export type MailFooterLine = (typeof MAIL_FOOTER_LINES)[number];
