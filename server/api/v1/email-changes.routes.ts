// The mailed links of the e-mail address (no sign-in needed: the token is the proof): confirming or undoing an
// address change (both doors, src/modules/email-changes), and the sign-up verification with its resend.
import type { Request } from 'express';
import { hit } from '#src/lib/rate-limit';
import { emailChangeDoneJsonSchema, emailChangeTokenSchema } from '#src/modules/email-changes/email-changes.schemas';
import {
  emailVerificationSchema,
  emailVerificationSentJsonSchema,
  emailVerifiedJsonSchema,
} from '#src/modules/users/email-verification.schemas';
import { route, type ApiRoute } from '#server/api/route';

/** Link attempts per client IP in 10 minutes (a guessed token is hopeless; this keeps the table quiet). */
const LINK_ATTEMPTS_PER_IP = 30;

const countLink = (req: Request) => hit(req.ctx.em, [{ key: `email-link:ip:${req.ip}`, max: LINK_ATTEMPTS_PER_IP, windowSeconds: 600 }]);

const accounts = ['アカウント'];

export const emailChangesRoutes: ApiRoute[] = [
  route('post', '/email_changes/confirm', 'メールアドレスの変更を確定する（確認メールのリンク）', accounts, 'none', {
    body: emailChangeTokenSchema,
    errors: [429],
    response: emailChangeDoneJsonSchema,
    answer: async (req, services) => {
      await countLink(req);
      return services.emailChanges.confirm(req.ctx, req.body);
    },
  }),
  route('post', '/email_changes/undo', 'メールアドレスの変更を取り消す・元に戻す（お知らせメールのリンク）', accounts, 'none', {
    body: emailChangeTokenSchema,
    errors: [429],
    response: emailChangeDoneJsonSchema,
    answer: async (req, services) => {
      await countLink(req);
      return services.emailChanges.undo(req.ctx, req.body);
    },
  }),
  route('post', '/email_verification', 'メールアドレスを確認する（会員登録の確認メールのリンク）', accounts, 'none', {
    body: emailVerificationSchema,
    errors: [429],
    response: emailVerifiedJsonSchema,
    answer: async (req, services) => {
      await countLink(req);
      return services.emailVerification.verify(req.ctx, req.body);
    },
  }),
  /** A new verification link for the signed-in user (limited per account in the service). */
  route('post', '/email_verification/resend', 'メールアドレスの確認メールを再送する', accounts, 'user', {
    status: 202,
    errors: [429],
    response: emailVerificationSentJsonSchema,
    answer: (req, services) => services.emailVerification.resend(req.ctx, {}),
  }),
];
