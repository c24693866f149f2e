// Mail transports and delivery timing for the outbox worker (mail.service.ts): SMTP through nodemailer, or the
// development mailbox (rows stay in the table). Server-only.
import { createHash } from 'node:crypto';
import type { Transporter } from 'nodemailer';

export const MAX_ATTEMPTS = 8;

/** Seconds to wait after the n-th failed attempt: 30s, 60s, 2min ... capped at 1 hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

export interface TransportMail {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  messageId: string;
  /** .ics and other text attachments. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  send(mail: TransportMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer; the timeouts bound how long a claimed row stays locked. nodemailer is loaded with the first
 * mail, not when the server or the CLI starts.
 */
export function smtpTransport(url: string): MailTransport {
  let transporter: Promise<Transporter> | null = null;
  let made: Transporter | null = null;
  const open = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) => {
      made = nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as Parameters<typeof nodemailer.createTransport>[0]);
      return made;
    }));
  return {
    kind: 'smtp',
    async send(mail) {
      await (await open()).sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: mail.messageId,
        attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
    },
    close: () => made?.close(),
  };
}

/** No SMTP configured: "delivering" leaves the row in the table, readable at /dev/mails. */
export const mailboxTransport: MailTransport = { kind: 'mailbox', send: async () => {}, close: () => {} };

export function messageIdFor(dedupeKey: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${createHash('sha256').update(dedupeKey).digest('hex').slice(0, 32)}@${domain}>`;
}
