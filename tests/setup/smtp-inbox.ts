// A real local SMTP server (smtp-server) for the tests that read what a mail says, and the reading of what it
// received: the headers, the text part (base64 or quoted-printable decoded), the attachments, and RFC 2047 encoded
// words (subjects). The one helper for every test that reads mails (API and browser tests).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=). */
export function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

export interface ParsedPart {
  headers: Record<string, string>;
  text: string;
  /** The attached files of a multipart message (the reservation's .ics). */
  attachments: { contentType: string; filename: string; content: string }[];
}

export function parseMessage(raw: string): ParsedPart {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = rest.join('\n\n');
  const boundary = /multipart\/[a-z]+;.*boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    // multipart/mixed (a mail with an .ics): the text part is the text, the others are attachments.
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => parseMessage(part.replace(/^\r?\n/, '')));
    const textPart = parts.find((part) => (part.headers['content-type'] ?? '').startsWith('text/plain'));
    const attachments = parts
      .filter((part) => part !== textPart)
      .map((part) => ({
        contentType: part.headers['content-type'] ?? '',
        filename: /filename="?([^";]+)"?/.exec(part.headers['content-disposition'] ?? '')?.[1] ?? '',
        content: part.text,
      }));
    return { headers, text: textPart?.text ?? '', attachments };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { headers, text: body, attachments: [] };
}

export interface Received {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  attachments: ParsedPart['attachments'];
}

export interface SmtpInbox {
  /** For SMTP_URL. */
  url: string;
  /** Every message received, oldest first (empty it with `inbox.length = 0`). */
  inbox: Received[];
  /** Answers the next `count` messages with a temporary failure (451), as a busy server would. */
  rejectNext(count: number): void;
  close(): Promise<void>;
}

/** A started SMTP server on a free local port that keeps every message it accepts. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const inbox: Received[] = [];
  let rejecting = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        if (rejecting > 0) {
          rejecting -= 1;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
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
    rejectNext: (count) => {
      rejecting = count;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
