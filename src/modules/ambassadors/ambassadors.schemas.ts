// Ambassador form: shared by the admin form, the API and the CLI (`add-ambassador`). Browser-safe.
// Rules and messages: admin-and-brand-portal.md §5 (name 1-100, description <= 1000, published required,
// homepage_url a valid URL if given, instagram / x <= 30, address optional, images up to 3).
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { hasNoNul, oneLine } from '#src/lib/isomorphic/validate';
import { formImagesSchema } from '#src/modules/images/images.schemas';
import { dateTimeJson, idJson, pageMetaJson } from '#src/lib/isomorphic/validate';
import {
  type ListMeta,
  type PartnerAdminFields,
  type PartnerListItem,
  type PartnerPublic,
  partnerJsonSchemas,
  partnerListItemJsonSchema,
} from '#src/modules/partners/partners.schemas';

const v = ja.partners.validation;

export const AMBASSADOR_NAME_MAX = 100;
export const AMBASSADOR_DESCRIPTION_MAX = 1000;
export const SOCIAL_USERNAME_MAX = 30;
export const AMBASSADOR_ADDRESS_MAX = 255;
export const AMBASSADOR_IMAGES_MAX = 3;

/** '' and null mean "not given" for optional text fields (forms send empty inputs). */
const blankToNull = (value: unknown) => (value == null || (typeof value === 'string' && value.trim() === '') ? null : value);

/** An http(s) URL; other schemes (javascript:, data:) would become active links on public pages. */
const homepageUrlSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: v.homepageUrlInvalid })
    .trim()
    .max(1000, { error: v.homepageUrlInvalid, abort: true })
    .check(oneLine())
    .pipe(z.url({ protocol: /^https?$/, hostname: /\./, error: v.homepageUrlInvalid }))
    .nullable(),
);

/** A social user name; a leading '@' is dropped since people often paste it. */
function usernameSchema(tooLong: string) {
  return z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === 'string' ? blank.trim().replace(/^@/, '') : blank;
    },
    z
      .string({ error: v.usernameChars })
      .max(SOCIAL_USERNAME_MAX, { error: tooLong, abort: true })
      .regex(/^[A-Za-z0-9._]+$/, { error: v.usernameChars })
      .nullable(),
  );
}

export const ambassadorFormSchema = z.object({
  name: z
    .string({ error: v.nameRequired })
    .trim()
    .min(1, { error: v.nameRequired, abort: true })
    .max(AMBASSADOR_NAME_MAX, { error: v.nameTooLong, abort: true })
    .check(oneLine())
    .refine(hasNoNul, { error: ja.errors.invalidBody }),
  description: z
    .string({ error: v.descriptionRequired })
    .trim()
    .min(1, { error: v.descriptionRequired, abort: true })
    .max(AMBASSADOR_DESCRIPTION_MAX, { error: v.descriptionTooLong, abort: true })
    .refine(hasNoNul, { error: ja.errors.invalidBody }),
  published: z.boolean({ error: v.publishedRequired }),
  address: z.preprocess(
    blankToNull,
    z
      .string({ error: v.addressTooLong })
      .trim()
      .max(AMBASSADOR_ADDRESS_MAX, { error: v.addressTooLong, abort: true })
      .check(oneLine())
      .refine(hasNoNul, { error: ja.errors.invalidBody })
      .nullable(),
  ),
  homepage_url: homepageUrlSchema,
  instagram_username: usernameSchema(v.instagramTooLong),
  x_username: usernameSchema(v.xTooLong),
  /** Images already uploaded through POST /api/v1/uploads. */
  images: formImagesSchema({ invalid: v.imageInvalid, tooMany: v.imagesTooMany }, AMBASSADOR_IMAGES_MAX, { alt: true }),
});

export type AmbassadorFormData = z.output<typeof ambassadorFormSchema>;
export type AmbassadorFormInput = z.input<typeof ambassadorFormSchema>;

/** Public ambassador (GET /api/v1/ambassadors/{id}); the contact e-mail stays private. */
export interface AmbassadorPublic extends PartnerPublic {
  address: string | null;
}

/** What create/update answer, and GET /ambassadors/{id} for an ADMIN (unpublished ones too). */
export interface AmbassadorAdmin extends AmbassadorPublic, PartnerAdminFields {}

/** A row of GET /api/v1/ambassadors; an ADMIN also sees unpublished ambassadors. */
export interface AmbassadorListItem extends PartnerListItem {
  address: string | null;
}

/** The admin list is one page of this many (the spec's admin list has no pagination). */
export const AMBASSADORS_ADMIN_PAGE_SIZE = 100;

/** An ambassador member (a user linked to the ambassador): id is the user's id. */
export interface AmbassadorMemberJson {
  id: number;
  name: string;
  email: string;
  added_at: string;
}

/** GET /api/v1/ambassadors/{id}/members */
export interface AmbassadorMembersResponse {
  ambassador: { id: number; name: string };
  members: AmbassadorMemberJson[];
}

/** Path inputs of the member calls: {id | ambassador_id} and {memberId | userId | id}. */
export interface AmbassadorMemberInput {
  ambassador_id: number | string;
  user_id: number | string;
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

const ambassadorJson = partnerJsonSchemas(
  { address: z.string().nullable() },
  {
    public: { id: 'Ambassador', description: 'アンバサダー（連絡先は公開しません）' },
    admin: { id: 'AmbassadorAdmin', description: 'アンバサダー（管理者向け: 非公開も、メンバー数も）' },
  },
);

export const ambassadorPublicJsonSchema = ambassadorJson.publicSchema satisfies z.ZodType<AmbassadorPublic>;

export const ambassadorAdminJsonSchema = ambassadorJson.adminSchema satisfies z.ZodType<AmbassadorAdmin>;

/** GET /api/v1/ambassadors/{id}: the admin shape for an ADMIN, the public one for everyone else. */
export const ambassadorDetailJsonSchema = ambassadorJson.detailSchema;

export const ambassadorListJsonSchema = z
  .object({
    ambassadors: z.array(partnerListItemJsonSchema({ address: z.string().nullable() })),
    meta: pageMetaJson(),
  })
  .meta({
    id: 'AmbassadorList',
    description: `公開中のアンバサダー（管理者には非公開も ${AMBASSADORS_ADMIN_PAGE_SIZE} 件まで、published・created_at・member_count つき）`,
  }) satisfies z.ZodType<{ ambassadors: AmbassadorListItem[]; meta: ListMeta }>;

export const ambassadorMembersJsonSchema = z
  .object({
    ambassador: z.object({ id: idJson(), name: z.string() }),
    members: z.array(z.object({ id: idJson(), name: z.string(), email: z.string(), added_at: dateTimeJson() })),
  })
  .meta({
    id: 'AmbassadorMembers',
    description: 'アンバサダーのメンバー（id は利用者の ID）',
  }) satisfies z.ZodType<AmbassadorMembersResponse>;
