// Brands and ambassadors ("partners", ja.partners) answer the same JSON but for the ambassador's address: these are
// the shapes both modules share, their types and the OpenAPI schemas (admin-and-brand-portal.md §5). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { countJson, dateTimeJson, idJson, urlJson, type InputOf } from '#src/lib/isomorphic/validate';
import { MAX_LIST_PAGE } from '#src/lib/isomorphic/ids';
import { booleanFilter, keywordFilter } from '#src/lib/isomorphic/list-filters';
import { imageJsonSchema, type ImageJson } from '#src/modules/images/images.schemas';

/** An image of a brand or an ambassador. */
export type PartnerImage = ImageJson;

/** The public view of a brand or an ambassador (the ambassador adds its address). */
export interface PartnerPublic {
  id: number;
  name: string;
  description: string;
  homepage_url: string | null;
  instagram_username: string | null;
  x_username: string | null;
  image_url: string | null;
  images: PartnerImage[];
}

/** What an ADMIN sees on top of the public view: create/update answer it, and GET …/{id} for an ADMIN. */
export interface PartnerAdminFields {
  published: boolean;
  created_at: string;
  updated_at: string;
  member_count: number;
}

/** One row of a public list (the ambassador adds its address). */
export interface PartnerListItem {
  id: number;
  name: string;
  image_url: string | null;
  description: string;
  /** Only for an ADMIN, who also sees unpublished ones. */
  published?: boolean;
  created_at?: string;
  member_count?: number;
}

export interface ListMeta {
  current_page: number;
  total_pages: number;
  total_count: number;
  /** The count stopped at LIST_COUNT_LIMIT (src/lib/isomorphic/list-filters.ts). */
  total_count_capped?: boolean;
}

/**
 * ?page=n of every paged list (public, admin, brand portal, the host's own; inquiries extend it with filters): a
 * whole number from 1, else a 422 that says so. A page past the last one answers the last page (`readPage`,
 * src/lib/paging.ts; meta.current_page says which), so a number above MAX_LIST_PAGE is read as MAX_LIST_PAGE.
 */
export const listQuerySchema = z.object({
  page: z
    .preprocess(
      (value) => (value === undefined || value === '' ? 1 : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
      z
        .number({ error: ja.validation.pageInvalid })
        .int({ error: ja.validation.pageInvalid })
        .min(1, { error: ja.validation.pageInvalid })
        .max(Number.MAX_SAFE_INTEGER, { error: ja.validation.pageInvalid }),
    )
    .transform((page) => Math.min(page, MAX_LIST_PAGE))
    .meta({ description: '1以上のページ番号。最後のページより大きい値には最後のページを返します' }),
});

/**
 * GET /api/v1/brands and /ambassadors?page=&q=&published=: the keyword (name) and, for an ADMIN, 公開/非公開 (a guest
 * sees published ones only, so published=false finds nothing for them). The admin pages' URLs read the same.
 */
export type ListQuery = InputOf<typeof listQuerySchema>;

export const partnerListQuerySchema = listQuerySchema.extend({ q: keywordFilter(), published: booleanFilter() });
export type PartnerListQuery = InputOf<typeof partnerListQuerySchema>;

// ---- Response schemas (the OpenAPI document). `extra` is the shape only one kind has (the ambassador's address);
// it stands where the JSON puts it (after description, in the list after image_url), so the key order stays.

type SchemaMeta = { id: string; description: string };

/** The public JSON, the admin JSON (public + PartnerAdminFields) and the detail (admin for an ADMIN, else public). */
export function partnerJsonSchemas<Extra extends z.ZodRawShape>(extra: Extra, meta: { public: SchemaMeta; admin: SchemaMeta }) {
  const publicSchema = z
    .object({
      id: idJson(),
      name: z.string(),
      description: z.string(),
      ...extra,
      homepage_url: z.string().nullable(),
      instagram_username: z.string().nullable(),
      x_username: z.string().nullable(),
      image_url: urlJson().nullable(),
      images: z.array(imageJsonSchema),
    })
    .meta(meta.public);
  const adminSchema = publicSchema
    .extend({ published: z.boolean(), created_at: dateTimeJson(), updated_at: dateTimeJson(), member_count: countJson() })
    .meta(meta.admin);
  return { publicSchema, adminSchema, detailSchema: z.union([adminSchema, publicSchema]) };
}

/** One row of the public list JSON; the admin fields are optional. */
export function partnerListItemJsonSchema<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.object({
    id: idJson(),
    name: z.string(),
    image_url: urlJson().nullable(),
    ...extra,
    description: z.string(),
    published: z.boolean().optional(),
    created_at: dateTimeJson().optional(),
    member_count: countJson().optional(),
  });
}
