// Brands: the public pages (published only; 404 with messages.brand) and the administrator area (create,
// update), in the shape partner-methods.ts gives brands and ambassadors alike. An ADMIN (and the operator) also sees
// unpublished brands, with their `published` flag.
// Brand members and their invitations: brand-members.service.ts.
import { isAdmin, requireAdmin, requireBrandMember, type Ctx } from '#src/lib/context';
import { NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';
import type { AuditService } from '#src/modules/audit/audit.service';
import type { CommunityCardData } from '#src/modules/communities/communities.schemas';
import type { ListMeta, PartnerListQuery } from '#src/modules/partners/partners.schemas';
import { createPartnerMethods, type PartnerRef } from '#src/modules/partners/partner-methods';
import { parseId, type IdInput } from '#src/lib/isomorphic/validate';
import { Brand, BrandCommunity } from './brands.entity';
import {
  BRANDS_ADMIN_PAGE_SIZE,
  BRANDS_PAGE_SIZE,
  brandFormSchema,
  type BrandAdmin,
  type BrandFormInput,
  type BrandListItem,
  type BrandPublic,
} from './brands.schemas';

export interface BrandsDeps {
  audit: AuditService;
  /** IMAGE_UPLOAD_URL is set: uploads go to the image hosting service, not the local store. */
  imageHosting: boolean;
}

function notFound(): NotFoundError {
  return new NotFoundError(ja.partners.brandNotFound, 'brand');
}

export function createBrandsService(deps: BrandsDeps) {
  const partner = createPartnerMethods(
    {
      kind: 'brand',
      entity: Brand,
      communityLink: { entity: BrandCommunity, orderBy: { community: { createdAt: 'desc', id: 'desc' } } },
      notFound,
      formSchema: brandFormSchema,
      pageSize: BRANDS_PAGE_SIZE,
      adminPageSize: BRANDS_ADMIN_PAGE_SIZE,
      extraJson: () => ({}),
      extraFields: () => ({}),
      extraColumns: '',
    },
    deps,
  );

  /** GET /api/v1/brands?page=n: published ones; an ADMIN gets every brand (100 a page) with published etc. */
  async function list(ctx: Ctx, input: PartnerListQuery = {}): Promise<{ brands: BrandListItem[]; meta: ListMeta }> {
    const { items, meta } = await partner.list(ctx, input);
    return { brands: items, meta };
  }

  /** GET /api/v1/brands/{id}: the public view; an ADMIN gets the admin view of any brand. */
  const detail: (ctx: Ctx, input: PartnerRef) => Promise<BrandPublic | BrandAdmin> = partner.detail;
  /** The admin view of one brand (ADMIN; /admin/brand/{id} and its edit form). */
  const adminDetail: (ctx: Ctx, input: PartnerRef) => Promise<BrandAdmin> = partner.adminDetail;
  /** GET /api/v1/brands/{id}/communities: the brand's published communities (id, name, image_url, ...). */
  const communities = partner.communities;
  /** /brand_ambassador/list: every published brand with its published communities. */
  const listWithCommunities: (ctx: Ctx) => Promise<(BrandListItem & { communities: CommunityCardData[] })[]> = partner.listWithCommunities;
  /** POST /api/v1/brands (ADMIN). */
  const create: (ctx: Ctx, input: BrandFormInput) => Promise<BrandAdmin> = partner.create;
  /** PUT /api/v1/brands/{id} (ADMIN): the whole form; the images are replaced by the given list. */
  const update: (ctx: Ctx, input: PartnerRef & BrandFormInput) => Promise<BrandAdmin> = partner.update;

  /**
   * Links a community to a brand ({brand_id, community_id}); the brand portal's community creation calls it inside
   * its transaction. An ADMIN (or the operator) for any brand; a brand member only for their own brand.
   */
  async function linkCommunity(ctx: Ctx, input: { brand_id: IdInput; community_id: IdInput }): Promise<void> {
    const brandId = parseId(input.brand_id);
    const communityId = parseId(input.community_id);
    if (!brandId || !communityId) throw notFound();
    if (!isAdmin(ctx) && requireBrandMember(ctx).brandId !== brandId) throw notFound();
    ctx.em.create(BrandCommunity, { brand: brandId, community: communityId });
    await ctx.em.flush();
  }

  /**
   * Makes `brand_id` the one brand of a community (null: no brand), replacing its links; ADMIN only (the caller's
   * transaction, the caller audits). Answers the brand ids before and after. An unknown brand is a 422 on brand_id.
   */
  async function assignCommunity(
    ctx: Ctx,
    input: { community_id: number; brand_id: number | null },
  ): Promise<{ before: number[]; after: number[] }> {
    requireAdmin(ctx);
    const links = await ctx.em.find(BrandCommunity, { community: input.community_id }, { orderBy: { brand: 'asc' } });
    const before = links.map((link) => link.brand.id);
    if (input.brand_id !== null && !(await ctx.em.findOne(Brand, { id: input.brand_id }, { fields: ['id'] }))) {
      throw new ValidationError({ brand_id: [ja.lists.communityBrand.brandNotFound] });
    }
    for (const link of links) if (link.brand.id !== input.brand_id) ctx.em.remove(link);
    if (input.brand_id !== null && !before.includes(input.brand_id)) {
      ctx.em.create(BrandCommunity, { brand: input.brand_id, community: input.community_id });
    }
    await ctx.em.flush();
    return { before, after: input.brand_id === null ? [] : [input.brand_id] };
  }

  return { list, detail, adminDetail, communities, listWithCommunities, create, update, linkCommunity, assignCommunity };
}

export type BrandsService = ReturnType<typeof createBrandsService>;
