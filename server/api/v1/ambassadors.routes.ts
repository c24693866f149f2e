// Ambassadors (guest-and-host.md §7, admin-and-brand-portal.md §7): public reads (published only for everyone
// but ADMIN; 404 answers messages.ambassador), and the administrator's create, update and members calls (the
// services require ADMIN).
import type { Request } from 'express';
import {
  ambassadorAdminJsonSchema,
  ambassadorDetailJsonSchema,
  ambassadorFormSchema,
  ambassadorListJsonSchema,
  ambassadorMembersJsonSchema,
} from '#src/modules/ambassadors/ambassadors.schemas';
import { communityCardsJsonSchema } from '#src/modules/communities/communities.schemas';
import { partnerListQuerySchema } from '#src/modules/partners/partners.schemas';
import { route, type ApiRoute } from '#server/api/route';
import { ambassadorDetailExample } from './ambassadors.examples';

/** Path parameters win over body fields of the same name. */
const input = (req: Request) => ({ ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

const ambassadors = ['アンバサダー'];

export const ambassadorsRoutes: ApiRoute[] = [
  route('get', '/ambassadors', 'アンバサダーを一覧する', ambassadors, 'none', {
    query: partnerListQuerySchema,
    response: ambassadorListJsonSchema,
    answer: (req, services) => services.ambassadors.list(req.ctx, req.query),
  }),
  route('get', '/ambassadors/:id', 'アンバサダーの詳細を取得する', ambassadors, 'none', {
    response: ambassadorDetailJsonSchema,
    example: ambassadorDetailExample,
    answer: (req, services) => services.ambassadors.detail(req.ctx, req.params),
  }),
  route('get', '/ambassadors/:id/communities', 'アンバサダーのコミュニティを取得する', ambassadors, 'none', {
    response: communityCardsJsonSchema,
    answer: (req, services) => services.ambassadors.communities(req.ctx, req.params),
  }),
  route('post', '/ambassadors', 'アンバサダーを登録する（管理者）', ambassadors, 'admin', {
    body: ambassadorFormSchema,
    status: 201,
    response: ambassadorAdminJsonSchema,
    answer: (req, services) => services.ambassadors.create(req.ctx, req.body),
  }),
  route('put', '/ambassadors/:id', 'アンバサダーを更新する（管理者）', ambassadors, 'admin', {
    body: ambassadorFormSchema,
    response: ambassadorAdminJsonSchema,
    answer: (req, services) => services.ambassadors.update(req.ctx, input(req)),
  }),
  route('get', '/ambassadors/:ambassador_id/members', 'アンバサダーのメンバーを一覧する', ambassadors, 'user', {
    response: ambassadorMembersJsonSchema,
    answer: (req, services) => services.ambassadors.members(req.ctx, req.params),
  }),
  // The list screen's delete, and the portal-side variant: both unlink the user (never delete the account).
  route('delete', '/ambassadors/:ambassador_id/members/:user_id', 'アンバサダーのメンバーを外す', ambassadors, 'user', {
    status: 204,
    answer: (req, services) => services.ambassadors.removeMember(req.ctx, req.params),
  }),
  route('delete', '/ambassadors/:ambassador_id/members/:user_id/association', 'アンバサダーのメンバーを外す（別名）', ambassadors, 'user', {
    status: 204,
    answer: (req, services) => services.ambassadors.removeMember(req.ctx, req.params),
  }),
  route('post', '/ambassadors/:ambassador_id/members/:user_id/association', 'アンバサダーにメンバーを加える', ambassadors, 'user', {
    status: 201,
    errors: [409],
    response: ambassadorMembersJsonSchema,
    answer: (req, services) => services.ambassadors.addMember(req.ctx, req.params),
  }),
];
