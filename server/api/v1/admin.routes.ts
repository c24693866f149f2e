// The administrator area's own calls (admin-and-brand-portal.md §7 /admin/communities; the audit trail, the
// experience approval queue, the coupons, an operator's cancellation of a reservation and the review moderation, not
// in the spec). Every service method requires ADMIN itself (401 signed out, 403 otherwise), so routes only pass the
// input along.
import type { Request } from 'express';
import { adminCommunityJsonSchema, communityFormSchema } from '#src/modules/communities/communities.schemas';
import {
  adminApplicationDetailJsonSchema,
  adminApplicationListJsonSchema,
  adminApplicationListQuerySchema,
  adminCommunityListItemJsonSchema,
  adminCommunityListJsonSchema,
  adminCommunityListQuerySchema,
  communityBrandSchema,
} from '#src/modules/communities/community-list.schemas';
import { applicationHandledSchema } from '#src/modules/brand-portal/brand-portal.schemas';
import { adminDashboardJsonSchema } from '#src/modules/dashboards/dashboards.schemas';
import {
  auditLogListJsonSchema,
  auditLogListQuerySchema,
  auditTrailJsonSchema,
  auditTrailQuerySchema,
} from '#src/modules/audit/audit.schemas';
import {
  approvalJsonSchema,
  pendingExperiencesJsonSchema,
  pendingQuerySchema,
  rejectExperienceSchema,
  rejectionResultJsonSchema,
} from '#src/modules/experience-approvals/experience-approvals.schemas';
import {
  couponCreateSchema,
  couponJsonSchema,
  couponListJsonSchema,
  couponListSchema,
  couponUpdateSchema,
} from '#src/modules/coupons/coupons.schemas';
import { operatorCancellationResultJsonSchema, operatorCancellationSchema } from '#src/modules/reservations/operator-cancellation.schemas';
import {
  adminReviewJsonSchema,
  adminReviewListJsonSchema,
  adminReviewListQuerySchema,
  hideReviewSchema,
} from '#src/modules/reviews/review-moderation.schemas';
import {
  adminReservationDetailJsonSchema,
  adminReservationListJsonSchema,
  adminReservationListQuerySchema,
} from '#src/modules/reservations/admin-reservations.schemas';
import { adminUserListJsonSchema, adminUserListQuerySchema } from '#src/modules/users/admin-users.schemas';
import { route, type ApiRoute } from '#server/api/route';
import { adminApplicationExample, adminCommunityExample } from './admin.examples';

/** Path parameters win over body fields of the same name. */
const input = (req: Request) => ({ ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

const admin = ['管理者'];

export const adminRoutes: ApiRoute[] = [
  route('get', '/admin/communities', 'コミュニティを一覧する（管理者、検索・絞り込み）', admin, 'admin', {
    query: adminCommunityListQuerySchema,
    response: adminCommunityListJsonSchema,
    answer: (req, services) => services.communities.adminList(req.ctx, req.query),
  }),
  route('put', '/admin/communities/:id/brand', 'コミュニティのブランドを設定する（管理者、監査ログに記録）', admin, 'admin', {
    body: communityBrandSchema,
    response: adminCommunityListItemJsonSchema,
    answer: (req, services) => services.communities.assignBrand(req.ctx, input(req)),
  }),
  route('post', '/admin/communities', 'コミュニティを作る（管理者）', admin, 'admin', {
    body: communityFormSchema,
    status: 201,
    response: adminCommunityJsonSchema,
    answer: (req, services) => services.communities.create(req.ctx, input(req)),
  }),
  route('get', '/admin/communities/:id', 'コミュニティの詳細を取得する（管理者）', admin, 'admin', {
    response: adminCommunityJsonSchema,
    example: adminCommunityExample,
    answer: (req, services) => services.communities.adminDetail(req.ctx, req.params),
  }),
  route('patch', '/admin/communities/:id', 'コミュニティを更新する（管理者）', admin, 'admin', {
    body: communityFormSchema,
    response: adminCommunityJsonSchema,
    answer: (req, services) => services.communities.update(req.ctx, input(req)),
  }),
  // Every community's applications, those of a community without a brand included (which no brand member reads).
  route('get', '/admin/community-applications', 'コミュニティへの参加申込を一覧する（管理者、検索・絞り込み）', admin, 'admin', {
    query: adminApplicationListQuerySchema,
    response: adminApplicationListJsonSchema,
    answer: (req, services) => services.communities.adminApplications(req.ctx, req.query),
  }),
  route('get', '/admin/community-applications/:id', '参加申込の詳細を取得する（管理者）', admin, 'admin', {
    response: adminApplicationDetailJsonSchema,
    example: adminApplicationExample,
    answer: (req, services) => services.communities.adminApplication(req.ctx, req.params),
  }),
  route('put', '/admin/community-applications/:id', '参加申込の対応状況を更新する（管理者、監査ログに記録）', admin, 'admin', {
    body: applicationHandledSchema,
    response: adminApplicationDetailJsonSchema,
    answer: (req, services) => services.communities.adminSetApplicationHandled(req.ctx, input(req)),
  }),
  route('get', '/admin/dashboard', 'ダッシュボードの集計（管理者）', admin, 'admin', {
    response: adminDashboardJsonSchema,
    answer: (req, services) => services.dashboards.admin(req.ctx, req.query),
  }),
  route('get', '/admin/audit', '監査ログを取得する（管理者）', admin, 'admin', {
    query: auditTrailQuerySchema,
    response: auditTrailJsonSchema,
    answer: (req, services) => services.audit.trail(req.ctx, req.query),
  }),
  route('get', '/admin/audit-log', '監査ログの全件を一覧する（管理者、対象の種類・日付で絞り込み）', admin, 'admin', {
    query: auditLogListQuerySchema,
    response: auditLogListJsonSchema,
    answer: (req, services) => services.audit.list(req.ctx, req.query),
  }),
  route('get', '/admin/experiences', '承認待ちの体験を一覧する（管理者、検索・待ち日数で絞り込み）', admin, 'admin', {
    query: pendingQuerySchema,
    response: pendingExperiencesJsonSchema,
    answer: (req, services) => services.experienceApprovals.pending(req.ctx, req.query),
  }),
  route('post', '/admin/experiences/:id/approval', '体験を承認する（管理者）', admin, 'admin', {
    errors: [409],
    response: approvalJsonSchema,
    answer: (req, services) => services.experienceApprovals.approve(req.ctx, req.params),
  }),
  route('post', '/admin/experiences/:id/rejection', '体験を差し戻す（管理者）', admin, 'admin', {
    body: rejectExperienceSchema,
    status: 201,
    errors: [409],
    response: rejectionResultJsonSchema,
    answer: (req, services) => services.experienceApprovals.reject(req.ctx, input(req)),
  }),
  // The support desk's lookup of any reservation (its cancellation by an operator is POST …/cancellation below).
  route('get', '/admin/reservations', '予約を一覧する（管理者、予約番号・キーワード・状態・日付で絞り込み）', admin, 'admin', {
    query: adminReservationListQuerySchema,
    response: adminReservationListJsonSchema,
    answer: (req, services) => services.adminReservations.list(req.ctx, req.query),
  }),
  route('get', '/admin/reservations/:id', '予約の詳細を取得する（管理者）', admin, 'admin', {
    response: adminReservationDetailJsonSchema,
    answer: (req, services) => services.adminReservations.detail(req.ctx, req.params),
  }),
  // Every account, paged (the user pickers keep GET /api/v1/users?q=, whose answer is their dropdown's).
  route('get', '/admin/users', '利用者を一覧する（管理者、キーワード・権限・退会済みで絞り込み）', admin, 'admin', {
    query: adminUserListQuerySchema,
    response: adminUserListJsonSchema,
    answer: (req, services) => services.adminUsers.list(req.ctx, req.query),
  }),
  route('get', '/admin/coupons', 'クーポンを一覧する（管理者）', admin, 'admin', {
    query: couponListSchema,
    response: couponListJsonSchema,
    answer: (req, services) => services.coupons.list(req.ctx, req.query),
  }),
  route('post', '/admin/coupons', 'クーポンを作る（管理者）', admin, 'admin', {
    body: couponCreateSchema,
    status: 201,
    response: couponJsonSchema,
    answer: (req, services) => services.coupons.create(req.ctx, input(req)),
  }),
  route('get', '/admin/coupons/:id', 'クーポンを取得する（管理者）', admin, 'admin', {
    response: couponJsonSchema,
    answer: (req, services) => services.coupons.detail(req.ctx, req.params),
  }),
  route('patch', '/admin/coupons/:id', 'クーポンの上限と有効期限を変更する（管理者）', admin, 'admin', {
    body: couponUpdateSchema,
    response: couponJsonSchema,
    answer: (req, services) => services.coupons.update(req.ctx, input(req)),
  }),
  route('post', '/admin/coupons/:id/deactivation', 'クーポンを利用停止にする（管理者）', admin, 'admin', {
    errors: [409],
    response: couponJsonSchema,
    answer: (req, services) => services.coupons.deactivate(req.ctx, req.params),
  }),
  route(
    'post',
    '/admin/reservations/:id/cancellation',
    '予約を取り消す（管理者、全額またはキャンセルポリシーどおりに返金）',
    admin,
    'admin',
    {
      body: operatorCancellationSchema,
      errors: [409],
      response: operatorCancellationResultJsonSchema,
      answer: (req, services) => services.reservations.cancelByOperator(req.ctx, input(req)),
    },
  ),
  route('get', '/admin/reviews', 'レビューを一覧する（管理者、検索・絞り込み）', admin, 'admin', {
    query: adminReviewListQuerySchema,
    response: adminReviewListJsonSchema,
    answer: (req, services) => services.reviewModeration.list(req.ctx, req.query),
  }),
  route('post', '/admin/reviews/:id/hiding', 'レビューを非表示にする（管理者、理由を投稿者にメール）', admin, 'admin', {
    body: hideReviewSchema,
    errors: [409],
    response: adminReviewJsonSchema,
    answer: (req, services) => services.reviewModeration.hide(req.ctx, input(req)),
  }),
  route('delete', '/admin/reviews/:id/hiding', '非表示のレビューを再表示する（管理者）', admin, 'admin', {
    errors: [409],
    response: adminReviewJsonSchema,
    answer: (req, services) => services.reviewModeration.show(req.ctx, req.params),
  }),
];
