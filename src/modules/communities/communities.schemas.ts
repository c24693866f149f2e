// Communities: the public page's and the cards' shapes, and the community form of the admin and the brand portal with
// its application items. The application itself is in community-application.schemas.ts. Browser-safe: no entity or
// Node imports.
import { z } from 'zod';
import type { ApplicationItemRule } from './community-application.schemas';
import * as ja from '#src/i18n/ja';
import { formImagesSchema, imageJsonSchema, sortedImageJson, type ImageJson, type ImageRow } from '#src/modules/images/images.schemas';
import { optionalText, requiredText, type TextOptions } from '#src/lib/isomorphic/validate';
import { countJson, dateTimeJson, idJson, MAX_ID, urlJson } from '#src/lib/isomorphic/validate';

/** Visible application items per community (admin-and-brand-portal.md §5); hidden ones do not count. */
export const APPLICATION_ITEMS_MAX = 10;
/** Visible and hidden items together, a sanity bound for one request. */
export const APPLICATION_ITEMS_TOTAL_MAX = 50;

/** The items that count toward APPLICATION_ITEMS_MAX: the visible ones (hidden items are not on the public form). */
export function visibleItemCount(items: readonly { disabled?: boolean }[]): number {
  return items.filter((item) => !item.disabled).length;
}

/** The one cap rule, for the server's check and the form's 「＋ 質問を追加」/「再表示する」: may one more item be visible? */
export function canAddVisibleItem(items: readonly { disabled?: boolean }[]): boolean {
  return visibleItemCount(items) < APPLICATION_ITEMS_MAX && items.length < APPLICATION_ITEMS_TOTAL_MAX;
}

/** An id sent as a number, or as a digit string from a form select. */
export function idField(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_ID, { error: message }),
  );
}

/** An image of a community as the public page, the application form and the admin's form receive it. */
export type CommunityImage = ImageJson;

export interface CommunityCardData {
  id: number;
  name: string;
  image_url: string | null;
  catchphrase: string;
  location: string;
}

/** What toCommunityCard reads from a loaded community (images populated). */
export interface CommunityCardSource {
  id: number;
  name: string;
  catchphrase: string;
  location: string;
  images: { getItems(): ImageRow[] };
}

/** A loaded community as the card shown on brand and ambassador pages. */
export function toCommunityCard(community: CommunityCardSource): CommunityCardData {
  return {
    id: community.id,
    name: community.name,
    catchphrase: community.catchphrase,
    location: community.location,
    image_url: sortedImageJson(community.images)[0]?.url ?? null,
  };
}

export interface PartnerSummary {
  id: number;
  name: string;
  image_url: string | null;
}

/** The community's texts: its public page shows them and the admin form edits them. */
export interface CommunityTexts {
  host_name: string;
  host_description: string;
  description: string;
  activity_description: string;
  important_thing: string;
  ideal_candidate_profile: string;
  participation_condition: string;
  location: string;
}

export interface CommunityDetail extends CommunityTexts {
  id: number;
  /** false only in an ADMIN's view of an unpublished community (no one else finds it). */
  published: boolean;
  name: string;
  catchphrase: string;
  note: string | null;
  image_url: string | null;
  images: CommunityImage[];
  /** Visible items only, in their order. */
  application_items: { id: number; name: string; required: boolean }[];
  brands: PartnerSummary[];
  ambassadors: PartnerSummary[];
  /** Whether the signed-in user has already applied (false when signed out). */
  applied: boolean;
}

// ---- Administrator area: the community form (admin-and-brand-portal.md §3, §5, §7) -------------------------------

const c = ja.adminApi.community;

export const COMMUNITY_NAME_MAX = 255;
export const COMMUNITY_HOST_NAME_MAX = 255;
export const COMMUNITY_LOCATION_MAX = 255;
export const COMMUNITY_CATCHPHRASE_MAX = 40;
/** The long texts (descriptions, conditions, note): the spec sets no limit; this one keeps rows sane. */
export const COMMUNITY_TEXT_MAX = 5000;
export const COMMUNITY_IMAGES_MAX = 3;
export const APPLICATION_ITEM_NAME_MAX = 100;

function communityText(field: keyof typeof c.labels, required: string, max: number, options?: TextOptions) {
  return requiredText(required, c.tooLong(c.labels[field], max), max, options);
}

/** The texts the form shows in a `<textarea>` (CommunityForm's `long` fields). */
const multiLine = { multiLine: true };

/** One application item of the form; `id` is absent for a new item. Its position in the list is its sort_order. */
export const applicationItemFormSchema = z.object(
  {
    id: z.preprocess((value) => (value === '' || value === null ? undefined : value), idField(c.itemInvalid).optional()),
    name: requiredText(c.itemNameRequired, c.itemNameTooLong(APPLICATION_ITEM_NAME_MAX), APPLICATION_ITEM_NAME_MAX),
    required: z.boolean({ error: c.itemRequiredFlag }),
    /** Hidden from the public application form (the 非表示 list). */
    disabled: z.boolean({ error: c.itemInvalid }).optional().default(false),
  },
  { error: c.itemInvalid },
);

export const communityImagesSchema = formImagesSchema(
  { invalid: c.imageInvalid, tooMany: c.imagesTooMany(COMMUNITY_IMAGES_MAX), required: c.imagesRequired },
  COMMUNITY_IMAGES_MAX,
  { alt: true },
);

/** POST /api/v1/admin/communities and PATCH /api/v1/admin/communities/{id}: the whole form. */
export const communityFormSchema = z.object({
  name: communityText('name', c.nameRequired, COMMUNITY_NAME_MAX),
  host_name: communityText('host_name', c.hostNameRequired, COMMUNITY_HOST_NAME_MAX),
  host_description: communityText('host_description', c.hostDescriptionRequired, COMMUNITY_TEXT_MAX, multiLine),
  description: communityText('description', c.descriptionRequired, COMMUNITY_TEXT_MAX, multiLine),
  activity_description: communityText('activity_description', c.activityDescriptionRequired, COMMUNITY_TEXT_MAX, multiLine),
  important_thing: communityText('important_thing', c.importantThingRequired, COMMUNITY_TEXT_MAX, multiLine),
  ideal_candidate_profile: communityText('ideal_candidate_profile', c.idealCandidateProfileRequired, COMMUNITY_TEXT_MAX, multiLine),
  participation_condition: communityText('participation_condition', c.participationConditionRequired, COMMUNITY_TEXT_MAX, multiLine),
  location: communityText('location', c.locationRequired, COMMUNITY_LOCATION_MAX),
  catchphrase: communityText('catchphrase', c.catchphraseRequired, COMMUNITY_CATCHPHRASE_MAX),
  note: optionalText(c.tooLong(c.labels.note, COMMUNITY_TEXT_MAX), COMMUNITY_TEXT_MAX, multiLine),
  published: z.boolean({ error: c.publishedRequired }),
  images: communityImagesSchema,
  application_items: z.preprocess(
    (value) => (value == null ? [] : value),
    z
      .array(applicationItemFormSchema, { error: c.itemInvalid })
      .max(APPLICATION_ITEMS_TOTAL_MAX, { error: c.itemsTooMany(APPLICATION_ITEMS_MAX), abort: true })
      .refine((items) => visibleItemCount(items) <= APPLICATION_ITEMS_MAX, {
        error: c.itemsTooMany(APPLICATION_ITEMS_MAX),
      }),
  ),
});

export type CommunityFormInput = z.input<typeof communityFormSchema>;
export type CommunityFormData = z.output<typeof communityFormSchema>;
export type ApplicationItemFormInput = z.input<typeof applicationItemFormSchema>;

/** An application item as the admin form shows it. */
export interface AdminApplicationItem extends ApplicationItemRule {
  sort_order: number;
  /** Answers already given: an item with answers can be hidden, never deleted. */
  answer_count: number;
}

/** GET /api/v1/admin/communities/{id} (and what POST/PATCH answer): every field of the form. */
export interface AdminCommunity extends CommunityTexts {
  id: number;
  name: string;
  catchphrase: string;
  note: string | null;
  published: boolean;
  images: CommunityImage[];
  /**
   * Every item, visible and hidden (disabled), by sort_order. Sending the list back keeps this order; an item
   * left out of the list is deleted, or hidden when it already has answers.
   */
  application_items: AdminApplicationItem[];
  created_at: string;
  updated_at: string;
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

export const communityCardJsonSchema = z
  .object({ id: idJson(), name: z.string(), image_url: urlJson().nullable(), catchphrase: z.string(), location: z.string() })
  .meta({ id: 'CommunityCard', description: 'コミュニティのカード' }) satisfies z.ZodType<CommunityCardData>;

export const communityCardsJsonSchema = z.object({ communities: z.array(communityCardJsonSchema) });

const communityTextsJsonShape = {
  host_name: z.string(),
  host_description: z.string(),
  description: z.string(),
  activity_description: z.string(),
  important_thing: z.string(),
  ideal_candidate_profile: z.string(),
  participation_condition: z.string(),
  location: z.string(),
} satisfies Record<keyof CommunityTexts, z.ZodString>;

const partnerSummaryJsonSchema = z.object({
  id: idJson(),
  name: z.string(),
  image_url: urlJson().nullable(),
}) satisfies z.ZodType<PartnerSummary>;

export const communityDetailJsonSchema = z
  .object({
    id: idJson(),
    published: z.boolean().meta({ description: 'false は管理者が非公開のコミュニティを見ているとき' }),
    name: z.string(),
    catchphrase: z.string(),
    ...communityTextsJsonShape,
    note: z.string().nullable(),
    image_url: urlJson().nullable(),
    images: z.array(imageJsonSchema),
    application_items: z.array(z.object({ id: idJson(), name: z.string(), required: z.boolean() })),
    brands: z.array(partnerSummaryJsonSchema),
    ambassadors: z.array(partnerSummaryJsonSchema),
    applied: z.boolean(),
  })
  .meta({ id: 'CommunityDetail', description: '公開中のコミュニティ（管理者には非公開のものも）' }) satisfies z.ZodType<CommunityDetail>;

export const adminCommunityJsonSchema = z
  .object({
    id: idJson(),
    name: z.string(),
    ...communityTextsJsonShape,
    catchphrase: z.string(),
    note: z.string().nullable(),
    published: z.boolean(),
    images: z.array(imageJsonSchema),
    application_items: z.array(
      z.object({
        id: idJson(),
        name: z.string(),
        required: z.boolean(),
        disabled: z.boolean(),
        sort_order: z.number().int(),
        answer_count: countJson(),
      }),
    ),
    created_at: dateTimeJson(),
    updated_at: dateTimeJson(),
  })
  .meta({ id: 'AdminCommunity', description: '編集用のコミュニティ（非表示の申込項目も含む）' }) satisfies z.ZodType<AdminCommunity>;
