// The brand portal's calls besides its accounts (/brand/api/v1, admin-and-brand-portal.md §7 "Brand portal"):
// photos, the brand's communities and their ambassadors, the dashboard, experiences and community applications.
// Thin: every service method states its own rule (requireBrandMember and the brand scope); routes pass the input
// along. The context middleware gives these paths only the portal session's actor (never a marketplace user).
import type { Request } from 'express';
import { requireBrandMember } from '#src/lib/context';
import { adminCommunityJsonSchema, communityFormSchema } from '#src/modules/communities/communities.schemas';
import { brandDashboardJsonSchema } from '#src/modules/dashboards/dashboards.schemas';
import {
  applicationHandledSchema,
  applicationsQuerySchema,
  brandAmbassadorsJsonSchema,
  brandApplicationDetailJsonSchema,
  brandApplicationsJsonSchema,
  brandAssociationJsonSchema,
  brandCommunitiesJsonSchema,
  brandCommunityAmbassadorsJsonSchema,
  brandExperiencesJsonSchema,
  experiencesQuerySchema,
  pageQuerySchema,
  participantNumbersJsonSchema,
  participantNumbersQuerySchema,
  portalAmbassadorsQuerySchema,
} from '#src/modules/brand-portal/brand-portal.schemas';
import { uploadRoute } from '#server/api/v1/uploads.routes';
import { route, type ApiRoute } from '#server/api/route';
import { brandApplicationExample, brandCommunitiesExample, brandCommunityExperiencesExample } from './brand-portal.examples';

/** Query, then body, then the path's ids last (a body can never replace them). */
const input = (req: Request) => ({ ...req.query, ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

const portal = ['ブランドポータル'];

export const brandPortalRoutes: ApiRoute[] = [
  // ---- Photos (the marketplace's upload route behind the portal's door: same checks, store and answer)
  uploadRoute({
    summary: '画像をアップロードする（ブランドポータル）',
    tag: 'ブランドポータル',
    access: 'brand',
    uploader: (req) => `brand-member:${requireBrandMember(req.ctx).id}`,
  }),

  // ---- Communities
  route('get', '/communities', 'ブランドのコミュニティを一覧する', portal, 'brand', {
    query: pageQuerySchema,
    response: brandCommunitiesJsonSchema,
    example: brandCommunitiesExample,
    answer: (req, services) => services.communities.portalList(req.ctx, req.query),
  }),
  route('post', '/communities', 'コミュニティを作る', portal, 'brand', {
    body: communityFormSchema,
    status: 201,
    response: adminCommunityJsonSchema,
    answer: (req, services) => services.communities.portalCreate(req.ctx, req.body),
  }),
  route('get', '/communities/:id', 'コミュニティの詳細を取得する', portal, 'brand', {
    response: adminCommunityJsonSchema,
    answer: (req, services) => services.communities.portalDetail(req.ctx, req.params),
  }),
  route('put', '/communities/:id', 'コミュニティを更新する', portal, 'brand', {
    body: communityFormSchema,
    response: adminCommunityJsonSchema,
    answer: (req, services) => services.communities.portalUpdate(req.ctx, input(req)),
  }),

  // ---- Ambassadors of the brand's communities
  route('get', '/ambassadors', '紐付けできるアンバサダーを一覧する', portal, 'brand', {
    query: portalAmbassadorsQuerySchema,
    errors: [404],
    response: brandAmbassadorsJsonSchema,
    answer: (req, services) => services.ambassadors.portalAvailable(req.ctx, req.query),
  }),
  route('get', '/communities/:community_id/ambassadors', 'コミュニティのアンバサダーを一覧する', portal, 'brand', {
    query: pageQuerySchema,
    response: brandCommunityAmbassadorsJsonSchema,
    answer: (req, services) => services.ambassadors.portalOfCommunity(req.ctx, { ...req.query, ...req.params }),
  }),
  route(
    'post',
    '/communities/:community_id/ambassadors/:ambassador_id/association',
    'コミュニティにアンバサダーを紐付ける',
    portal,
    'brand',
    {
      status: 201,
      errors: [409],
      response: brandAssociationJsonSchema,
      answer: (req, services) => services.ambassadors.portalAssociate(req.ctx, req.params),
    },
  ),
  route(
    'delete',
    '/communities/:community_id/ambassadors/:ambassador_id/association',
    'コミュニティからアンバサダーを外す',
    portal,
    'brand',
    {
      status: 204,
      answer: (req, services) => services.ambassadors.portalDissociate(req.ctx, req.params),
    },
  ),

  // ---- Dashboard
  route('get', '/dashboard', 'ダッシュボードの集計', portal, 'brand', {
    response: brandDashboardJsonSchema,
    answer: (req, services) => services.dashboards.brand(req.ctx, req.query),
  }),

  // ---- Experiences
  route('get', '/communities/:community_id/experiences', 'コミュニティの体験を一覧する', portal, 'brand', {
    query: experiencesQuerySchema,
    response: brandExperiencesJsonSchema,
    example: brandCommunityExperiencesExample,
    answer: (req, services) => services.brandPortal.experiences(req.ctx, { ...req.query, ...req.params }),
  }),
  route('get', '/experiences/:id/participant-numbers', '体験の参加者数を取得する', portal, 'brand', {
    query: participantNumbersQuerySchema,
    response: participantNumbersJsonSchema,
    answer: (req, services) => services.brandPortal.experienceParticipantNumbers(req.ctx, { ...req.query, ...req.params }),
  }),

  // ---- Community applications
  route('get', '/community-applications', 'コミュニティへの参加申込を一覧する（検索・絞り込み）', portal, 'brand', {
    query: applicationsQuerySchema,
    errors: [404],
    response: brandApplicationsJsonSchema,
    answer: (req, services) => services.communities.portalApplications(req.ctx, req.query),
  }),
  route('get', '/community-applications/:id', '参加申込の詳細を取得する', portal, 'brand', {
    response: brandApplicationDetailJsonSchema,
    example: brandApplicationExample,
    answer: (req, services) => services.communities.portalApplication(req.ctx, req.params),
  }),
  route('put', '/community-applications/:id', '参加申込の対応状況を更新する', portal, 'brand', {
    body: applicationHandledSchema,
    response: brandApplicationDetailJsonSchema,
    answer: (req, services) => services.communities.portalSetHandled(req.ctx, input(req)),
  }),
];
