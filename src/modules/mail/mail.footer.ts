// The end of every mail to a person with an account: a link to their account page. A marketplace user's /account
// also chooses which mails they get, so its line names both; a brand member's /brand/account has only the e-mail,
// the password and the signed-in devices, so its line names the account settings alone. Added once, when a mail is
// sent (and when the development mailbox shows it), from the footer its outbox row names. Mails to an address
// without an account page (the office, an ambassador's address, a new address not yet confirmed) have none.
// Server-only.
import * as ja from '#src/i18n/ja';
import type { MailFooter } from './mail.schemas';

const FOOTER_LINES: Record<NonNullable<MailFooter>, (baseUrl: string) => string> = {
  user: (baseUrl) => ja.mailFooter.settings(`${baseUrl}/account`),
  brand: (baseUrl) => ja.mailFooter.accountSettings(`${baseUrl}/brand/account`),
};

/** The mail's text as sent: the stored text and, when the row names one, the account page's line. */
export function withFooter(text: string, footer: MailFooter, baseUrl: string): string {
  if (footer == null) return text;
  return `${text.replace(/\n+$/, '')}\n\n${FOOTER_LINES[footer](baseUrl)}\n`;
}
