// Shapes of the public brand calls (guest-and-host.md §3, §7): a brand is answered like an ambassador without the
// address (partners.schemas.ts). Browser-safe.
import { z } from 'zod';
import { ambassadorFormSchema } from '#src/modules/ambassadors/ambassadors.schemas';
import { pageMetaJson } from '#src/lib/isomorphic/validate';
import {
  type ListMeta,
  type PartnerAdminFields,
  type PartnerListItem,
  type PartnerPublic,
  partnerJsonSchemas,
  partnerListItemJsonSchema,
} from '#src/modules/partners/partners.schemas';

/** GET /api/v1/brands/{id}: spec fields id, name, image_url, description, homepage_url, instagram_username, x_username, images. */
export type BrandPublic = PartnerPublic;

/** A row of GET /api/v1/brands; an ADMIN also sees unpublished brands. */
export type BrandListItem = PartnerListItem;

/** Public lists show this many per page. */
export const BRANDS_PAGE_SIZE = 24;

/** The admin list is one page of this many (the spec's admin list has no pagination). */
export const BRANDS_ADMIN_PAGE_SIZE = 100;

/**
 * POST /api/v1/brands, PUT /api/v1/brands/{id}: the same fields and rules as the ambassador form without the
 * address (admin-and-brand-portal.md §5).
 */
export const brandFormSchema = ambassadorFormSchema.omit({ address: true });
export type BrandFormInput = z.input<typeof brandFormSchema>;
export type BrandFormData = z.output<typeof brandFormSchema>;

/** What create/update answer, and GET /brands/{id} for an ADMIN (unpublished ones too). */
export interface BrandAdmin extends BrandPublic, PartnerAdminFields {}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

const brandJson = partnerJsonSchemas(
  {},
  {
    public: { id: 'Brand', description: 'ブランド' },
    admin: { id: 'BrandAdmin', description: 'ブランド（管理者向け: 非公開も、メンバー数も）' },
  },
);

export const brandPublicJsonSchema = brandJson.publicSchema satisfies z.ZodType<BrandPublic>;

export const brandAdminJsonSchema = brandJson.adminSchema satisfies z.ZodType<BrandAdmin>;

/** GET /api/v1/brands/{id}: the admin shape for an ADMIN, the public one for everyone else. */
export const brandDetailJsonSchema = brandJson.detailSchema;

export const brandListJsonSchema = z.object({ brands: z.array(partnerListItemJsonSchema({})), meta: pageMetaJson() }).meta({
  id: 'BrandList',
  description: `公開中のブランド（1 ページ ${BRANDS_PAGE_SIZE} 件。管理者には非公開も ${BRANDS_ADMIN_PAGE_SIZE} 件まで、published・created_at・member_count つき）`,
}) satisfies z.ZodType<{ brands: BrandListItem[]; meta: ListMeta }>;
