// Public read side of experiences: list query and the JSON shapes (spec guest-and-host.md §3). Browser-safe.
import { z } from 'zod';
import { ja } from '#src/i18n/ja';
import { countJson, dateTimeJson, idJson, urlJson } from '#src/lib/validate';

/** Cards per list page: 12 fills grids of 2, 3 and 4 columns. */
export const STORIES_PER_PAGE = 12;
/** Other experiences of the same host shown on a detail page. */
export const OTHER_EXPERIENCES_LIMIT = 6;
const MAX_PAGE = 10_000;

/** ?page=N: a positive integer; anything else is a 422 (the pages turn it into a 404). */
export const pageSchema = z
  .union([z.string(), z.number()])
  // The limit lives in the transform: stated here for the OpenAPI document.
  .meta({ description: `ページ番号（1〜${MAX_PAGE}）`, pattern: `^(?:[1-9]\\d{0,3}|${MAX_PAGE})$`, minimum: 1, maximum: MAX_PAGE })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return 1;
    const n = typeof value === 'number' ? value : /^\d{1,6}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE) {
      ctx.addIssue({ code: 'custom', message: ja.browse.invalidPage });
      return z.NEVER;
    }
    return n;
  });

/**
 * GET /api/v1/stories (the /stories list). Filter values stay strings here: an unknown or malformed one is a 404
 * (the service looks it up), like the /stories/location|category|theme pages.
 */
export const storiesQuerySchema = z.object({
  page: pageSchema,
  /** Prefecture name (the experience's `state`, e.g. 京都府) or its id 1..47. */
  state: z.string().max(20).optional(),
  category_id: z.string().max(12).optional(),
  theme_id: z.string().max(12).optional(),
});

export interface ImageJson {
  id: number;
  url: string;
}

export type HostType = 'user' | 'ambassador';

export interface HostJson {
  id: number;
  name: string;
  type: HostType;
  /** Extra: the user's avatar or the ambassador's first image. */
  avatar_url: string | null;
}

/**
 * The experience JSON (spec §3 field names). Extras beyond the spec are named plainly:
 * category_name, prefecture_id, cancellation_policy_name, created_at, updated_at.
 */
export interface ExperienceJson {
  id: number;
  title: string;
  images: ImageJson[];
  category_id: number;
  category_name: string;
  themes: { id: number; name: string }[];
  online: boolean;
  /** Only for the host, ambassador members and admins; null for everyone else. */
  online_url: string | null;
  options: { id: number; name: string; description: string; price: number }[];
  /** Null for guests when address_displayable is false. */
  address: string | null;
  /** Prefecture name; null when online. */
  state: string | null;
  prefecture_id: number | null;
  price: number;
  price_side_note: string;
  description: string;
  inspiration: string;
  note: string;
  recruitment_number: number;
  set_minimum_number_of_participant_count: boolean;
  minimum_number_of_participant_count: number | null;
  cancellation_period: number;
  cancellation_policy_name: string;
  reservation_notice: string | null;
  reservation_deadline: 'on_the_day' | 'the_day_before';
  address_displayable: boolean;
  community_id: number | null;
  host: HostJson;
  hosted_by: string;
  approve: boolean;
  created_at: string;
  updated_at: string;
}

/** A list card (/stories, home, other experiences, profiles). */
export interface ExperienceCardJson {
  id: number;
  title: string;
  images: ImageJson[];
  approve: boolean;
  online: boolean;
  state: string | null;
  prefecture_id: number | null;
  category_id: number;
  category_name: string;
  price: number;
  hosted_by: string;
}

export interface PageMeta {
  total_count: number;
  page: number;
  per_page: number;
  total_pages: number;
}

export type StoriesFilter =
  | { type: 'location'; id: number; name: string }
  | { type: 'category'; id: number; name: string }
  | { type: 'theme'; id: number; name: string };

export interface StoriesListJson {
  experiences: ExperienceCardJson[];
  meta: PageMeta;
  /** The filter applied, with its display name (null for the full list). */
  filters: StoriesFilter[];
}

export interface OtherExperiencesJson {
  experiences: ExperienceCardJson[];
  /** total_count: every other published experience of the same host (the list shows at most 6). */
  meta: { total_count: number };
}

export interface HomeJson {
  new_arrivals: ExperienceCardJson[];
  areas: { id: number; name: string; count: number }[];
  categories: { id: number; name: string; count: number }[];
  total_count: number;
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

export const publicImageJsonSchema = z.object({ id: idJson(), url: urlJson() }) satisfies z.ZodType<ImageJson>;

export const hostJsonSchema = z
  .object({ id: idJson(), name: z.string(), type: z.enum(['user', 'ambassador']), avatar_url: urlJson().nullable() })
  .meta({ id: 'ExperienceHost', description: 'ホスト（利用者またはアンバサダー）' }) satisfies z.ZodType<HostJson>;

export const experienceJsonSchema = z
  .object({
    id: idJson(),
    title: z.string(),
    images: z.array(publicImageJsonSchema),
    category_id: idJson(),
    category_name: z.string(),
    themes: z.array(z.object({ id: idJson(), name: z.string() })),
    online: z.boolean(),
    online_url: z.string().nullable(),
    options: z.array(z.object({ id: idJson(), name: z.string(), description: z.string(), price: z.number().int().min(0) })),
    address: z.string().nullable(),
    state: z.string().nullable(),
    prefecture_id: idJson().nullable(),
    price: z.number().int().min(0),
    price_side_note: z.string(),
    description: z.string(),
    inspiration: z.string(),
    note: z.string(),
    recruitment_number: z.number().int().min(1),
    set_minimum_number_of_participant_count: z.boolean(),
    minimum_number_of_participant_count: z.number().int().min(1).nullable(),
    cancellation_period: z.number().int().min(0),
    cancellation_policy_name: z.string(),
    reservation_notice: z.string().nullable(),
    reservation_deadline: z.enum(['on_the_day', 'the_day_before']),
    address_displayable: z.boolean(),
    community_id: idJson().nullable(),
    host: hostJsonSchema,
    hosted_by: z.string(),
    approve: z.boolean(),
    created_at: dateTimeJson(),
    updated_at: dateTimeJson(),
  })
  .meta({
    id: 'Experience',
    description: '体験（online_url はホスト・管理者にだけ、address は表示可のときだけ）',
  }) satisfies z.ZodType<ExperienceJson>;

export const experienceCardJsonSchema = z
  .object({
    id: idJson(),
    title: z.string(),
    images: z.array(publicImageJsonSchema),
    approve: z.boolean(),
    online: z.boolean(),
    state: z.string().nullable(),
    prefecture_id: idJson().nullable(),
    category_id: idJson(),
    category_name: z.string(),
    price: z.number().int().min(0),
    hosted_by: z.string(),
  })
  .meta({ id: 'ExperienceCard', description: '一覧のカード' }) satisfies z.ZodType<ExperienceCardJson>;

export const pageMetaSchema = z
  .object({ total_count: countJson(), page: z.number().int().min(1), per_page: z.number().int().min(1), total_pages: countJson() })
  .meta({ id: 'PageMeta', description: 'ページ送りの情報' }) satisfies z.ZodType<PageMeta>;

export const storiesListJsonSchema = z
  .object({
    experiences: z.array(experienceCardJsonSchema),
    meta: pageMetaSchema,
    filters: z.array(z.object({ type: z.enum(['location', 'category', 'theme']), id: idJson(), name: z.string() })),
  })
  .meta({
    id: 'StoriesList',
    description: `公開中の体験（1 ページ ${STORIES_PER_PAGE} 件）と、かかっている絞り込み`,
  }) satisfies z.ZodType<StoriesListJson>;

export const otherExperiencesJsonSchema = z
  .object({ experiences: z.array(experienceCardJsonSchema).max(OTHER_EXPERIENCES_LIMIT), meta: z.object({ total_count: countJson() }) })
  .meta({
    id: 'OtherExperiences',
    description: `同じホストの他の体験（最大 ${OTHER_EXPERIENCES_LIMIT} 件）`,
  }) satisfies z.ZodType<OtherExperiencesJson>;

/** The page link of a filter (spec route table). Prefecture links use the name, which is the API's `state`. */
export function filterPath(filter: StoriesFilter): string {
  if (filter.type === 'location') return `/stories/location/${encodeURIComponent(filter.name)}`;
  if (filter.type === 'category') return `/stories/category/${filter.id}`;
  return `/stories/theme/${filter.id}`;
}

export function locationPath(state: string): string {
  return `/stories/location/${encodeURIComponent(state)}`;
}

export function hostPath(host: { id: number; type: HostType }): string {
  return host.type === 'user' ? `/users/${host.id}` : `/ambassadors/${host.id}`;
}
