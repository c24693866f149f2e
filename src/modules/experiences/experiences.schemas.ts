// Public read side of experiences: list query and the JSON shapes (spec guest-and-host.md §3). Browser-safe.
import { z } from 'zod';
import { ja } from '#src/i18n/ja';

/** Cards per list page: 12 fills grids of 2, 3 and 4 columns. */
export const STORIES_PER_PAGE = 12;
/** Other experiences of the same host shown on a detail page. */
export const OTHER_EXPERIENCES_LIMIT = 6;
const MAX_PAGE = 10_000;

/** ?page=N: a positive integer; anything else is a 422 (the pages turn it into a 404). */
export const pageSchema = z
  .union([z.string(), z.number()])
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
