// The sign-up address check (users.email_verified_at): the link's rules and the answers. Browser-safe; apart from
// users.schemas.ts so the pages that import the sign-up rules do not load these texts.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { linkToken } from '#src/lib/isomorphic/validate';

/** A verification link works this long, once. */
export const EMAIL_VERIFICATION_VALID_HOURS = 72;

/** Verification mails one account may ask for per hour besides the sign-up's. */
export const EMAIL_VERIFICATION_RESENDS_PER_HOUR = 3;

/** The verification link's page; the mail carries `{public base URL}/email_verification?token=…`. */
export const EMAIL_VERIFICATION_PATH = '/email_verification';

/** POST /api/v1/email_verification: the mailed token. */
export const emailVerificationSchema = z.object({
  token: linkToken(ja.emailVerification.linkInvalid),
});
export type EmailVerificationInput = z.input<typeof emailVerificationSchema>;

/** POST /api/v1/email_verification: the address is verified. */
export const emailVerifiedJsonSchema = z.object({ verified: z.literal(true) });

/** POST /api/v1/email_verification/resend: a new link is on its way. */
export const emailVerificationSentJsonSchema = z.object({ sent: z.literal(true) });
