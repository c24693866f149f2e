// /api/v1/account: the signed-in user's own account page (profile, password, sessions, notification settings).
// The request's own session id and device travel to the service after the body, so a body can never name them.
import type { Request } from 'express';
import type { Services } from '#src/root';
import { requireUser, type Ctx } from '#src/lib/context';
import { ValidationError } from '#src/lib/isomorphic/errors';
import type { AccountSecurity } from '#src/modules/accounts/account-security';
import type { Security } from '#src/openapi/operation';
import {
  accountJsonSchema,
  accountProfileSchema,
  accountSessionsJsonSchema,
  notificationSettingsSchema,
  passwordChangedJsonSchema,
  passwordChangeSchema,
  signedOutOthersJsonSchema,
} from '#src/modules/users/account.schemas';
import {
  emailChangeRequestedJsonSchema,
  emailChangeRequestSchema,
  emailStatusJsonSchema,
} from '#src/modules/email-changes/email-changes.schemas';
import { route, type ApiRoute } from '#server/api/route';
import { limitedSignIn } from './sessions.routes';

function withSession(req: Request) {
  return { ...req.body, current_session_id: req.sessionID, current_device: req.session?.device };
}

/** A wrong current password counts as a failed sign-in attempt of the account. */
export const wrongCurrentPassword = (error: unknown) => error instanceof ValidationError && Boolean(error.details?.current_password);

const accounts = ['アカウント'];

/**
 * The password change and the sessions list of either door's account page (`/account/password`, `/account/sessions`
 * on its router). The password change is limited like sign-in (sessions.routes.ts `limitedSignIn`) under the door's
 * own `scope`, with the account as the subject (`subject` also refuses anyone but the door's account, 401, before
 * anything is counted): per IP, per account and IP, and past many failures from everywhere only an IP new to the
 * account is heard.
 */
export function accountSecurityRoutes(door: {
  security: (services: Services) => AccountSecurity;
  scope: string;
  subject: (ctx: Ctx) => string;
  tag: string;
  access: Security;
}): ApiRoute[] {
  const tags = [door.tag];
  return [
    route('put', '/account/password', 'パスワードを変更する（他の端末はログアウト、お知らせメールを送信）', tags, door.access, {
      body: passwordChangeSchema,
      errors: [429],
      response: passwordChangedJsonSchema,
      answer: (req, services) =>
        limitedSignIn(req, door.scope, () => door.security(services).changePassword(req.ctx, withSession(req)), {
          subject: door.subject(req.ctx),
          isFailure: wrongCurrentPassword,
        }),
    }),
    route('get', '/account/sessions', 'ログイン中の端末を一覧する', tags, door.access, {
      response: accountSessionsJsonSchema,
      answer: (req, services) => door.security(services).sessions(req.ctx, withSession(req)),
    }),
    route('delete', '/account/sessions', '他のすべての端末からログアウトする', tags, door.access, {
      response: signedOutOthersJsonSchema,
      answer: (req, services) => door.security(services).endOtherSessions(req.ctx, withSession(req)),
    }),
  ];
}

export const accountRoutes: ApiRoute[] = [
  route('get', '/account', '自分のアカウント設定を取得する', accounts, 'user', {
    response: accountJsonSchema,
    answer: (req, services) => services.account.get(req.ctx, {}),
  }),
  route('put', '/account/profile', 'プロフィール（表示名・画像・自己紹介）を更新する', accounts, 'user', {
    body: accountProfileSchema,
    response: accountJsonSchema,
    answer: (req, services) => services.account.updateProfile(req.ctx, req.body),
  }),
  route('put', '/account/notifications', '受け取るお知らせメールを設定する', accounts, 'user', {
    body: notificationSettingsSchema,
    response: accountJsonSchema,
    answer: (req, services) => services.account.updateNotifications(req.ctx, req.body),
  }),
  /** The address and the change waiting for its confirmation link. */
  route('get', '/account/email', 'メールアドレスと確認待ちの変更を取得する', accounts, 'user', {
    response: emailStatusJsonSchema,
    answer: (req, services) => services.emailChanges.status(req.ctx, {}),
  }),
  /** Cancels the change waiting for its confirmation link. */
  route('delete', '/account/email', '確認待ちのメールアドレス変更を取り消す', accounts, 'user', {
    response: emailStatusJsonSchema,
    answer: (req, services) => services.emailChanges.cancelPending(req.ctx, {}),
  }),
  /** A change of address: limited like the password change (a wrong current password counts as a failure). */
  route(
    'post',
    '/account/email',
    'メールアドレスの変更を申請する（新しいアドレスに確認メール、元のアドレスにお知らせ）',
    accounts,
    'user',
    {
      body: emailChangeRequestSchema,
      status: 202,
      errors: [429],
      response: emailChangeRequestedJsonSchema,
      answer: (req, services) => {
        const subject = `user:${requireUser(req.ctx).id}`;
        return limitedSignIn(req, 'email-change', () => services.emailChanges.request(req.ctx, req.body), {
          subject,
          isFailure: wrongCurrentPassword,
        });
      },
    },
  ),
  ...accountSecurityRoutes({
    security: (services) => services.account,
    scope: 'password-change',
    subject: (ctx) => `user:${requireUser(ctx).id}`,
    tag: 'アカウント',
    access: 'user',
  }),
];
