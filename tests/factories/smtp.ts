// A real local SMTP server (smtp-server) for the tests that assert what a mail says: the messages it received,
// parsed by tests/setup/smtp-inbox.ts (headers, the text part, attachments). For the tests that read mails' content.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeWords, parseMessage, type ParsedPart } from '#tests/setup/smtp-inbox';

export interface Received {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  attachments: ParsedPart['attachments'];
}

/** A started SMTP server that keeps every message; `url` is for SMTP_URL. */
export async function startSmtpInbox(): Promise<{ url: string; inbox: Received[]; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        const { headers, text, attachments } = parseMessage(raw);
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          headers,
          subject: decodeWords(headers.subject ?? ''),
          text,
          attachments,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    inbox,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
