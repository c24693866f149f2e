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

/** Whose settings page a mail's footer links (mail.footer.ts); null: an address without one (the office, an ambassador). */
export const MAIL_FOOTERS = ['user', 'brand'] as const;
export type MailFooter = (typeof MAIL_FOOTERS)[number] | null;
