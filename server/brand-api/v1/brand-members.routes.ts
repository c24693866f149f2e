// The brand portal's accounts (/brand/api/v1, admin-and-brand-portal.md §7 "Brand portal"): sign-in and out, the
// invitation, the password reset, the member's address and /brand/account, and the brand's members. Thin: every
// service method states its own rule (requireBrandMember and the brand scope); routes pass the input along.
import { requireBrandMember } from '#src/lib/context';
import { hit } from '#src/lib/rate-limit';
import { endAccountSessions } from '#src/modules/accounts/account-sessions';
import {
  brandInvitationSentJsonSchema,
  brandMemberInvitationSchema,
  brandMemberJsonSchema,
  brandMemberMeJsonSchema,
  brandPortalMembersJsonSchema,
  brandSignInSchema,
  invitationAcceptSchema,
  invitationCheckSchema,
  passwordResetDoneJsonSchema,
  passwordResetRequestedJsonSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '#src/modules/brand-members/brand-members.schemas';
import {
  emailChangeRequestedJsonSchema,
  emailChangeRequestSchema,
  emailStatusJsonSchema,
} from '#src/modules/email-changes/email-changes.schemas';
import { limitedResetRequest, limitedSignIn } from '#server/api/v1/sessions.routes';
import { accountSecurityRoutes, wrongCurrentPassword } from '#server/api/v1/account.routes';
import { startSession, endDoorSession } from '#server/session-doors';
import { route, type ApiRoute } from '#server/api/route';
import { brandMemberMeExample } from './brand-portal.examples';

const portal = ['ブランドポータル'];

export const brandMembersRoutes: ApiRoute[] = [
  route('post', '/brand-members/sign-in', 'ブランドポータルにログインする', portal, 'none', {
    body: brandSignInSchema,
    status: 201,
    errors: [401, 429],
    response: brandMemberMeJsonSchema,
    answer: async (req, services) => {
      const actor = await limitedSignIn(req, 'brand-signin', () => services.brandMembers.authenticate(req.ctx, req.body));
      await startSession(req, { brandMemberId: actor.id });
      req.ctx.actor = actor;
      return services.brandMembers.me(req.ctx, {});
    },
  }),
  /** Signs out of the portal only: a marketplace session of the same browser stays (server/session-doors.ts). */
  route('delete', '/brand-members/sign-out', 'ブランドポータルからログアウトする', portal, 'optional', {
    status: 204,
    answer: (req, _services, res) => endDoorSession(req, res, 'brandMemberId'),
  }),
  route('get', '/brand-members/me', 'ログイン中のブランドメンバーを取得する', portal, 'brand', {
    response: brandMemberMeJsonSchema,
    example: brandMemberMeExample,
    answer: (req, services) => services.brandMembers.me(req.ctx, {}),
  }),
  /** The invitation link's check (the /brand/invitation page): {email, invitation_token} in the query. */
  route('get', '/brand-members/invitation', '招待リンクを確かめる', portal, 'none', {
    query: invitationCheckSchema,
    response: brandMemberJsonSchema,
    answer: (req, services) => services.brandMembers.checkInvitation(req.ctx, req.query),
  }),
  /** Accept an invitation: the first password. */
  route('put', '/brand-members/invitation', '招待を受けてパスワードを設定する', portal, 'none', {
    body: invitationAcceptSchema,
    errors: [429],
    response: brandMemberJsonSchema,
    answer: async (req, services) => {
      await hit(req.ctx.em, [{ key: `brand-invitation:ip:${req.ip}`, max: 30, windowSeconds: 600 }]);
      return services.brandMembers.acceptInvitation(req.ctx, req.body);
    },
  }),
  /** Invite a member to the signed-in member's brand (the admin's invitation, same mail and token). */
  route('post', '/brand-members/invitation', '自分のブランドにメンバーを招待する', portal, 'brand', {
    body: brandMemberInvitationSchema,
    status: 201,
    errors: [409],
    response: brandInvitationSentJsonSchema,
    answer: (req, services) => services.brandMembers.inviteToOwnBrand(req.ctx, req.body),
  }),
  /** Ask for a reset mail: always the same 202 for a well-formed address. */
  route('post', '/brand-members/password', 'パスワード再設定メールを送る', portal, 'none', {
    body: passwordResetRequestSchema,
    status: 202,
    errors: [429],
    response: passwordResetRequestedJsonSchema,
    answer: async (req, services) => {
      await limitedResetRequest(req, services, 'brand');
      return { sent: true };
    },
  }),
  /** A new password with the mailed token; every portal session of that member ends (other devices too). */
  route('put', '/brand-members/password', 'パスワードを再設定する', portal, 'none', {
    body: passwordResetSchema,
    errors: [429],
    response: passwordResetDoneJsonSchema,
    answer: async (req, services) => {
      await hit(req.ctx.em, [{ key: `brand-reset-token:ip:${req.ip}`, max: 30, windowSeconds: 600 }]);
      const member = await services.brandMembers.resetPassword(req.ctx, req.body);
      await endAccountSessions(req.ctx.em, { door: 'brandMemberId', id: member.id });
      return { reset: true };
    },
  }),
  /** The member's address and the change waiting for its confirmation link (the same mechanism as /account). */
  route('get', '/brand-members/email', 'メールアドレスと確認待ちの変更を取得する', portal, 'brand', {
    response: emailStatusJsonSchema,
    answer: (req, services) => services.emailChanges.status(req.ctx, {}),
  }),
  route('delete', '/brand-members/email', '確認待ちのメールアドレス変更を取り消す', portal, 'brand', {
    response: emailStatusJsonSchema,
    answer: (req, services) => services.emailChanges.cancelPending(req.ctx, {}),
  }),
  /** A change of address, limited like the portal's sign-in with the member as the subject. */
  route('post', '/brand-members/email', 'メールアドレスの変更を申請する（/api/v1/account/email と同じ仕組み）', portal, 'brand', {
    body: emailChangeRequestSchema,
    status: 202,
    errors: [429],
    response: emailChangeRequestedJsonSchema,
    answer: (req, services) => {
      const member = requireBrandMember(req.ctx);
      return limitedSignIn(req, 'brand-email-change', () => services.emailChanges.request(req.ctx, req.body), {
        subject: `brand-member:${member.id}`,
        isFailure: wrongCurrentPassword,
      });
    },
  }),
  /**
   * The member's own /brand/account: password change (limited like the portal's sign-in, per member) and the places
   * the member is signed in to the portal, with "sign out everywhere else" (the marketplace's routes and rules).
   */
  ...accountSecurityRoutes({
    security: (services) => services.brandAccount,
    scope: 'brand-password-change',
    subject: (ctx) => `brand-member:${requireBrandMember(ctx).id}`,
    tag: 'ブランドポータル',
    access: 'brand',
  }),
  route('get', '/brand-members', '自分のブランドのメンバーを一覧する', portal, 'brand', {
    response: brandPortalMembersJsonSchema,
    answer: (req, services) => services.brandMembers.listOwnBrand(req.ctx, {}),
  }),
  route('delete', '/brand-members/:id', '自分のブランドのメンバーを外す', portal, 'brand', {
    status: 204,
    answer: (req, services) => services.brandMembers.removeFromOwnBrand(req.ctx, req.params),
  }),
];
