// Reading what a real SMTP stand-in (smtp-server) received: the headers, the text part (base64 or quoted-printable
// decoded) and the attachments of a message, and RFC 2047 encoded words (subjects). Used by tests/api/mail.test.ts and
// the browser test of the キャンセル待ち mail (tests/e2e/waitlist.test.ts).
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
