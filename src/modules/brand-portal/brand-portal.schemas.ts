// The brand portal's calls (/brand/api/v1, admin-and-brand-portal.md §7 "Brand portal"). Browser-safe:
// the pages under pages/brand/** code against these shapes. Account calls (sign-in, password, invitation, me,
// members) are in brand-members.schemas.ts.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import type { AdminCommunity } from '#src/modules/communities/communities.schemas';
import { countJson, dateJson, dateTimeJson, idJson, pageMetaJson, timeJson, type InputOf } from '#src/lib/isomorphic/validate';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import { booleanFilter, dayFilter, idFilter, keywordFilter, rangeInOrder, type ListPageMeta } from '#src/lib/isomorphic/list-filters';

const m = ja.brandPortalApi;

/** Rows per page of the portal's lists (the spec shows no page size; the admin lists use 20). */
export const BRAND_PORTAL_PAGE_SIZE = 20;

/** ?page=n: 1 when absent; anything but a positive integer is 422 (the public lists' rule). */
export const pageQuerySchema = listQuerySchema;

export const HELD_AT_VALUES = ['future', 'past'] as const;
export type HeldAt = (typeof HELD_AT_VALUES)[number];

/** GET /communities/{id}/experiences?held_at=future|past&page=n (held_at defaults to future). */
export const experiencesQuerySchema = pageQuerySchema.extend({
  held_at: z.preprocess(
    (value) => (value === undefined || value === '' ? 'future' : value),
    z.enum(HELD_AT_VALUES, { error: m.heldAtInvalid }),
  ),
  /** The keyword: a substring of the title. */
  q: keywordFilter(),
  /** Only the experiences this ambassador hosts. */
  ambassador_id: idFilter(),
});
export type BrandExperiencesQuery = InputOf<typeof experiencesQuerySchema>;

/** The filters the portal's list pages carry in their URLs (the names of the two schemas here). */
export const APPLICATION_FILTER_NAMES = ['q', 'community_id', 'handled', 'since', 'until'] as const;
export const EXPERIENCE_FILTER_NAMES = ['q', 'ambassador_id'] as const;

/**
 * GET /community-applications?page=&q=&community_id=&handled=&since=&until= (newest first): the applicant's name, one
 * of the brand's communities (another's is 404, the portal's rule), 対応済み/未対応 and the applied days (Japan time).
 */
export const applicationsQuerySchema = pageQuerySchema
  .extend({
    q: keywordFilter(),
    community_id: idFilter(),
    handled: booleanFilter(),
    since: dayFilter(ja.inquiryExport.sinceInvalid),
    until: dayFilter(ja.inquiryExport.untilInvalid),
  })
  .refine(rangeInOrder, { error: ja.inquiryExport.rangeOrder, path: ['until'] });

/**
 * GET /experiences/{id}/participant-numbers[?held_at=future|past]: without held_at every date in order; with it the
 * dates of that side only, as the list shows them (the detail panel of the 今後/過去 list).
 */
export const participantNumbersQuerySchema = z.object({
  held_at: z.preprocess((value) => (value === '' ? undefined : value), z.enum(HELD_AT_VALUES, { error: m.heldAtInvalid }).optional()),
});
export type ParticipantNumbersQuery = InputOf<typeof participantNumbersQuerySchema>;

/** GET /brand/api/v1/ambassadors[?community_id=n]: with one of the brand's communities, only those not in it yet (another id is a 404). */
export const portalAmbassadorsQuerySchema = z.object({
  community_id: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
});

/** PUT /community-applications/{id}: {handled: boolean}. */
export const applicationHandledSchema = z.object({
  handled: z.boolean({ error: m.handledRequired }),
});
export type ApplicationHandledInput = z.input<typeof applicationHandledSchema>;

export type PageMeta = ListPageMeta;

// ---- Communities ------------------------------------------------------------------------------------------------

/** A row of GET /communities?page=n. */
export interface BrandCommunityListItem {
  id: number;
  name: string;
  host_name: string;
  published: boolean;
  catchphrase: string;
  image_url: string | null;
  created_at: string;
  ambassador_count: number;
  application_count: number;
}

export interface BrandCommunitiesResponse {
  communities: BrandCommunityListItem[];
  meta: PageMeta;
}

/**
 * GET/PUT /communities/{id}, POST /communities: the administrator area's community form data (same form, same rules,
 * same JSON). POST and PUT take the admin form body (communityFormSchema).
 */
export type BrandCommunity = AdminCommunity;

// ---- Ambassadors ------------------------------------------------------------------------------------------------

/** The spec's ambassador as the portal sees it. */
export interface BrandPortalAmbassador {
  id: number;
  name: string;
  description: string;
  address: string | null;
  image_url: string | null;
  published: boolean;
  /** When it joined this community (GET /communities/{id}/ambassadors only). */
  associated_at?: string;
  /** The brand's communities it belongs to (GET /ambassadors only; never another brand's). */
  associated_community_ids?: number[];
}

/** GET /ambassadors[?community_id=n]: published ambassadors; with community_id, only those not yet in it. */
export interface BrandAmbassadorsResponse {
  ambassadors: BrandPortalAmbassador[];
}

/** GET /communities/{id}/ambassadors?page=n */
export interface BrandCommunityAmbassadorsResponse {
  community: { id: number; name: string };
  ambassadors: BrandPortalAmbassador[];
  meta: PageMeta;
}

/** POST /communities/{community_id}/ambassadors/{ambassador_id}/association (201) */
export interface BrandAssociationJson {
  community_id: number;
  ambassador_id: number;
  associated_at: string;
}

// ---- Experiences ------------------------------------------------------------------------------------------------

/** One date of an experience: ISO date and times are Japan time (the page formats 2026年12月5日 10:00). */
export interface ParticipantNumber {
  calendar_id: number;
  /** `2026-12-05T10:00:00+09:00` */
  held_at: string;
  date: string;
  start_time: string;
  end_time: string;
  participant_number: number;
  recruitment_number: number;
}

/**
 * A row of GET /communities/{id}/experiences (the spec's experience for the brand portal list). future: experiences
 * with a date to come (or none yet), with those dates; past: experiences with a date that has started, with those
 * dates, latest first. An experience with dates on both sides is in both lists.
 */
export interface BrandExperience {
  experience_id: number;
  experience_name: string;
  ambassador_name: string;
  published: boolean;
  /** Future list: the next date; past list: the latest date that has started; null when it has no dates. */
  held_at: string | null;
  created_at: string;
  /** The prefecture's name (spec: state), or null for online experiences. */
  state: string | null;
  participant_numbers: ParticipantNumber[];
}

export interface BrandExperiencesResponse {
  community: { id: number; name: string };
  held_at: HeldAt;
  experiences: BrandExperience[];
  /** The ambassadors hosting the community's experiences, by name (the ambassador filter's choices). */
  ambassadors: { id: number; name: string }[];
  meta: PageMeta;
}

/** GET /experiences/{id}/participant-numbers: every date of the experience in order, or one side's (held_at). */
export interface ParticipantNumbersResponse {
  experience_id: number;
  experience_name: string;
  participant_numbers: ParticipantNumber[];
}

// ---- Community applications -------------------------------------------------------------------------------------

/** A row of GET /community-applications?page=n (newest first). */
export interface BrandApplicationListItem {
  id: number;
  community_id: number;
  community_name: string;
  user_name: string;
  applied_at: string;
  handled: boolean;
}

export interface BrandApplicationsResponse {
  community_applications: BrandApplicationListItem[];
  /** The brand's communities, newest first (the community filter's choices). */
  communities: { id: number; name: string }[];
  meta: PageMeta;
}

/** GET/PUT /community-applications/{id}: the spec's community application plus handled. */
export interface BrandApplicationDetail extends BrandApplicationListItem {
  /** Whole years in Japan time on the day of the request (the page adds 歳). */
  user_age: number;
  occupation: string;
  /** The applicant's account address as it is now (to contact them about the application); null once they left. */
  user_email: string | null;
  /** The applicant's account has left (退会): no address is given. */
  user_left: boolean;
  answers: { question: string; answer: string }[];
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

const portalPageMetaSchema = pageMetaJson() satisfies z.ZodType<PageMeta>;

export const brandCommunitiesJsonSchema = z
  .object({
    communities: z.array(
      z.object({
        id: idJson(),
        name: z.string(),
        host_name: z.string(),
        published: z.boolean(),
        catchphrase: z.string(),
        image_url: z.string().nullable(),
        created_at: dateTimeJson(),
        ambassador_count: countJson(),
        application_count: countJson(),
      }),
    ),
    meta: portalPageMetaSchema,
  })
  .meta({
    id: 'BrandCommunityList',
    description: `ブランドのコミュニティ（1 ページ ${BRAND_PORTAL_PAGE_SIZE} 件）`,
  }) satisfies z.ZodType<BrandCommunitiesResponse>;

const portalAmbassadorJsonSchema = z.object({
  id: idJson(),
  name: z.string(),
  description: z.string(),
  address: z.string().nullable(),
  image_url: z.string().nullable(),
  published: z.boolean(),
  associated_at: dateTimeJson().optional(),
  associated_community_ids: z.array(idJson()).optional(),
}) satisfies z.ZodType<BrandPortalAmbassador>;

export const brandAmbassadorsJsonSchema = z.object({ ambassadors: z.array(portalAmbassadorJsonSchema) }).meta({
  id: 'BrandAmbassadorList',
  description: '紐付けできるアンバサダー（associated_community_ids つき）',
}) satisfies z.ZodType<BrandAmbassadorsResponse>;

export const brandCommunityAmbassadorsJsonSchema = z
  .object({
    community: z.object({ id: idJson(), name: z.string() }),
    ambassadors: z.array(portalAmbassadorJsonSchema),
    meta: portalPageMetaSchema,
  })
  .meta({
    id: 'BrandCommunityAmbassadorList',
    description: 'コミュニティのアンバサダー（associated_at つき）',
  }) satisfies z.ZodType<BrandCommunityAmbassadorsResponse>;

export const brandAssociationJsonSchema = z
  .object({ community_id: idJson(), ambassador_id: idJson(), associated_at: dateTimeJson() })
  .meta({ id: 'BrandAssociation', description: 'コミュニティとアンバサダーの紐付け' }) satisfies z.ZodType<BrandAssociationJson>;

const participantNumberJsonSchema = z.object({
  calendar_id: idJson(),
  held_at: z.string().meta({ format: 'date-time', example: '2026-12-05T10:00:00+09:00' }),
  date: dateJson(),
  start_time: timeJson(),
  end_time: timeJson(),
  participant_number: countJson(),
  recruitment_number: countJson(),
}) satisfies z.ZodType<ParticipantNumber>;

export const brandExperiencesJsonSchema = z
  .object({
    community: z.object({ id: idJson(), name: z.string() }),
    held_at: z.enum(HELD_AT_VALUES),
    experiences: z.array(
      z.object({
        experience_id: idJson(),
        experience_name: z.string(),
        ambassador_name: z.string(),
        published: z.boolean(),
        held_at: z.string().meta({ format: 'date-time' }).nullable(),
        created_at: dateTimeJson(),
        state: z.string().nullable(),
        participant_numbers: z.array(participantNumberJsonSchema),
      }),
    ),
    ambassadors: z.array(z.object({ id: idJson(), name: z.string() })),
    meta: portalPageMetaSchema,
  })
  .meta({
    id: 'BrandExperienceList',
    description: 'コミュニティの体験と日程ごとの参加者数（今後 future / 過去 past）',
  }) satisfies z.ZodType<BrandExperiencesResponse>;

export const participantNumbersJsonSchema = z
  .object({ experience_id: idJson(), experience_name: z.string(), participant_numbers: z.array(participantNumberJsonSchema) })
  .meta({ id: 'ParticipantNumbers', description: '体験の日程ごとの参加者数' }) satisfies z.ZodType<ParticipantNumbersResponse>;

const applicationListItemShape = {
  id: idJson(),
  community_id: idJson(),
  community_name: z.string(),
  user_name: z.string(),
  applied_at: dateTimeJson(),
  handled: z.boolean(),
};

export const brandApplicationsJsonSchema = z
  .object({
    community_applications: z.array(z.object(applicationListItemShape)),
    communities: z.array(z.object({ id: idJson(), name: z.string() })),
    meta: portalPageMetaSchema,
  })
  .meta({ id: 'BrandApplicationList', description: 'コミュニティへの参加申込' }) satisfies z.ZodType<BrandApplicationsResponse>;

export const brandApplicationDetailJsonSchema = z
  .object({
    ...applicationListItemShape,
    user_age: z.number().int().min(0),
    occupation: z.string(),
    user_email: z.string().meta({ format: 'email' }).nullable(),
    user_left: z.boolean(),
    answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  })
  .meta({
    id: 'BrandApplication',
    description:
      '参加申込の詳細（年齢は日本時間の今日の満年齢。user_email は申込者のアカウントの現在のメールアドレスで、退会していれば null、user_left が true）',
  }) satisfies z.ZodType<BrandApplicationDetail>;
