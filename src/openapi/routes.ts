// The route table the OpenAPI document is generated from (server-only): one entry per /api/v1 and /brand/api/v1
// operation, naming the zod schema its service validates with. tests/api/openapi.test.ts checks that this table
// and the Express app's registered routes are the same set, so a new route cannot be left undocumented.
import type { z } from 'zod';
import { signInSchema, signUpSchema } from '#src/modules/users/users.schemas';
import { userSearchQuerySchema } from '#src/modules/users/user-search.schemas';
import { storiesQuerySchema } from '#src/modules/experiences/experiences.schemas';
import { draftSchema, experienceSchema } from '#src/modules/experiences/experiences.host.schemas';
import { calendarsQuerySchema } from '#src/modules/calendars/calendars.schemas';
import { reviewsQuerySchema } from '#src/modules/reviews/reviews.schemas';
import { replySchema, reviewSchema } from '#src/modules/reviews/review-posting.schemas';
import { quoteSchema, reserveSchema } from '#src/modules/reservations/reservations.schemas';
import { communityApplicationSchema, communityFormSchema } from '#src/modules/communities/communities.schemas';
import { ambassadorFormSchema, listQuerySchema } from '#src/modules/ambassadors/ambassadors.schemas';
import { brandFormSchema, brandListQuerySchema } from '#src/modules/brands/brands.schemas';
import {
  brandMemberInvitationSchema,
  brandSignInSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '#src/modules/brand-members/brand-members.schemas';
import { applicationHandledSchema, experiencesQuerySchema, pageQuerySchema } from '#src/modules/brand-portal/brand-portal.schemas';
import {
  brandInquirySchema,
  contactInquirySchema,
  inquiryListQuerySchema,
  inquiryResolvedSchema,
} from '#src/modules/inquiries/inquiries.schemas';
import { testAuthenticationSchema, testCardSchema } from '#src/modules/payments/payments.schemas';
import { stripeEventSchema } from '#src/modules/payments/stripe-webhook.schemas';
import { auditTrailQuerySchema } from '#src/modules/audit/audit.schemas';
import { rejectExperienceSchema } from '#src/modules/experience-approvals/experience-approvals.schemas';
import { uploadFieldsSchema } from '#src/modules/uploads/uploads.schemas';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** none: anyone; user: the marketplace session (cookie sid); brand: the brand portal session (the same cookie). */
export type Security = 'none' | 'optional' | 'user' | 'admin' | 'brand';

export interface Operation {
  method: HttpMethod;
  /** The full path in OpenAPI form (`{id}`), starting /api/v1 or /brand/api/v1. */
  path: string;
  summary: string;
  tags: string[];
  security: Security;
  /** The object schema the service parses the query string with (each property one query parameter). */
  query?: z.ZodType;
  /** The schema the service parses the JSON body with. */
  body?: z.ZodType;
  /** multipart/form-data (the upload): the body schema names the form fields besides the file. */
  multipart?: boolean;
  /** The success status (200 unless stated). */
  status?: 200 | 201 | 202 | 204;
  /** Statuses this operation answers besides the defaults derived from security, parameters and body. */
  errors?: number[];
}

const V1 = '/api/v1';
const BRAND = '/brand/api/v1';

const op = (method: HttpMethod, path: string, summary: string, tags: string[], security: Security, rest: Partial<Operation> = {}) =>
  ({ method, path, summary, tags, security, ...rest }) satisfies Operation;

export const operations: Operation[] = [
  // ---- Sessions and accounts
  op('post', `${V1}/sessions`, 'ログインする', ['アカウント'], 'none', { body: signInSchema, status: 201, errors: [429] }),
  op('delete', `${V1}/sessions`, 'ログアウトする', ['アカウント'], 'optional', { status: 204 }),
  op('post', `${V1}/users`, '会員登録する', ['アカウント'], 'none', { body: signUpSchema, status: 201, errors: [409, 429] }),
  op('get', `${V1}/me`, 'ログイン中の利用者を取得する', ['アカウント'], 'optional'),
  op('get', `${V1}/users`, '利用者を検索する（アンバサダーのメンバー追加用）', ['アカウント'], 'user', { query: userSearchQuerySchema }),
  op('get', `${V1}/profiles/{id}`, '公開プロフィールを取得する', ['アカウント'], 'none'),
  // ---- Public browsing
  op('get', `${V1}/stories`, '体験を一覧・検索する', ['体験'], 'none', { query: storiesQuerySchema }),
  op('get', `${V1}/experiences/{id}`, '体験の詳細を取得する', ['体験'], 'optional'),
  op('get', `${V1}/experiences/{id}/other_experiences`, '同じホストの他の体験を取得する', ['体験'], 'none'),
  op('get', `${V1}/experiences/{id}/calendars`, '体験の開催日程を取得する', ['体験'], 'optional', { query: calendarsQuerySchema }),
  op('get', `${V1}/calendars/{id}`, '開催日程を取得する', ['体験'], 'none'),
  op('get', `${V1}/experiences/{id}/reviews`, '体験のレビューを取得する', ['体験'], 'none', { query: reviewsQuerySchema }),
  op('get', `${V1}/experiences/{tour_id}/price`, '料金を見積もる', ['予約'], 'optional', { query: quoteSchema }),
  op('post', `${V1}/experiences/{id}/holding_requests`, '開催リクエストを送る', ['体験'], 'user', { status: 201, errors: [409] }),
  op('get', `${V1}/categories`, 'カテゴリー一覧を取得する', ['参照データ'], 'none'),
  op('get', `${V1}/themes`, 'テーマ一覧を取得する', ['参照データ'], 'none'),
  op('get', `${V1}/occupations`, '職業一覧を取得する', ['参照データ'], 'none'),
  op('get', `${V1}/prefectures`, '都道府県一覧を取得する', ['参照データ'], 'none'),
  // ---- Communities
  op('get', `${V1}/communities/{id}/detail`, 'コミュニティの詳細を取得する', ['コミュニティ'], 'optional'),
  op('post', `${V1}/community_applications`, 'コミュニティに参加を申し込む', ['コミュニティ'], 'user', {
    body: communityApplicationSchema,
    status: 201,
    errors: [409],
  }),
  // ---- Brands and ambassadors
  op('get', `${V1}/brands`, 'ブランドを一覧する', ['ブランド'], 'none', { query: brandListQuerySchema }),
  op('get', `${V1}/brands/{id}`, 'ブランドの詳細を取得する', ['ブランド'], 'none'),
  op('get', `${V1}/brands/{id}/communities`, 'ブランドのコミュニティを取得する', ['ブランド'], 'none'),
  op('post', `${V1}/brands`, 'ブランドを登録する（管理者）', ['ブランド'], 'admin', { body: brandFormSchema, status: 201 }),
  op('put', `${V1}/brands/{id}`, 'ブランドを更新する（管理者）', ['ブランド'], 'admin', { body: brandFormSchema }),
  op('post', `${V1}/brands/{brand_id}/members/invitation`, 'ブランドメンバーを招待する（管理者）', ['ブランド'], 'admin', {
    body: brandMemberInvitationSchema,
    status: 201,
    errors: [409],
  }),
  op('get', `${V1}/brands/{brand_id}/members`, 'ブランドメンバーを一覧する（管理者）', ['ブランド'], 'admin'),
  op('delete', `${V1}/brands/{brand_id}/members/{id}`, 'ブランドメンバーを外す（管理者）', ['ブランド'], 'admin', { status: 204 }),
  op('get', `${V1}/ambassadors`, 'アンバサダーを一覧する', ['アンバサダー'], 'none', { query: listQuerySchema }),
  op('get', `${V1}/ambassadors/{id}`, 'アンバサダーの詳細を取得する', ['アンバサダー'], 'none'),
  op('get', `${V1}/ambassadors/{id}/communities`, 'アンバサダーのコミュニティを取得する', ['アンバサダー'], 'none'),
  op('post', `${V1}/ambassadors`, 'アンバサダーを登録する（管理者）', ['アンバサダー'], 'admin', {
    body: ambassadorFormSchema,
    status: 201,
  }),
  op('put', `${V1}/ambassadors/{id}`, 'アンバサダーを更新する（管理者）', ['アンバサダー'], 'admin', { body: ambassadorFormSchema }),
  op('get', `${V1}/ambassadors/{ambassador_id}/members`, 'アンバサダーのメンバーを一覧する', ['アンバサダー'], 'user'),
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
    },
  ),
  // ---- Inquiries
  op('post', `${V1}/brand_and_ambassador_inquiries`, 'ブランド・アンバサダーの問い合わせを送る', ['問い合わせ'], 'optional', {
    body: brandInquirySchema,
    status: 201,
    errors: [429],
  }),
  op('post', `${V1}/contact_inquiries`, 'お問い合わせを送る', ['問い合わせ'], 'optional', {
    body: contactInquirySchema,
    status: 201,
    errors: [429],
  }),
  op('get', `${V1}/brand_and_ambassador_inquiries`, '問い合わせを一覧する（管理者）', ['問い合わせ'], 'admin', {
    query: inquiryListQuerySchema,
  }),
  op('get', `${V1}/brand_and_ambassador_inquiries/{id}`, '問い合わせの詳細を取得する（管理者）', ['問い合わせ'], 'admin'),
  op('put', `${V1}/brand_and_ambassador_inquiries/{id}`, '問い合わせの対応状況を更新する（管理者）', ['問い合わせ'], 'admin', {
    body: inquiryResolvedSchema,
  }),
  // ---- Hosting
  op('post', `${V1}/uploads`, '画像をアップロードする', ['ホスト'], 'user', {
    body: uploadFieldsSchema,
    multipart: true,
    status: 201,
    errors: [413, 429, 502],
  }),
  op('get', `${V1}/experience_drafts`, '体験の下書きを一覧する', ['ホスト'], 'user'),
  op('post', `${V1}/experience_drafts`, '体験の下書きを作る', ['ホスト'], 'user', { body: draftSchema, status: 201 }),
  op('get', `${V1}/experience_drafts/{id}`, '体験の下書きを取得する', ['ホスト'], 'user'),
  op('put', `${V1}/experience_drafts/{id}`, '体験の下書きを更新する', ['ホスト'], 'user', { body: draftSchema }),
  op('get', `${V1}/experiences`, '自分の体験を一覧する', ['ホスト'], 'user'),
  op('post', `${V1}/experiences`, '体験を登録する', ['ホスト'], 'user', { body: experienceSchema, status: 201 }),
  op('put', `${V1}/experiences/{id}`, '体験を更新する', ['ホスト'], 'user', { body: experienceSchema, errors: [409] }),
  // ---- Reservations and payments
  op('post', `${V1}/reservations`, '予約する（決済の確認が要るときは 202）', ['予約'], 'user', {
    body: reserveSchema,
    status: 201,
    errors: [402, 409, 429, 503],
  }),
  op('post', `${V1}/reservations/{id}/confirm`, '追加認証の後に予約を確定する', ['予約'], 'user', { status: 201, errors: [402, 409, 503] }),
  op('get', `${V1}/reservations/{id}`, '予約を取得する', ['予約'], 'user'),
  op('post', `${V1}/payments/test/tokens`, 'テスト用カードをトークン化する（テスト決済）', ['決済（テスト）'], 'none', {
    body: testCardSchema,
    status: 201,
  }),
  op('post', `${V1}/payments/test/intents/{id}/authenticate`, 'テスト決済の追加認証に答える', ['決済（テスト）'], 'none', {
    body: testAuthenticationSchema,
  }),
  op('get', `${V1}/openapi.json`, 'この API の OpenAPI 3.1 文書を取得する', ['開発'], 'none'),
  op('get', `${V1}/dev/mails`, '開発用のメールボックスを読む（本番では 404）', ['開発'], 'none'),
  // ---- Administrator
  op('get', `${V1}/admin/communities`, 'コミュニティを一覧する（管理者）', ['管理者'], 'admin'),
  op('post', `${V1}/admin/communities`, 'コミュニティを作る（管理者）', ['管理者'], 'admin', { body: communityFormSchema, status: 201 }),
  op('get', `${V1}/admin/communities/{id}`, 'コミュニティの詳細を取得する（管理者）', ['管理者'], 'admin'),
  op('patch', `${V1}/admin/communities/{id}`, 'コミュニティを更新する（管理者）', ['管理者'], 'admin', { body: communityFormSchema }),
  op('get', `${V1}/admin/audit`, '監査ログを取得する（管理者）', ['管理者'], 'admin', { query: auditTrailQuerySchema }),
  op('get', `${V1}/admin/experiences`, '承認待ちの体験を一覧する（管理者）', ['管理者'], 'admin', { query: listQuerySchema }),
  op('post', `${V1}/admin/experiences/{id}/approval`, '体験を承認する（管理者）', ['管理者'], 'admin', { errors: [409] }),
  op('post', `${V1}/admin/experiences/{id}/rejection`, '体験を差し戻す（管理者）', ['管理者'], 'admin', {
    body: rejectExperienceSchema,
    status: 201,
    errors: [409],
  }),
  // ---- Brand portal
  op('post', `${BRAND}/brand-members/sign-in`, 'ブランドポータルにログインする', ['ブランドポータル'], 'none', {
    body: brandSignInSchema,
    status: 201,
    errors: [429],
  }),
  op('delete', `${BRAND}/brand-members/sign-out`, 'ブランドポータルからログアウトする', ['ブランドポータル'], 'optional', { status: 204 }),
  op('get', `${BRAND}/brand-members/me`, 'ログイン中のブランドメンバーを取得する', ['ブランドポータル'], 'brand'),
  op('get', `${BRAND}/brand-members/invitation`, '招待リンクを確かめる', ['ブランドポータル'], 'none'),
  op('put', `${BRAND}/brand-members/invitation`, '招待を受けてパスワードを設定する', ['ブランドポータル'], 'none', { errors: [429] }),
  op('post', `${BRAND}/brand-members/invitation`, '自分のブランドにメンバーを招待する', ['ブランドポータル'], 'brand', {
    body: brandMemberInvitationSchema,
    status: 201,
    errors: [409],
  }),
  op('post', `${BRAND}/brand-members/password`, 'パスワード再設定メールを送る', ['ブランドポータル'], 'none', {
    body: passwordResetRequestSchema,
    status: 202,
    errors: [429],
  }),
  op('put', `${BRAND}/brand-members/password`, 'パスワードを再設定する', ['ブランドポータル'], 'none', {
    body: passwordResetSchema,
    errors: [429],
  }),
  op('get', `${BRAND}/brand-members`, '自分のブランドのメンバーを一覧する', ['ブランドポータル'], 'brand'),
  op('delete', `${BRAND}/brand-members/{id}`, '自分のブランドのメンバーを外す', ['ブランドポータル'], 'brand', { status: 204 }),
  op('get', `${BRAND}/communities`, 'ブランドのコミュニティを一覧する', ['ブランドポータル'], 'brand', { query: pageQuerySchema }),
  op('post', `${BRAND}/communities`, 'コミュニティを作る', ['ブランドポータル'], 'brand', { body: communityFormSchema, status: 201 }),
  op('get', `${BRAND}/communities/{id}`, 'コミュニティの詳細を取得する', ['ブランドポータル'], 'brand'),
  op('put', `${BRAND}/communities/{id}`, 'コミュニティを更新する', ['ブランドポータル'], 'brand', { body: communityFormSchema }),
  op('get', `${BRAND}/ambassadors`, '紐付けできるアンバサダーを一覧する', ['ブランドポータル'], 'brand', { query: pageQuerySchema }),
  op('get', `${BRAND}/communities/{community_id}/ambassadors`, 'コミュニティのアンバサダーを一覧する', ['ブランドポータル'], 'brand', {
    query: pageQuerySchema,
  }),
  op(
    'post',
    `${BRAND}/communities/{community_id}/ambassadors/{ambassador_id}/association`,
    'コミュニティにアンバサダーを紐付ける',
    ['ブランドポータル'],
    'brand',
    { status: 201, errors: [409] },
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
  }),
  op('get', `${BRAND}/experiences/{id}/participant-numbers`, '体験の参加者数を取得する', ['ブランドポータル'], 'brand'),
  op('get', `${BRAND}/community-applications`, 'コミュニティへの参加申込を一覧する', ['ブランドポータル'], 'brand', {
    query: pageQuerySchema,
  }),
  op('get', `${BRAND}/community-applications/{id}`, '参加申込の詳細を取得する', ['ブランドポータル'], 'brand'),
  op('put', `${BRAND}/community-applications/{id}`, '参加申込の対応状況を更新する', ['ブランドポータル'], 'brand', {
    body: applicationHandledSchema,
  }),
  // ---- Issue 13 (r13c): reviews and the Stripe webhook
  op('post', `${V1}/reservations/{id}/review`, '予約した体験のレビューを投稿する（体験の終了後、1予約1件）', ['予約'], 'user', {
    body: reviewSchema,
    status: 201,
    errors: [409],
  }),
  op('post', `${V1}/reviews/{id}/reply`, 'レビューにホストとして返信する（1回のみ）', ['ホスト'], 'user', {
    body: replySchema,
    errors: [409],
  }),
  op('post', `${V1}/payments/stripe/webhook`, 'Stripe からのイベントを受け取る（署名必須。未設定なら 404）', ['決済'], 'none', {
    body: stripeEventSchema,
    errors: [400, 404, 413, 503],
  }),
];
