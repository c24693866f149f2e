// The route table the OpenAPI document is generated from (server-only): one entry per /api/v1 and /brand/api/v1
// operation, naming the zod schema its service validates with (an entry's shape and `op`: operation.ts).
// tests/api/openapi.test.ts checks that this table and the Express app's registered routes are the same set, so a new
// route cannot be left undocumented.
import { z } from 'zod';
import { BRAND, op, V1, type Operation } from './operation';
import * as ja from '#src/i18n/ja';
import { accountSecurityOps } from './account-security-ops';
import {
  currentUserSchema,
  signInSchema,
  signUpSchema,
  userPasswordResetDoneJsonSchema,
  userPasswordResetRequestedJsonSchema,
  userPasswordResetRequestSchema,
  userPasswordResetSchema,
} from '#src/modules/users/users.schemas';
import { adminDashboardJsonSchema, brandDashboardJsonSchema } from '#src/modules/dashboards/dashboards.schemas';
import {
  emailChangeDoneJsonSchema,
  emailChangeRequestSchema,
  emailChangeRequestedJsonSchema,
  emailChangeTokenSchema,
  emailStatusJsonSchema,
} from '#src/modules/email-changes/email-changes.schemas';
import {
  emailVerificationSchema,
  emailVerificationSentJsonSchema,
  emailVerifiedJsonSchema,
} from '#src/modules/users/email-verification.schemas';
import { userSearchQuerySchema, userSearchResponseSchema } from '#src/modules/users/user-search.schemas';
import { publicProfileJsonSchema } from '#src/modules/users/profile.schemas';
import { accountJsonSchema, accountProfileSchema, notificationSettingsSchema } from '#src/modules/users/account.schemas';
import {
  experienceJsonSchema,
  otherExperiencesJsonSchema,
  storiesListJsonSchema,
  storiesQuerySchema,
} from '#src/modules/experiences/experiences.schemas';
import {
  draftJsonSchema,
  draftListJsonSchema,
  draftSchema,
  experienceSchema,
  hostExperienceJsonSchema,
  ownExperiencesJsonSchema,
} from '#src/modules/experiences/experiences.host.schemas';
import { calendarJsonSchema, calendarsJsonSchema, calendarsQuerySchema } from '#src/modules/calendars/calendars.schemas';
import { reviewJsonSchema, reviewsJsonSchema, reviewsQuerySchema } from '#src/modules/reviews/reviews.schemas';
import {
  cancelReservationSchema,
  cancellationPreviewJsonSchema,
  quoteJsonSchema,
  quoteSchema,
  reservationActionRequiredJsonSchema,
  reservationDetailJsonSchema,
  reservationJsonSchema,
  reservationListJsonSchema,
  reservationListQuerySchema,
  reserveSchema,
  slotCancellationResultJsonSchema,
  slotCancellationSchema,
} from '#src/modules/reservations/reservations.schemas';
import {
  adminCommunityJsonSchema,
  communityApplicationJsonSchema,
  communityApplicationSchema,
  communityCardsJsonSchema,
  communityDetailJsonSchema,
  communityFormSchema,
} from '#src/modules/communities/communities.schemas';
import {
  adminCommunityListItemJsonSchema,
  adminCommunityListJsonSchema,
  adminCommunityListQuerySchema,
  communityBrandSchema,
} from '#src/modules/communities/community-list.schemas';
import {
  ambassadorAdminJsonSchema,
  ambassadorDetailJsonSchema,
  ambassadorFormSchema,
  ambassadorListJsonSchema,
  ambassadorMembersJsonSchema,
} from '#src/modules/ambassadors/ambassadors.schemas';
import { listQuerySchema, partnerListQuerySchema } from '#src/modules/partners/partners.schemas';
import { brandAdminJsonSchema, brandDetailJsonSchema, brandFormSchema, brandListJsonSchema } from '#src/modules/brands/brands.schemas';
import { replySchema, reviewSchema } from '#src/modules/reviews/review-posting.schemas';
import {
  brandMemberInvitationSchema,
  brandInvitationSentJsonSchema,
  brandMemberJsonSchema,
  brandMemberMeJsonSchema,
  brandMembersJsonSchema,
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
  applicationHandledSchema,
  brandAmbassadorsJsonSchema,
  brandApplicationDetailJsonSchema,
  brandApplicationsJsonSchema,
  brandAssociationJsonSchema,
  brandCommunitiesJsonSchema,
  brandCommunityAmbassadorsJsonSchema,
  brandExperiencesJsonSchema,
  experiencesQuerySchema,
  applicationsQuerySchema,
  pageQuerySchema,
  participantNumbersJsonSchema,
  participantNumbersQuerySchema,
  portalAmbassadorsQuerySchema,
} from '#src/modules/brand-portal/brand-portal.schemas';
import {
  brandInquiryJsonSchema,
  brandInquirySchema,
  contactInquiryJsonSchema,
  contactInquirySchema,
  inquiryListJsonSchema,
  inquiryListQuerySchema,
  contactInquiryAdminJsonSchema,
  contactInquiryListJsonSchema,
  contactInquiryListQuerySchema,
  inquiryResolvedSchema,
} from '#src/modules/inquiries/inquiries.schemas';
import {
  testAuthenticationJsonSchema,
  testAuthenticationSchema,
  testCardSchema,
  testTokenSchema,
} from '#src/modules/payments/payments.schemas';
import {
  couponCreateSchema,
  couponJsonSchema,
  couponListJsonSchema,
  couponListSchema,
  couponUpdateSchema,
} from '#src/modules/coupons/coupons.schemas';
import { auditTrailJsonSchema, auditTrailQuerySchema } from '#src/modules/audit/audit.schemas';
import {
  approvalJsonSchema,
  pendingExperiencesJsonSchema,
  pendingQuerySchema,
  rejectExperienceSchema,
  rejectionResultJsonSchema,
} from '#src/modules/experience-approvals/experience-approvals.schemas';
import { uploadFieldsSchema, uploadResultSchema } from '#src/modules/uploads/uploads.schemas';
import { referenceListJsonSchema } from '#src/modules/reference/reference.schemas';
import {
  holdingRequestJsonSchema,
  hostHoldingRequestsJsonSchema,
  hostHoldingRequestsQuerySchema,
} from '#src/modules/holding-requests/holding-requests.schemas';
import {
  hostReservationsJsonSchema,
  hostReservationsQuerySchema,
  participantsJsonSchema,
  participantsQuerySchema,
} from '#src/modules/reservations/host-reservations.schemas';
import { messageJsonSchema, messageSchema, messagesJsonSchema } from '#src/modules/reservations/reservation-messages.schemas';
import * as waitlist from '#src/modules/reservations/waitlist.schemas';
import { devMailboxJsonSchema } from '#src/modules/mail/mail.schemas';
import { stripeEventSchema, stripeWebhookAnswerSchema } from '#src/modules/payments/stripe-webhook.schemas';
import { receiptRequestSchema, receiptStateJsonSchema } from '#src/modules/receipts/receipts.schemas';

import {
  adjustmentInputSchema,
  contractRateInputSchema,
  ledgerEntryJsonSchema,
  monthInputSchema,
  payeeRateJsonSchema,
  payoutBatchDetailJsonSchema,
  payoutBatchListJsonSchema,
} from '#src/modules/earnings/payouts.schemas';
import {
  bankAccountInputSchema,
  bankAccountJsonSchema,
  earningsJsonSchema,
  earningsQuerySchema,
  payeeScopeSchema,
} from '#src/modules/earnings/earnings.schemas';

/** GET /api/v1/openapi.json: this document (its own schema stays open: it is described by the OpenAPI 3.1 schema). */
const openApiDocumentJsonSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export const operations: Operation[] = [
  // ---- Sessions and accounts
  op('post', `${V1}/sessions`, 'ログインする', ['アカウント'], 'none', {
    body: signInSchema,
    status: 201,
    errors: [401, 429],
    response: currentUserSchema,
  }),
  op('delete', `${V1}/sessions`, 'ログアウトする', ['アカウント'], 'optional', { status: 204 }),
  op('post', `${V1}/users`, '会員登録する', ['アカウント'], 'none', {
    body: signUpSchema,
    status: 201,
    errors: [409, 429],
    response: currentUserSchema,
  }),
  op('get', `${V1}/me`, 'ログイン中の利用者を取得する', ['アカウント'], 'optional', { errors: [401], response: currentUserSchema }),
  op('get', `${V1}/users`, '利用者を検索する（アンバサダーのメンバー追加用）', ['アカウント'], 'user', {
    query: userSearchQuerySchema,
    response: userSearchResponseSchema,
  }),
  op('get', `${V1}/profiles/{id}`, '公開プロフィールを取得する', ['アカウント'], 'none', { response: publicProfileJsonSchema }),
  // ---- The account page (/account)
  op('get', `${V1}/account`, '自分のアカウント設定を取得する', ['アカウント'], 'user', { response: accountJsonSchema }),
  op('put', `${V1}/account/profile`, 'プロフィール（表示名・画像・自己紹介）を更新する', ['アカウント'], 'user', {
    body: accountProfileSchema,
    response: accountJsonSchema,
  }),
  op('put', `${V1}/account/notifications`, '受け取るお知らせメールを設定する', ['アカウント'], 'user', {
    body: notificationSettingsSchema,
    response: accountJsonSchema,
  }),
  op('get', `${V1}/account/email`, 'メールアドレスと確認待ちの変更を取得する', ['アカウント'], 'user', { response: emailStatusJsonSchema }),
  op(
    'post',
    `${V1}/account/email`,
    'メールアドレスの変更を申請する（新しいアドレスに確認メール、元のアドレスにお知らせ）',
    ['アカウント'],
    'user',
    {
      body: emailChangeRequestSchema,
      status: 202,
      errors: [429],
      response: emailChangeRequestedJsonSchema,
    },
  ),
  op('delete', `${V1}/account/email`, '確認待ちのメールアドレス変更を取り消す', ['アカウント'], 'user', {
    response: emailStatusJsonSchema,
  }),
  op('post', `${V1}/email_changes/confirm`, 'メールアドレスの変更を確定する（確認メールのリンク）', ['アカウント'], 'none', {
    body: emailChangeTokenSchema,
    errors: [429],
    response: emailChangeDoneJsonSchema,
  }),
  op('post', `${V1}/email_changes/undo`, 'メールアドレスの変更を取り消す・元に戻す（お知らせメールのリンク）', ['アカウント'], 'none', {
    body: emailChangeTokenSchema,
    errors: [429],
    response: emailChangeDoneJsonSchema,
  }),
  op('post', `${V1}/email_verification`, 'メールアドレスを確認する（会員登録の確認メールのリンク）', ['アカウント'], 'none', {
    body: emailVerificationSchema,
    errors: [429],
    response: emailVerifiedJsonSchema,
  }),
  op('post', `${V1}/email_verification/resend`, 'メールアドレスの確認メールを再送する', ['アカウント'], 'user', {
    status: 202,
    errors: [429],
    response: emailVerificationSentJsonSchema,
  }),
  ...accountSecurityOps(V1, 'アカウント', 'user'),
  // ---- Public browsing
  op('get', `${V1}/stories`, '体験を一覧・検索する', ['体験'], 'none', {
    query: storiesQuerySchema,
    errors: [404],
    response: storiesListJsonSchema,
  }),
  op('get', `${V1}/experiences/{id}`, '体験の詳細を取得する', ['体験'], 'optional', { response: experienceJsonSchema }),
  op('get', `${V1}/experiences/{id}/other_experiences`, '同じホストの他の体験を取得する', ['体験'], 'none', {
    response: otherExperiencesJsonSchema,
  }),
  op('get', `${V1}/experiences/{id}/calendars`, '体験の開催日程を取得する', ['体験'], 'optional', {
    query: calendarsQuerySchema,
    response: calendarsJsonSchema,
  }),
  op('get', `${V1}/calendars/{id}`, '開催日程を取得する', ['体験'], 'none', { response: calendarJsonSchema }),
  op('get', `${V1}/experiences/{id}/reviews`, '体験のレビューを取得する', ['体験'], 'none', {
    query: reviewsQuerySchema,
    response: reviewsJsonSchema,
  }),
  op('get', `${V1}/experiences/{tour_id}/price`, '料金を見積もる', ['予約'], 'optional', {
    query: quoteSchema,
    response: quoteJsonSchema,
  }),
  op('post', `${V1}/experiences/{id}/holding_requests`, '開催リクエストを送る', ['体験'], 'user', {
    status: 201,
    errors: [409],
    response: holdingRequestJsonSchema,
  }),
  op('get', `${V1}/categories`, 'カテゴリー一覧を取得する', ['参照データ'], 'none', { response: referenceListJsonSchema('categories') }),
  op('get', `${V1}/themes`, 'テーマ一覧を取得する', ['参照データ'], 'none', { response: referenceListJsonSchema('themes') }),
  op('get', `${V1}/occupations`, '職業一覧を取得する', ['参照データ'], 'none', { response: referenceListJsonSchema('occupations') }),
  op('get', `${V1}/prefectures`, '都道府県一覧を取得する', ['参照データ'], 'none', { response: referenceListJsonSchema('prefectures') }),
  // ---- Communities
  op('get', `${V1}/communities/{id}/detail`, 'コミュニティの詳細を取得する', ['コミュニティ'], 'optional', {
    response: communityDetailJsonSchema,
  }),
  op('post', `${V1}/community_applications`, 'コミュニティに参加を申し込む', ['コミュニティ'], 'user', {
    body: communityApplicationSchema,
    status: 201,
    errors: [409],
    response: communityApplicationJsonSchema,
  }),
  // ---- Brands and ambassadors
  op('get', `${V1}/brands`, 'ブランドを一覧する', ['ブランド'], 'none', { query: partnerListQuerySchema, response: brandListJsonSchema }),
  op('get', `${V1}/brands/{id}`, 'ブランドの詳細を取得する', ['ブランド'], 'none', { response: brandDetailJsonSchema }),
  op('get', `${V1}/brands/{id}/communities`, 'ブランドのコミュニティを取得する', ['ブランド'], 'none', {
    response: communityCardsJsonSchema,
  }),
  op('post', `${V1}/brands`, 'ブランドを登録する（管理者）', ['ブランド'], 'admin', {
    body: brandFormSchema,
    status: 201,
    response: brandAdminJsonSchema,
  }),
  op('put', `${V1}/brands/{id}`, 'ブランドを更新する（管理者）', ['ブランド'], 'admin', {
    body: brandFormSchema,
    response: brandAdminJsonSchema,
  }),
  op('post', `${V1}/brands/{brand_id}/members/invitation`, 'ブランドメンバーを招待する（管理者）', ['ブランド'], 'admin', {
    body: brandMemberInvitationSchema,
    status: 201,
    errors: [409],
    response: brandMemberJsonSchema,
  }),
  op('get', `${V1}/brands/{brand_id}/members`, 'ブランドメンバーを一覧する（管理者）', ['ブランド'], 'admin', {
    response: brandMembersJsonSchema,
  }),
  op('delete', `${V1}/brands/{brand_id}/members/{id}`, 'ブランドメンバーを外す（管理者）', ['ブランド'], 'admin', { status: 204 }),
  op('get', `${V1}/ambassadors`, 'アンバサダーを一覧する', ['アンバサダー'], 'none', {
    query: partnerListQuerySchema,
    response: ambassadorListJsonSchema,
  }),
  op('get', `${V1}/ambassadors/{id}`, 'アンバサダーの詳細を取得する', ['アンバサダー'], 'none', { response: ambassadorDetailJsonSchema }),
  op('get', `${V1}/ambassadors/{id}/communities`, 'アンバサダーのコミュニティを取得する', ['アンバサダー'], 'none', {
    response: communityCardsJsonSchema,
  }),
  op('post', `${V1}/ambassadors`, 'アンバサダーを登録する（管理者）', ['アンバサダー'], 'admin', {
    body: ambassadorFormSchema,
    status: 201,
    response: ambassadorAdminJsonSchema,
  }),
  op('put', `${V1}/ambassadors/{id}`, 'アンバサダーを更新する（管理者）', ['アンバサダー'], 'admin', {
    body: ambassadorFormSchema,
    response: ambassadorAdminJsonSchema,
  }),
  op('get', `${V1}/ambassadors/{ambassador_id}/members`, 'アンバサダーのメンバーを一覧する', ['アンバサダー'], 'user', {
    response: ambassadorMembersJsonSchema,
  }),
  op('delete', `${V1}/ambassadors/{ambassador_id}/members/{user_id}`, 'アンバサダーのメンバーを外す', ['アンバサダー'], 'user', {
    status: 204,
  }),
  op(
    'delete',
    `${V1}/ambassadors/{ambassador_id}/members/{user_id}/association`,
    'アンバサダーのメンバーを外す（別名）',
    ['アンバサダー'],
    'user',
    { status: 204 },
  ),
  op(
    'post',
    `${V1}/ambassadors/{ambassador_id}/members/{user_id}/association`,
    'アンバサダーにメンバーを加える',
    ['アンバサダー'],
    'user',
    {
      status: 201,
      errors: [409],
      response: ambassadorMembersJsonSchema,
    },
  ),
  // ---- Inquiries
  op('post', `${V1}/brand_and_ambassador_inquiries`, 'ブランド・アンバサダーの問い合わせを送る', ['問い合わせ'], 'optional', {
    body: brandInquirySchema,
    status: 201,
    errors: [429],
    response: brandInquiryJsonSchema,
  }),
  op('post', `${V1}/contact_inquiries`, 'お問い合わせを送る', ['問い合わせ'], 'optional', {
    body: contactInquirySchema,
    status: 201,
    errors: [429],
    response: contactInquiryJsonSchema,
  }),
  op('get', `${V1}/brand_and_ambassador_inquiries`, '問い合わせを一覧する（管理者）', ['問い合わせ'], 'admin', {
    query: inquiryListQuerySchema,
    response: inquiryListJsonSchema,
  }),
  op('get', `${V1}/brand_and_ambassador_inquiries/{id}`, '問い合わせの詳細を取得する（管理者）', ['問い合わせ'], 'admin', {
    response: brandInquiryJsonSchema,
  }),
  op('put', `${V1}/brand_and_ambassador_inquiries/{id}`, '問い合わせの対応状況を更新する（管理者）', ['問い合わせ'], 'admin', {
    body: inquiryResolvedSchema,
    response: brandInquiryJsonSchema,
  }),
  op('get', `${V1}/contact_inquiries`, '一般のお問い合わせを一覧する（管理者）', ['問い合わせ'], 'admin', {
    query: contactInquiryListQuerySchema,
    response: contactInquiryListJsonSchema,
  }),
  op('get', `${V1}/contact_inquiries/{id}`, '一般のお問い合わせの詳細を取得する（管理者）', ['問い合わせ'], 'admin', {
    response: contactInquiryAdminJsonSchema,
  }),
  op('put', `${V1}/contact_inquiries/{id}`, '一般のお問い合わせの対応状況を更新する（管理者）', ['問い合わせ'], 'admin', {
    body: inquiryResolvedSchema,
    response: contactInquiryAdminJsonSchema,
  }),
  // ---- Hosting
  op('post', `${V1}/uploads`, '画像をアップロードする', ['ホスト'], 'user', {
    body: uploadFieldsSchema,
    multipart: true,
    status: 201,
    errors: [413, 429, 502],
    response: uploadResultSchema,
  }),
  // The drafts are paged like the host's experiences (?page=, OWN_EXPERIENCES_PAGE_SIZE a page).
  op('get', `${V1}/experience_drafts`, '体験の下書きを一覧する', ['ホスト'], 'user', {
    query: listQuerySchema,
    response: draftListJsonSchema,
  }),
  op('post', `${V1}/experience_drafts`, '体験の下書きを作る', ['ホスト'], 'user', {
    body: draftSchema,
    status: 201,
    response: draftJsonSchema,
  }),
  op('get', `${V1}/experience_drafts/{id}`, '体験の下書きを取得する', ['ホスト'], 'user', { response: draftJsonSchema }),
  op('put', `${V1}/experience_drafts/{id}`, '体験の下書きを更新する', ['ホスト'], 'user', { body: draftSchema, response: draftJsonSchema }),
  op('get', `${V1}/experiences`, '自分の体験を一覧する', ['ホスト'], 'user', {
    query: listQuerySchema,
    response: ownExperiencesJsonSchema,
  }),
  op('post', `${V1}/experiences`, '体験を登録する', ['ホスト'], 'user', {
    body: experienceSchema,
    status: 201,
    errors: [404],
    response: hostExperienceJsonSchema,
  }),
  op('put', `${V1}/experiences/{id}`, '体験を更新する', ['ホスト'], 'user', {
    body: experienceSchema,
    errors: [409],
    response: hostExperienceJsonSchema,
  }),
  // ---- Reservations and payments
  op('post', `${V1}/reservations`, '予約する（決済の確認が要るときは 202）', ['予約'], 'user', {
    body: reserveSchema,
    status: 201,
    errors: [402, 409, 429, 503],
    errorNotes: {
      403: {
        description: 'メールアドレスが未確認です（会員登録の確認メールのリンクを開いてから予約できます）',
        message: ja.emailVerification.requiredToBook,
      },
    },
    response: reservationJsonSchema,
    alternative: { status: 202, description: '決済に追加認証が必要です', response: reservationActionRequiredJsonSchema },
  }),
  op('post', `${V1}/reservations/{id}/confirm`, '追加認証の後に予約を確定する', ['予約'], 'user', {
    status: 201,
    errors: [402, 409, 503],
    response: reservationJsonSchema,
    alternative: { status: 202, description: '決済に追加認証が必要です', response: reservationActionRequiredJsonSchema },
  }),
  // The detail the guest's page shows (a superset of the reservation).
  op('get', `${V1}/reservations/{id}`, '予約を取得する', ['予約'], 'user', { response: reservationDetailJsonSchema }),
  // ---- キャンセル待ち (waitlist)
  op('get', `${V1}/waitlist`, '自分のキャンセル待ち（順番待ち・ご案内中）を一覧する', ['予約'], 'user', {
    query: waitlist.waitlistQuerySchema,
    response: waitlist.waitlistJsonSchema,
  }),
  op('post', `${V1}/waitlist`, '満席の日程のキャンセル待ちに登録する', ['予約'], 'user', {
    body: waitlist.joinWaitlistSchema,
    status: 201,
    errors: [404],
    response: waitlist.waitlistEntryJsonSchema,
  }),
  op('delete', `${V1}/waitlist/{id}`, 'キャンセル待ちを取り消す（ご案内中の席は辞退して次の方へ）', ['予約'], 'user', {
    errors: [409],
    response: waitlist.waitlistEntryJsonSchema,
  }),
  // ---- The guest's reservations and cancellation, the host's whole-slot cancellation
  op('get', `${V1}/reservations`, '自分の予約を一覧する（今後・過去）', ['予約'], 'user', {
    query: reservationListQuerySchema,
    response: reservationListJsonSchema,
  }),
  op('get', `${V1}/reservations/{id}/cancellation`, '今キャンセルした場合の返金額とキャンセル期限を取得する', ['予約'], 'user', {
    response: cancellationPreviewJsonSchema,
  }),
  op('post', `${V1}/reservations/{id}/cancellation`, '予約をキャンセルする（キャンセルポリシーに従って返金）', ['予約'], 'user', {
    body: cancelReservationSchema,
    errors: [409],
    response: reservationDetailJsonSchema,
  }),
  op('get', `${V1}/reservations/{id}/receipt`, '予約の領収書の状態（発行可否・領収書番号・宛名の初期値）を取得する', ['予約'], 'user', {
    response: receiptStateJsonSchema,
  }),
  op('post', `${V1}/reservations/{id}/receipt`, '領収書（PDF、適格簡易請求書）を発行する（2回目以降は再発行）', ['予約'], 'user', {
    body: receiptRequestSchema,
    errors: [409],
    file: { type: 'application/pdf', description: '領収書の PDF（Content-Disposition: attachment）' },
  }),
  op('post', `${V1}/host/calendars/{id}/cancellation`, '開催日程を中止する（予約はすべて全額返金）', ['ホスト'], 'user', {
    body: slotCancellationSchema,
    errors: [409],
    response: slotCancellationResultJsonSchema,
  }),
  op('post', `${V1}/payments/test/tokens`, 'テスト用カードをトークン化する（テスト決済）', ['決済（テスト）'], 'user', {
    errors: [404],
    body: testCardSchema,
    status: 201,
    response: testTokenSchema,
  }),
  op('post', `${V1}/payments/test/intents/{id}/authenticate`, 'テスト決済の追加認証に答える', ['決済（テスト）'], 'user', {
    body: testAuthenticationSchema,
    response: testAuthenticationJsonSchema,
  }),
  op('get', `${V1}/openapi.json`, 'この API の OpenAPI 3.1 文書を取得する', ['開発'], 'none', { response: openApiDocumentJsonSchema }),
  op('get', `${V1}/dev/mails`, '開発用のメールボックスを読む（本番では 404）', ['開発'], 'none', {
    errors: [404],
    response: devMailboxJsonSchema,
  }),
  // ---- Host side: the host's bookings, participants, holding requests, message threads
  op('get', `${V1}/host/reservations`, '自分の体験の予約を開催回ごとに一覧する（ホスト・アンバサダーのメンバー）', ['ホスト'], 'user', {
    query: hostReservationsQuerySchema,
    response: hostReservationsJsonSchema,
  }),
  op(
    'get',
    `${V1}/host/calendars/{id}/participants`,
    '開催回の参加者を取得する（Accept: text/csv か format=csv で CSV）',
    ['ホスト'],
    'user',
    {
      query: participantsQuerySchema,
      response: participantsJsonSchema,
      csv: true,
    },
  ),
  op('get', `${V1}/host/holding_requests`, '自分の体験への開催リクエストを一覧する', ['ホスト'], 'user', {
    query: hostHoldingRequestsQuerySchema,
    response: hostHoldingRequestsJsonSchema,
  }),
  op('get', `${V1}/reservations/{id}/messages`, '予約のメッセージを取得する（ゲストとホスト側のみ）', ['予約'], 'user', {
    response: messagesJsonSchema,
  }),
  op('post', `${V1}/reservations/{id}/messages`, '予約のメッセージを送る（相手にメールで通知）', ['予約'], 'user', {
    body: messageSchema,
    status: 201,
    errors: [429],
    response: messageJsonSchema,
  }),
  // ---- Administrator
  op('get', `${V1}/admin/communities`, 'コミュニティを一覧する（管理者、検索・絞り込み）', ['管理者'], 'admin', {
    query: adminCommunityListQuerySchema,
    response: adminCommunityListJsonSchema,
  }),
  op('put', `${V1}/admin/communities/{id}/brand`, 'コミュニティのブランドを設定する（管理者、監査ログに記録）', ['管理者'], 'admin', {
    body: communityBrandSchema,
    response: adminCommunityListItemJsonSchema,
  }),
  op('post', `${V1}/admin/communities`, 'コミュニティを作る（管理者）', ['管理者'], 'admin', {
    body: communityFormSchema,
    status: 201,
    response: adminCommunityJsonSchema,
  }),
  op('get', `${V1}/admin/communities/{id}`, 'コミュニティの詳細を取得する（管理者）', ['管理者'], 'admin', {
    response: adminCommunityJsonSchema,
  }),
  op('patch', `${V1}/admin/communities/{id}`, 'コミュニティを更新する（管理者）', ['管理者'], 'admin', {
    body: communityFormSchema,
    response: adminCommunityJsonSchema,
  }),
  op('get', `${V1}/admin/dashboard`, 'ダッシュボードの集計（管理者）', ['管理者'], 'admin', { response: adminDashboardJsonSchema }),
  op('get', `${V1}/admin/audit`, '監査ログを取得する（管理者）', ['管理者'], 'admin', {
    query: auditTrailQuerySchema,
    response: auditTrailJsonSchema,
  }),
  op('get', `${V1}/admin/experiences`, '承認待ちの体験を一覧する（管理者、検索・待ち日数で絞り込み）', ['管理者'], 'admin', {
    query: pendingQuerySchema,
    response: pendingExperiencesJsonSchema,
  }),
  op('post', `${V1}/admin/experiences/{id}/approval`, '体験を承認する（管理者）', ['管理者'], 'admin', {
    errors: [409],
    response: approvalJsonSchema,
  }),
  op('post', `${V1}/admin/experiences/{id}/rejection`, '体験を差し戻す（管理者）', ['管理者'], 'admin', {
    body: rejectExperienceSchema,
    status: 201,
    errors: [409],
    response: rejectionResultJsonSchema,
  }),
  // ---- Payouts (the office's monthly close)
  op('get', `${V1}/admin/payouts`, '支払バッチを一覧する（管理者）', ['支払'], 'admin', {
    query: listQuerySchema,
    response: payoutBatchListJsonSchema,
  }),
  op('post', `${V1}/admin/payouts`, '月の支払バッチを準備する（管理者。準備済みの月はそのまま返す）', ['支払'], 'admin', {
    body: monthInputSchema,
    status: 201,
    alternative: { status: 200, description: '準備済み（何も変更していません）', response: payoutBatchDetailJsonSchema },
    errors: [409],
    response: payoutBatchDetailJsonSchema,
  }),
  op('get', `${V1}/admin/payouts/{id}`, '支払バッチと明細を取得する（管理者）', ['支払'], 'admin', {
    response: payoutBatchDetailJsonSchema,
  }),
  op('get', `${V1}/admin/payouts/{id}/file`, '総合振込ファイル（全銀協フォーマット）を書き出す（管理者）', ['支払'], 'admin', {
    errors: [409],
    file: { type: 'text/plain', description: '全銀協規定フォーマット 総合振込（120バイト固定長、JIS X 0201 半角カナ、CRLF区切り）' },
  }),
  op('post', `${V1}/admin/payouts/{id}/paid`, '支払バッチを支払済みにする（管理者）', ['支払'], 'admin', {
    response: payoutBatchDetailJsonSchema,
  }),
  op('post', `${V1}/admin/payees/{id}/adjustments`, '支払先の残高を調整する（管理者、理由つき）', ['支払'], 'admin', {
    body: adjustmentInputSchema,
    status: 201,
    response: ledgerEntryJsonSchema,
  }),
  op('get', `${V1}/host/earnings`, '売上と次回のお支払いを取得する（ホスト、アンバサダーのメンバー）', ['支払'], 'user', {
    query: earningsQuerySchema,
    errors: [404],
    response: earningsJsonSchema,
  }),
  op('get', `${V1}/host/earnings/statement`, '締めた月の支払明細書を CSV で取得する', ['支払'], 'user', {
    query: earningsQuerySchema,
    errors: [404],
    file: { type: 'text/csv', description: '支払明細書（UTF-8 BOM 付き、CRLF）' },
  }),
  op('get', `${V1}/host/earnings/statement.pdf`, '月の支払明細書を PDF で取得する', ['支払'], 'user', {
    query: earningsQuerySchema,
    errors: [404],
    file: { type: 'application/pdf', description: '支払明細書（A4、日本語フォント埋め込み）' },
  }),
  op('get', `${V1}/host/bank-account`, '振込先口座を取得する（口座番号は伏せ字）', ['支払'], 'user', {
    query: payeeScopeSchema,
    errors: [404],
    response: bankAccountJsonSchema,
  }),
  op('put', `${V1}/host/bank-account`, '振込先口座を登録・変更する', ['支払'], 'user', {
    query: payeeScopeSchema,
    body: bankAccountInputSchema,
    errors: [404],
    response: bankAccountJsonSchema,
  }),
  op('put', `${V1}/admin/payees/{id}/commission-rate`, '支払先の契約手数料率を設定する（管理者）', ['支払'], 'admin', {
    body: contractRateInputSchema,
    response: payeeRateJsonSchema,
  }),
  op('get', `${V1}/admin/coupons`, 'クーポンを一覧する（管理者）', ['管理者'], 'admin', {
    query: couponListSchema,
    response: couponListJsonSchema,
  }),
  op('post', `${V1}/admin/coupons`, 'クーポンを作る（管理者）', ['管理者'], 'admin', {
    body: couponCreateSchema,
    status: 201,
    response: couponJsonSchema,
  }),
  op('get', `${V1}/admin/coupons/{id}`, 'クーポンを取得する（管理者）', ['管理者'], 'admin', { response: couponJsonSchema }),
  op('patch', `${V1}/admin/coupons/{id}`, 'クーポンの上限と有効期限を変更する（管理者）', ['管理者'], 'admin', {
    body: couponUpdateSchema,
    response: couponJsonSchema,
  }),
  op('post', `${V1}/admin/coupons/{id}/deactivation`, 'クーポンを利用停止にする（管理者）', ['管理者'], 'admin', {
    errors: [409],
    response: couponJsonSchema,
  }),
  // ---- Brand portal
  op('post', `${BRAND}/brand-members/sign-in`, 'ブランドポータルにログインする', ['ブランドポータル'], 'none', {
    body: brandSignInSchema,
    status: 201,
    errors: [401, 429],
    response: brandMemberMeJsonSchema,
  }),
  op('delete', `${BRAND}/brand-members/sign-out`, 'ブランドポータルからログアウトする', ['ブランドポータル'], 'optional', { status: 204 }),
  op('get', `${BRAND}/brand-members/me`, 'ログイン中のブランドメンバーを取得する', ['ブランドポータル'], 'brand', {
    response: brandMemberMeJsonSchema,
  }),
  op('get', `${BRAND}/brand-members/email`, 'メールアドレスと確認待ちの変更を取得する', ['ブランドポータル'], 'brand', {
    response: emailStatusJsonSchema,
  }),
  op(
    'post',
    `${BRAND}/brand-members/email`,
    'メールアドレスの変更を申請する（/api/v1/account/email と同じ仕組み）',
    ['ブランドポータル'],
    'brand',
    {
      body: emailChangeRequestSchema,
      status: 202,
      errors: [429],
      response: emailChangeRequestedJsonSchema,
    },
  ),
  op('delete', `${BRAND}/brand-members/email`, '確認待ちのメールアドレス変更を取り消す', ['ブランドポータル'], 'brand', {
    response: emailStatusJsonSchema,
  }),
  op('get', `${BRAND}/brand-members/invitation`, '招待リンクを確かめる', ['ブランドポータル'], 'none', {
    query: invitationCheckSchema,
    response: brandMemberJsonSchema,
  }),
  op('put', `${BRAND}/brand-members/invitation`, '招待を受けてパスワードを設定する', ['ブランドポータル'], 'none', {
    body: invitationAcceptSchema,
    errors: [429],
    response: brandMemberJsonSchema,
  }),
  op('post', `${BRAND}/brand-members/invitation`, '自分のブランドにメンバーを招待する', ['ブランドポータル'], 'brand', {
    body: brandMemberInvitationSchema,
    status: 201,
    errors: [409],
    response: brandInvitationSentJsonSchema,
  }),
  op('post', `${BRAND}/brand-members/password`, 'パスワード再設定メールを送る', ['ブランドポータル'], 'none', {
    body: passwordResetRequestSchema,
    status: 202,
    errors: [429],
    response: passwordResetRequestedJsonSchema,
  }),
  op('put', `${BRAND}/brand-members/password`, 'パスワードを再設定する', ['ブランドポータル'], 'none', {
    body: passwordResetSchema,
    errors: [429],
    response: passwordResetDoneJsonSchema,
  }),
  ...accountSecurityOps(BRAND, 'ブランドポータル', 'brand'),
  op('get', `${BRAND}/brand-members`, '自分のブランドのメンバーを一覧する', ['ブランドポータル'], 'brand', {
    response: brandPortalMembersJsonSchema,
  }),
  op('delete', `${BRAND}/brand-members/{id}`, '自分のブランドのメンバーを外す', ['ブランドポータル'], 'brand', { status: 204 }),
  op('post', `${BRAND}/uploads`, '画像をアップロードする（ブランドポータル）', ['ブランドポータル'], 'brand', {
    body: uploadFieldsSchema,
    multipart: true,
    status: 201,
    errors: [413, 429, 502],
    response: uploadResultSchema,
  }),
  op('get', `${BRAND}/dashboard`, 'ダッシュボードの集計', ['ブランドポータル'], 'brand', { response: brandDashboardJsonSchema }),
  op('get', `${BRAND}/communities`, 'ブランドのコミュニティを一覧する', ['ブランドポータル'], 'brand', {
    query: pageQuerySchema,
    response: brandCommunitiesJsonSchema,
  }),
  op('post', `${BRAND}/communities`, 'コミュニティを作る', ['ブランドポータル'], 'brand', {
    body: communityFormSchema,
    status: 201,
    response: adminCommunityJsonSchema,
  }),
  op('get', `${BRAND}/communities/{id}`, 'コミュニティの詳細を取得する', ['ブランドポータル'], 'brand', {
    response: adminCommunityJsonSchema,
  }),
  op('put', `${BRAND}/communities/{id}`, 'コミュニティを更新する', ['ブランドポータル'], 'brand', {
    body: communityFormSchema,
    response: adminCommunityJsonSchema,
  }),
  op('get', `${BRAND}/ambassadors`, '紐付けできるアンバサダーを一覧する', ['ブランドポータル'], 'brand', {
    query: portalAmbassadorsQuerySchema,
    errors: [404],
    response: brandAmbassadorsJsonSchema,
  }),
  op('get', `${BRAND}/communities/{community_id}/ambassadors`, 'コミュニティのアンバサダーを一覧する', ['ブランドポータル'], 'brand', {
    query: pageQuerySchema,
    response: brandCommunityAmbassadorsJsonSchema,
  }),
  op(
    'post',
    `${BRAND}/communities/{community_id}/ambassadors/{ambassador_id}/association`,
    'コミュニティにアンバサダーを紐付ける',
    ['ブランドポータル'],
    'brand',
    { status: 201, errors: [409], response: brandAssociationJsonSchema },
  ),
  op(
    'delete',
    `${BRAND}/communities/{community_id}/ambassadors/{ambassador_id}/association`,
    'コミュニティからアンバサダーを外す',
    ['ブランドポータル'],
    'brand',
    { status: 204 },
  ),
  op('get', `${BRAND}/communities/{community_id}/experiences`, 'コミュニティの体験を一覧する', ['ブランドポータル'], 'brand', {
    query: experiencesQuerySchema,
    response: brandExperiencesJsonSchema,
  }),
  op('get', `${BRAND}/experiences/{id}/participant-numbers`, '体験の参加者数を取得する', ['ブランドポータル'], 'brand', {
    query: participantNumbersQuerySchema,
    response: participantNumbersJsonSchema,
  }),
  op('get', `${BRAND}/community-applications`, 'コミュニティへの参加申込を一覧する（検索・絞り込み）', ['ブランドポータル'], 'brand', {
    query: applicationsQuerySchema,
    errors: [404],
    response: brandApplicationsJsonSchema,
  }),
  op('get', `${BRAND}/community-applications/{id}`, '参加申込の詳細を取得する', ['ブランドポータル'], 'brand', {
    response: brandApplicationDetailJsonSchema,
  }),
  op('put', `${BRAND}/community-applications/{id}`, '参加申込の対応状況を更新する', ['ブランドポータル'], 'brand', {
    body: applicationHandledSchema,
    response: brandApplicationDetailJsonSchema,
  }),
  // ---- Details: password reset for marketplace users, deleting a draft, a pending experience back to a draft
  op('post', `${V1}/password_resets`, 'パスワード再設定メールを送る', ['アカウント'], 'none', {
    body: userPasswordResetRequestSchema,
    status: 202,
    errors: [429],
    response: userPasswordResetRequestedJsonSchema,
  }),
  op('put', `${V1}/password_resets`, 'パスワードを再設定する', ['アカウント'], 'none', {
    body: userPasswordResetSchema,
    errors: [429],
    response: userPasswordResetDoneJsonSchema,
  }),
  op('delete', `${V1}/experience_drafts/{id}`, '体験の下書きを削除する', ['ホスト'], 'user', { status: 204 }),
  op('post', `${V1}/experiences/{id}/draft`, '公開申請中の体験を取り下げて下書きに戻す', ['ホスト'], 'user', {
    body: draftSchema,
    status: 201,
    errors: [409],
    response: draftJsonSchema,
  }),
  // ---- Reviews and the Stripe webhook
  op('post', `${V1}/reservations/{id}/review`, '予約した体験のレビューを投稿する（体験の終了後、1予約1件）', ['予約'], 'user', {
    body: reviewSchema,
    status: 201,
    errors: [409],
    response: reviewJsonSchema,
  }),
  op('post', `${V1}/reviews/{id}/reply`, 'レビューにホストとして返信する（1回のみ）', ['ホスト'], 'user', {
    body: replySchema,
    errors: [409],
    response: reviewJsonSchema,
  }),
  op('post', `${V1}/payments/stripe/webhook`, 'Stripe からのイベントを受け取る（署名必須。未設定なら 404）', ['決済'], 'none', {
    body: stripeEventSchema,
    errors: [400, 404, 413, 503],
    response: stripeWebhookAnswerSchema,
  }),
];
