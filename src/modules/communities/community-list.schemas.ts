// The admin community list (/admin/communities): its query (keyword, brand, 公開状態), its rows with their brands, and
// the ブランド設定 body; the admin's list of every community's applications (/admin/community_applications): its query,
// rows and detail (docs/decisions/admin-lists.md). Browser-safe.
import { z } from 'zod';
import { booleanFilter, dayFilter, idFilter, keywordFilter, rangeInOrder, type ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { dateTimeJson, idJson, pageMetaJson, parseId, type InputOf } from '#src/lib/isomorphic/validate';
import {
  type applicationsQuerySchema,
  brandApplicationDetailJsonSchema,
  type BrandApplicationDetail,
  type BrandApplicationListItem,
  type pageQuerySchema,
} from '#src/modules/brand-portal/brand-portal.schemas';
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

/** Applications per page of the admin's list (the inquiries' 20). */
export const ADMIN_APPLICATIONS_PAGE_SIZE = 20;

/**
 * The most communities and brands the admin's application filters offer (newest first; the one a URL names is always
 * among them), as the communities page's brand select offers the admin brand list's first page.
 */
export const ADMIN_APPLICATION_CHOICES = 100;

/** The filters the admin's application page carries in its URL (the names of adminApplicationListQuerySchema). */
export const ADMIN_APPLICATION_FILTER_NAMES = ['q', 'community_id', 'brand_id', 'handled', 'since', 'until'] as const;

/**
 * GET /api/v1/admin/community-applications?page=&q=&community_id=&brand_id=&handled=&since=&until= (newest first): the
 * applicant's name, a community, a brand or `none` (the communities of no brand), 対応済み/未対応 and the applied days
 * (Japan time, both included); the page's URL reads the same.
 */
export const adminApplicationListQuerySchema = listQuerySchema
  .extend({
    q: keywordFilter(),
    community_id: idFilter(),
    brand_id: brandFilter,
    handled: booleanFilter(),
    since: dayFilter(ja.inquiryExport.sinceInvalid),
    until: dayFilter(ja.inquiryExport.untilInvalid),
  })
  .refine(rangeInOrder, { error: ja.inquiryExport.rangeOrder, path: ['until'] });
export type AdminApplicationListQuery = InputOf<typeof adminApplicationListQuerySchema>;

/** A brand as the admin's lists name it. */
interface BrandName {
  id: number;
  name: string;
}

/** A row of the admin's application list: the portal's row and the community's brands (none: ブランドなし). */
export interface AdminApplicationListItem extends BrandApplicationListItem {
  brands: BrandName[];
}

export interface AdminApplicationListResponse {
  community_applications: AdminApplicationListItem[];
  /** The community filter's choices: communities with applications, newest first (ADMIN_APPLICATION_CHOICES). */
  communities: { id: number; name: string }[];
  /** The brand filter's choices: brands with communities, newest first (ADMIN_APPLICATION_CHOICES). */
  brands: BrandName[];
  meta: ListPageMeta;
}

/** GET/PUT /api/v1/admin/community-applications/{id}: the portal's detail, the community's brands and the account's id. */
export interface AdminApplicationDetail extends BrandApplicationDetail {
  brands: BrandName[];
  /** The applicant's account (the user pickers and the 退会 page find it by this id). */
  user_id: number;
}

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

const brandNamesJson = () => z.array(z.object({ id: idJson(), name: z.string() }));

export const adminApplicationListJsonSchema = z
  .object({
    community_applications: z.array(
      brandApplicationDetailJsonSchema
        .pick({ id: true, community_id: true, community_name: true, user_name: true, applied_at: true, handled: true })
        .extend({ brands: brandNamesJson() }),
    ),
    communities: z.array(z.object({ id: idJson(), name: z.string() })),
    brands: brandNamesJson(),
    meta: pageMetaJson(),
  })
  .meta({
    id: 'AdminCommunityApplicationList',
    description: `コミュニティへの参加申込（管理者、全コミュニティ。絞り込みの選択肢は新しい順に最大 ${ADMIN_APPLICATION_CHOICES} 件）`,
  }) satisfies z.ZodType<AdminApplicationListResponse>;

export const adminApplicationDetailJsonSchema = brandApplicationDetailJsonSchema
  .extend({ brands: brandNamesJson(), user_id: idJson() })
  .meta({
    id: 'AdminCommunityApplication',
    description:
      '参加申込の詳細（管理者）。ブランドポータルの詳細に、コミュニティのブランド（なければ空）と申込者のアカウント ID を加えたもの',
  }) satisfies z.ZodType<AdminApplicationDetail>;
