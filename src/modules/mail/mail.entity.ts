import { defineEntity, p } from '@mikro-orm/core';
import { Timestamped } from '#src/lib/base.entity';
import { MAIL_FOOTER_LINES } from './mail.schemas';

export interface MailAttachmentRow {
  filename: string;
  content_type: string;
  content: string;
}

const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * Durable outbox: a mail is written in the same transaction as the change it reports, then a worker claims
 * due rows (status + next_attempt_at, locked_until against a crashed worker) and sends them. dedupe_key
 * (e.g. 'reservation:12:guest') makes enqueueing idempotent. Without SMTP the rows are the development mailbox.
 */
export const MailOutbox = defineEntity({
  name: 'MailOutbox',
  tableName: 'mail_outbox',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    dedupeKey: p.string().length(255).unique(),
    toAddress: p.string().length(320),
    /** Where a reply goes, when not to the sender (MAIL_FROM): an inquiry's sender for the office's notice. */
    replyTo: p.string().length(320).nullable(),
    subject: p.string().length(500),
    textBody: p.text(),
    htmlBody: p.text().nullable(),
    /** Files sent with the mail ([{ filename, content_type, content }], text content such as .ics). */
    attachments: p.json<MailAttachmentRow[]>().nullable(),
    /** Which footer line text_body carries (mail.footer.ts), or null for none. */
    footer: p.enum([...MAIL_FOOTER_LINES]).nullable(),
    status: p.enum([...MAIL_STATUSES]).default('pending'),
    attempts: p.integer().default(0),
    nextAttemptAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    lockedUntil: p.datetime().nullable(),
    lastError: p.text().nullable(),
    sentAt: p.datetime().nullable(),
  },
  checks: [{ name: 'mail_outbox_attempts_non_negative', expression: 'attempts >= 0' }],
  indexes: [{ properties: ['status', 'nextAttemptAt'] }, { properties: ['toAddress', 'createdAt'] }],
});
