// The admin community list (/admin/communities): its query (keyword, brand, 公開状態), its rows with their brands, and
// the ブランド設定 body (docs/decisions/admin-lists.md). Browser-safe.
import { z } from 'zod';
import { booleanFilter, keywordFilter, type ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { dateTimeJson, idJson, pageMetaJson, parseId, type InputOf } from '#src/lib/isomorphic/validate';
import type { applicationsQuerySchema, pageQuerySchema } from '#src/modules/brand-portal/brand-portal.schemas';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import * as ja from '#src/i18n/ja';

/** GET /api/v1/admin/communities: one row of the table. */
export interface AdminCommunityListItem {
  id: number;
  name: string;
  host_name: string;
  published: boolean;
  created_at: string;
  /** The brands it belongs to (brand_communities), by name. */
  brands: { id: number; name: string }[];
}

/** Communities per page of the admin list. */
export const ADMIN_COMMUNITIES_PAGE_SIZE = 50;

/** ?brand_id=: a brand's id, or `none` for the communities of no brand; blank is every community. */
const brandFilter = z.preprocess(
  (value) => (value === 'none' ? value : value === '' || value === undefined ? undefined : (parseId(value) ?? Number.NaN)),
  z.union([z.literal('none'), z.number().int()], { error: ja.lists.invalid }).optional(),
);

/** GET /api/v1/admin/communities?page=&q=&published=&brand_id= (newest first); the page's URL reads the same. */
export const adminCommunityListQuerySchema = listQuerySchema.extend({
  q: keywordFilter(),
  published: booleanFilter(),
  brand_id: brandFilter,
});
export type AdminCommunityListQuery = InputOf<typeof adminCommunityListQuerySchema>;

/** PUT /api/v1/admin/communities/{id}/brand {brand_id}: the brand the community belongs to, or null for none. */
export const communityBrandSchema = z.object({
  brand_id: z.preprocess(
    (value) => (value === null || value === '' ? null : value === undefined ? undefined : (parseId(value) ?? Number.NaN)),
    z.number({ error: ja.lists.communityBrand.brandInvalid }).int({ error: ja.lists.communityBrand.brandInvalid }).nullable(),
  ),
});
export type CommunityBrandInput = InputOf<typeof communityBrandSchema>;

/** The brand portal's lists of its communities (?page=) and of their applications (the filters of applicationsQuerySchema). */
export type PortalCommunitiesQuery = InputOf<typeof pageQuerySchema>;
export type PortalApplicationsQuery = InputOf<typeof applicationsQuerySchema>;

// ---- Response schemas (the OpenAPI document).

export const adminCommunityListItemJsonSchema = z
  .object({
    id: idJson(),
    name: z.string(),
    host_name: z.string(),
    published: z.boolean(),
    created_at: dateTimeJson(),
    brands: z.array(z.object({ id: idJson(), name: z.string() })),
  })
  .meta({ id: 'AdminCommunityListItem', description: 'コミュニティ一覧の行（管理者）' }) satisfies z.ZodType<AdminCommunityListItem>;

export const adminCommunityListJsonSchema = z
  .object({
    communities: z.array(adminCommunityListItemJsonSchema),
    meta: pageMetaJson(),
  })
  .meta({ id: 'AdminCommunityList', description: 'コミュニティ（管理者、絞り込み可）' }) satisfies z.ZodType<{
  communities: AdminCommunityListItem[];
  meta: ListPageMeta;
}>;
