// Shapes of the public brand calls (guest-and-host.md §3, §7). Browser-safe.
import { z } from 'zod';
import { ja } from '#src/i18n/ja';
import { ambassadorFormSchema } from '#src/modules/ambassadors/ambassadors.schemas';
import { countJson, dateTimeJson, idJson, pageMetaJson, urlJson } from '#src/lib/validate';

export interface BrandImage {
  object_key: string;
  url: string;
  sort_order: number;
}

/** GET /api/v1/brands/{id}: spec fields id, name, image_url, description, homepage_url, instagram_username, x_username, images. */
export interface BrandPublic {
  id: number;
  name: string;
  description: string;
  homepage_url: string | null;
  instagram_username: string | null;
  x_username: string | null;
  image_url: string | null;
  images: BrandImage[];
}

export interface BrandListItem {
  id: number;
  name: string;
  image_url: string | null;
  description: string;
  /** Only for an ADMIN, who also sees unpublished brands (GET /api/v1/brands). */
  published?: boolean;
  created_at?: string;
  member_count?: number;
}

export interface BrandListMeta {
  current_page: number;
  total_pages: number;
  total_count: number;
}

/** ?page=n of the public brand list; a malformed page is a 422. */
export const brandListQuerySchema = z.object({
  page: z.preprocess(
    (value) => (value === undefined || value === '' ? 1 : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value),
    z
      .number({ error: ja.validation.integer })
      .int({ error: ja.validation.integer })
      .min(1, { error: ja.validation.integer })
      .max(100_000, { error: ja.validation.integer }),
  ),
});

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
export interface BrandAdmin extends BrandPublic {
  published: boolean;
  created_at: string;
  updated_at: string;
  member_count: number;
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

const brandImageJsonSchema = z.object({
  object_key: z.string(),
  url: urlJson(),
  sort_order: z.number().int(),
}) satisfies z.ZodType<BrandImage>;

export const brandPublicJsonSchema = z
  .object({
    id: idJson(),
    name: z.string(),
    description: z.string(),
    homepage_url: z.string().nullable(),
    instagram_username: z.string().nullable(),
    x_username: z.string().nullable(),
    image_url: urlJson().nullable(),
    images: z.array(brandImageJsonSchema),
  })
  .meta({ id: 'Brand', description: 'ブランド' }) satisfies z.ZodType<BrandPublic>;

export const brandAdminJsonSchema = brandPublicJsonSchema
  .extend({ published: z.boolean(), created_at: dateTimeJson(), updated_at: dateTimeJson(), member_count: countJson() })
  .meta({ id: 'BrandAdmin', description: 'ブランド（管理者向け: 非公開も、メンバー数も）' }) satisfies z.ZodType<BrandAdmin>;

/** GET /api/v1/brands/{id}: the admin shape for an ADMIN, the public one for everyone else. */
export const brandDetailJsonSchema = z.union([brandAdminJsonSchema, brandPublicJsonSchema]);

export const brandListJsonSchema = z
  .object({
    brands: z.array(
      z.object({
        id: idJson(),
        name: z.string(),
        image_url: urlJson().nullable(),
        description: z.string(),
        published: z.boolean().optional(),
        created_at: dateTimeJson().optional(),
        member_count: countJson().optional(),
      }),
    ),
    meta: pageMetaJson(),
  })
  .meta({
    id: 'BrandList',
    description: `公開中のブランド（1 ページ ${BRANDS_PAGE_SIZE} 件。管理者には非公開も ${BRANDS_ADMIN_PAGE_SIZE} 件まで、published・created_at・member_count つき）`,
  }) satisfies z.ZodType<{ brands: BrandListItem[]; meta: BrandListMeta }>;
