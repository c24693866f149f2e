// The texts of the unverified-address notice (VerifyEmailNotice), apart from the component so a page that gets them
// with its data (the booking form) does not load the catalogue section.
import * as ja from '#src/i18n/ja';
import type { VerifyEmailTexts } from './VerifyEmailNotice';

/** The notice's texts for the address, as /account and the booking form show them. */
export function verifyEmailTexts(email: string, place: 'booking' | 'account'): VerifyEmailTexts {
  const t = ja.emailVerification;
  return { message: place === 'booking' ? t.notice(email) : t.unverified, resend: t.resend, resent: t.resent(email) };
}
