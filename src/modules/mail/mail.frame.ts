// The one frame of every mail to a person: the greeting of its reader by name (「{name} 様」, none for an address with
// no known name: a brand member's account holds none), the mail's own lines, the footer line about the reader's
// account (written in when the mail is queued, mail.footer.ts) and the one signature (ja.mailFrame). A builder gives
// the name, the body and the base URL; the frame owns the greeting, the signature and the blank lines between the
// parts, so no two mails differ in their shape. enqueueMail (mail.outbox.ts) refuses a mail to an account whose text
// does not end with the signature written here. Server-only.
import * as ja from '#src/i18n/ja';

/** A mail's own lines, top to bottom: a line may hold line breaks (a block such as a schedule); null lines are left out. */
export type MailBody = readonly (string | null)[];

export interface MailFrame {
  /** The reader's name, greeted 「{name} 様」; null for an address with no known name. */
  name: string | null;
  body: MailBody;
  /** The base URL the mail's links are written with: its signature names the same. */
  baseUrl: string;
}

/** The signature as it ends a text: the frame's last lines. */
const signatureEnd = (baseUrl: string) => `${ja.mailFrame.signature(baseUrl)}\n`;

/**
 * The mail's text: the greeting, the body and the signature, one blank line between them. Blank lines at the body's
 * ends are dropped and blank lines in a row count as one, so a builder may leave out a part without minding the gaps.
 */
export function mailText({ name, body, baseUrl }: MailFrame): string {
  const lines: string[] = name === null ? [] : [ja.mailFrame.greeting(name), ''];
  for (const line of body) {
    if (line === null) continue;
    if (line === '' && (lines.length === 0 || lines.at(-1) === '')) continue;
    lines.push(line);
  }
  if (lines.length > 0 && lines.at(-1) !== '') lines.push('');
  return `${[...lines, signatureEnd(baseUrl)].join('\n')}`;
}

/** Whether `text` was built by mailText with `baseUrl`: it ends with that signature after a blank line. */
export function isFramed(text: string, baseUrl: string): boolean {
  return text.endsWith(`\n\n${signatureEnd(baseUrl)}`);
}

/** A framed text with `block` between its body and its signature, a blank line on either side. */
export function beforeSignature(text: string, block: string, baseUrl: string): string {
  if (!isFramed(text, baseUrl)) throw new Error(`beforeSignature: the text does not end with the signature of ${baseUrl}`);
  const end = signatureEnd(baseUrl);
  return `${text.slice(0, -end.length)}${block}\n\n${end}`;
}
