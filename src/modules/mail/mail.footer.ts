// A mail's footer: the line about its reader's account, placed between the mail's body and its signature (the frame,
// mail.frame.ts), so the signature stays the very end. Written into the text when the mail is queued (mail.outbox.ts
// enqueueMail), with the base URL the mail's own links were written with, so one mail never names two hosts.
// Server-only.
//
// The one rule (footerLineOf), from who reads the mail (its `footer`: the account behind the address and whether
// its reader can sign in) and what the mail is (its kind):
// - no account behind the address (the office, an ambassador's address, an inquiry sender's typed address), or one
//   its reader cannot sign in to yet (a portal invitation not accepted): no line, a link would lead to a sign-in
//   they cannot pass;
// - 'access', a mail that lets its reader in (the sign-up confirmation, a password reset, a portal invitation, the
//   confirmation sent to a new address): no line, its reader is not signed in or the address is not confirmed yet;
// - 'security', a change to the account itself (the password, the e-mail address): why it is always sent, and the
//   account page as the place to review the account (never as notification settings: it cannot be turned off);
// - 'notice', everything else: the account page; a marketplace user's /account also chooses which optional mails
//   they get, so its line names both, a brand member's /brand/account has no mail choices, so its line names the
//   account settings alone.
import * as ja from '#src/i18n/ja';
import { beforeSignature } from './mail.frame';
import type { MailFooter, MailFooterLine } from './mail.schemas';

const FOOTER_LINES: Record<MailFooterLine, (baseUrl: string) => string> = {
  user: (baseUrl) => ja.mailFooter.settings(`${baseUrl}/account`),
  brand: (baseUrl) => ja.mailFooter.accountSettings(`${baseUrl}/brand/account`),
  user_security: (baseUrl) => ja.mailFooter.security(`${baseUrl}/account`),
  brand_security: (baseUrl) => ja.mailFooter.security(`${baseUrl}/brand/account`),
};

/** The footer line a mail gets (the rule above), or null for none. */
export function footerLineOf(footer: MailFooter): MailFooterLine | null {
  if (footer == null) return null;
  const { account, kind = 'notice', canSignIn = true } = typeof footer === 'string' ? { account: footer } : footer;
  if (!canSignIn || kind === 'access') return null;
  return kind === 'security' ? `${account}_security` : account;
}

/** The text (built by mailText, mail.frame.ts) with the footer line before its signature; without a line, as written. */
export function withFooter(text: string, line: MailFooterLine | null, baseUrl: string): string {
  return line == null ? text : beforeSignature(text, FOOTER_LINES[line](baseUrl), baseUrl);
}
