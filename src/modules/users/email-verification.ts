// The sign-up address check's mail: a random token (sha256 stored on the user, EMAIL_VERIFICATION_VALID_HOURS, one
// use) and the mail through the outbox. Not a service: sign-up and the resend call it inside their transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import { expiresAfter, newToken } from '#src/lib/reset-tokens';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import type { IUser } from './users.entity';
import { EMAIL_VERIFICATION_PATH, EMAIL_VERIFICATION_VALID_HOURS } from './email-verification.schemas';

/** Gives the user a new verification link (the previous one stops working) and queues its mail. */
export async function mailVerificationLink(em: EntityManager, user: IUser, baseUrl: string): Promise<void> {
  const { token, tokenHash } = newToken();
  const now = new Date();
  user.emailVerifyTokenHash = tokenHash;
  user.emailVerifySentAt = now;
  await em.flush();
  await enqueueMail(em, [
    {
      dedupeKey: `email_verification:${user.id}:${tokenHash.slice(0, 24)}`,
      to: user.email,
      // The address is not confirmed yet: no account link.
      footer: { account: 'user', kind: 'access' },
      subject: ja.emailVerificationMail.subject,
      text: mailText({
        name: user.name,
        body: ja.emailVerificationMail.body({
          url: `${baseUrl}${EMAIL_VERIFICATION_PATH}?token=${token}`,
          expiresAt: formatInstantDateTimeJa(expiresAfter(now, EMAIL_VERIFICATION_VALID_HOURS)),
        }),
        baseUrl,
      }),
    },
  ]);
}
