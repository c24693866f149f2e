// The durable outbox's write side (not a service: a function every service calls inside its own transaction). Call enqueueMail() with the same EntityManager (inside the same
// transaction) as the change the mail reports: the mail exists if and only if the change committed.
// The row holds the mail as it is sent: its text with the footer (mail.footer.ts) already written in, with the base
// URL of the process that queued it (the one its services wrote the mail's links with), so a mail queued by the CLI
// and sent by a server with another address never mixes the two. A mail to an account must be built with the frame
// (mail.frame.ts mailText) and that base URL: anything else is refused here, so a mail that skips the frame fails
// every test that sends it.
// Delivery (worker, SMTP or development mailbox) lives beside this file.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { MailOutbox } from './mail.entity';
import { footerLineOf, withFooter } from './mail.footer';
import { isFramed } from './mail.frame';
import type { MailFooter } from './mail.schemas';

export interface OutgoingMail {
  /** Unique per mail and recipient, e.g. `reservation:12:guest`; enqueueing twice keeps one mail. */
  dedupeKey: string;
  to: string;
  /**
   * Who reads it, from which its footer is chosen (mail.footer.ts `footerLineOf`): the account behind the address
   * ('user', 'brand'; with the mail's kind when it is a security notice or lets its reader in, and `canSignIn: false`
   * for a portal invitee who has not accepted), or null for an address without one (the office, an ambassador's
   * address). Required, so every mail says who it goes to.
   */
  footer: MailFooter;
  /** Where a reply goes instead of the no-reply sender (the office's notice of an inquiry: its sender). */
  replyTo?: string;
  subject: string;
  /** Built by mailText (mail.frame.ts): the greeting, the body and the signature. */
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

/**
 * The base URL each ORM's mails are written with, keyed by the ORM's configuration (which its EntityManagers and
 * their forks share): set by the mail service its root builds (mail.service.ts), from the environment every service
 * of that root writes its links with.
 */
const baseUrls = new WeakMap<object, string>();

/**
 * Makes `baseUrl` the base URL of the footers of the mails queued through `owner`: an ORM, or an EntityManager of
 * one (the demo seed, which queues mails on an ORM that may have no services built).
 */
export function setMailBaseUrl(owner: MikroORM | EntityManager, baseUrl: string): void {
  baseUrls.set(owner.config, baseUrl);
}

/** Queues mails; a dedupe key already present is skipped, so a retried request never queues a mail twice. */
export async function enqueueMail(em: EntityManager, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  const baseUrl = baseUrls.get(em.config);
  if (baseUrl === undefined) throw new Error('enqueueMail: no mail service was built on this ORM, so the base URL of its mails is unknown');
  const unframed = mails.find((m) => m.footer !== null && !isFramed(m.text, baseUrl));
  if (unframed) throw new Error(`enqueueMail: ${unframed.dedupeKey} was not built by mailText (mail.frame.ts) with ${baseUrl}`);
  await em
    .createQueryBuilder(MailOutbox)
    .insert(
      mails.map((m) => {
        const footer = footerLineOf(m.footer);
        return {
          dedupeKey: m.dedupeKey,
          toAddress: m.to,
          replyTo: m.replyTo ?? null,
          subject: m.subject,
          textBody: withFooter(m.text, footer, baseUrl),
          htmlBody: m.html ?? null,
          footer,
          attachments: m.attachments?.length
            ? m.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, content: a.content }))
            : null,
          status: 'pending' as const,
          attempts: 0,
          nextAttemptAt: new Date(),
          createdAt: new Date(),
          updatedAt: new Date(),
        };
      }),
    )
    .onConflict('dedupeKey')
    .ignore()
    .execute();
}
