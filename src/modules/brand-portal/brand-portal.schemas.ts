// The brand portal's calls (/brand/api/v1, admin-and-brand-portal.md §7 "Brand portal"; issue 11). Browser-safe:
// the pages under pages/brand/** code against these shapes. Account calls (sign-in, password, invitation, me,
// members) are in brand-members.schemas.ts.
import { z } from 'zod';
import { ja } from '#src/i18n/ja';
import type { AdminCommunity } from '#src/modules/communities/communities.schemas';

const m = ja.brandPortalApi;

/** Rows per page of the portal's lists (the spec shows no page size; the admin lists use 20). */
export const BRAND_PORTAL_PAGE_SIZE = 20;

/** ?page=n: 1 when absent; anything but a positive integer is 422. */
export const pageQuerySchema = z.object({
  page: z.preprocess(
    (value) => (value === undefined || value === '' ? 1 : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value),
    z
      .number({ error: ja.validation.integer })
      .int({ error: ja.validation.integer })
      .min(1, { error: ja.validation.integer })
      .max(100_000, { error: ja.validation.integer }),
  ),
});

export const HELD_AT_VALUES = ['future', 'past'] as const;
export type HeldAt = (typeof HELD_AT_VALUES)[number];

/** GET /communities/{id}/experiences?held_at=future|past&page=n (held_at defaults to future). */
export const experiencesQuerySchema = pageQuerySchema.extend({
  held_at: z.preprocess(
    (value) => (value === undefined || value === '' ? 'future' : value),
    z.enum(HELD_AT_VALUES, { error: m.heldAtInvalid }),
  ),
});

/** PUT /community-applications/{id}: {handled: boolean}. */
export const applicationHandledSchema = z.object({
  handled: z.boolean({ error: m.handledRequired }),
});
export type ApplicationHandledInput = z.input<typeof applicationHandledSchema>;

export interface PageMeta {
  current_page: number;
  total_pages: number;
  total_count: number;
}

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
  meta: PageMeta;
}

/** GET /experiences/{id}/participant-numbers: every date of the experience, in order. */
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
  meta: PageMeta;
}

/** GET/PUT /community-applications/{id}: the spec's community application plus handled. */
export interface BrandApplicationDetail extends BrandApplicationListItem {
  /** Whole years in Japan time on the day of the request (the page adds 歳). */
  user_age: number;
  occupation: string;
  answers: { question: string; answer: string }[];
}
