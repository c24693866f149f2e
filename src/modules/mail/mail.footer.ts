// The end of every mail to a person with an account: a link to the page where they choose which mails they get
// (/account for a marketplace user, /brand/account for a brand member). Added once, when a mail is sent (and when
// the development mailbox shows it), from the footer its outbox row names. Mails to an address without a settings
// page (the office, an ambassador's address, a new address not yet confirmed) have none. Server-only.
import * as ja from '#src/i18n/ja';
import type { MailFooter } from './mail.schemas';

const SETTINGS_PATHS: Record<NonNullable<MailFooter>, string> = { user: '/account', brand: '/brand/account' };

/** The mail's text as sent: the stored text and, when the row names one, the settings link. */
export function withFooter(text: string, footer: MailFooter, baseUrl: string): string {
  if (footer == null) return text;
  return `${text.replace(/\n+$/, '')}\n\n${ja.mailFooter.settings(`${baseUrl}${SETTINGS_PATHS[footer]}`)}\n`;
}
