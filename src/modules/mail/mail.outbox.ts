// The durable outbox's write side (not a service: a function every service calls inside its own transaction). Call enqueueMail() with the same EntityManager (inside the same
// transaction) as the change the mail reports: the mail exists if and only if the change committed.
// Delivery (worker, SMTP or development mailbox) lives beside this file.
import type { EntityManager } from '@mikro-orm/postgresql';
import { MailOutbox } from './mail.entity';
import type { MailFooter } from './mail.schemas';

export interface OutgoingMail {
  /** Unique per mail and recipient, e.g. `reservation:12:guest`; enqueueing twice keeps one mail. */
  dedupeKey: string;
  to: string;
  /**
   * Whose settings page the footer links (mail.footer.ts): 'user' (/account), 'brand' (/brand/account), or null for
   * an address without one (the office, an ambassador's address). Required, so every mail says who it goes to.
   */
  footer: MailFooter;
  subject: string;
  text: string;
  html?: string | null;
  /** Files sent with the mail (the reservation's .ics). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Text content (UTF-8). */
  content: string;
}

/** Queues mails; a dedupe key already present is skipped, so a retried request never queues a mail twice. */
export async function enqueueMail(em: EntityManager, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await em
    .createQueryBuilder(MailOutbox)
    .insert(
      mails.map((m) => ({
        dedupeKey: m.dedupeKey,
        toAddress: m.to,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html ?? null,
        footer: m.footer,
        attachments: m.attachments?.length
          ? m.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, content: a.content }))
          : null,
        status: 'pending' as const,
        attempts: 0,
        nextAttemptAt: new Date(),
        createdAt: new Date(),
        updatedAt: new Date(),
      })),
    )
    .onConflict('dedupeKey')
    .ignore()
    .execute();
}
