// Brands (guest-and-host.md §7, admin-and-brand-portal.md §7): public reads (published only for everyone but
// ADMIN; 404 answers messages.brand), the administrator's create and update, and brand members with their
// invitations (the services require ADMIN).
import type { Request } from 'express';
import { brandAdminJsonSchema, brandDetailJsonSchema, brandFormSchema, brandListJsonSchema } from '#src/modules/brands/brands.schemas';
import { communityCardsJsonSchema } from '#src/modules/communities/communities.schemas';
import { partnerListQuerySchema } from '#src/modules/partners/partners.schemas';
import {
  brandMemberInvitationSchema,
  brandMemberJsonSchema,
  brandMembersJsonSchema,
} from '#src/modules/brand-members/brand-members.schemas';
import { route, type ApiRoute } from '#server/api/route';
import { brandDetailExample } from './brands.examples';

/** Path parameters win over body fields of the same name. */
const input = (req: Request) => ({ ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

const brands = ['ブランド'];

export const brandsRoutes: ApiRoute[] = [
  route('get', '/brands', 'ブランドを一覧する', brands, 'none', {
    query: partnerListQuerySchema,
    response: brandListJsonSchema,
    answer: (req, services) => services.brands.list(req.ctx, req.query),
  }),
  route('get', '/brands/:id', 'ブランドの詳細を取得する', brands, 'none', {
    response: brandDetailJsonSchema,
    example: brandDetailExample,
    answer: (req, services) => services.brands.detail(req.ctx, req.params),
  }),
  route('get', '/brands/:id/communities', 'ブランドのコミュニティを取得する', brands, 'none', {
    response: communityCardsJsonSchema,
    answer: (req, services) => services.brands.communities(req.ctx, req.params),
  }),
  route('post', '/brands', 'ブランドを登録する（管理者）', brands, 'admin', {
    body: brandFormSchema,
    status: 201,
    response: brandAdminJsonSchema,
    answer: (req, services) => services.brands.create(req.ctx, req.body),
  }),
  route('put', '/brands/:id', 'ブランドを更新する（管理者）', brands, 'admin', {
    body: brandFormSchema,
    response: brandAdminJsonSchema,
    answer: (req, services) => services.brands.update(req.ctx, input(req)),
  }),
  route('post', '/brands/:brand_id/members/invitation', 'ブランドメンバーを招待する（管理者）', brands, 'admin', {
    body: brandMemberInvitationSchema,
    status: 201,
    errors: [409],
    response: brandMemberJsonSchema,
    answer: (req, services) => services.brandMembers.invite(req.ctx, input(req)),
  }),
  route('get', '/brands/:brand_id/members', 'ブランドメンバーを一覧する（管理者）', brands, 'admin', {
    response: brandMembersJsonSchema,
    answer: (req, services) => services.brandMembers.list(req.ctx, req.params),
  }),
  route('delete', '/brands/:brand_id/members/:id', 'ブランドメンバーを外す（管理者）', brands, 'admin', {
    status: 204,
    answer: (req, services) => services.brandMembers.remove(req.ctx, req.params),
  }),
];
