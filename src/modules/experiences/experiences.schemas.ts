// Public read side of experiences: list query and the JSON shapes (spec guest-and-host.md §3). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { countJson, dateJson, dateTimeJson, idJson, urlJson } from '#src/lib/isomorphic/validate';
import { STORIES_SORTS, type StoriesSort } from './experiences.shared';
import { type CardRatingJson, cardRatingShape } from './card-rating.schemas';

// The zod-free part (constants, paths, the query string) lives in experiences.shared.ts and experience-links.shared.ts,
// which the pages import: a page that imports this file carries zod. Re-exported here for the server, the CLI and the tests.
export {
  filterPath,
  isSearch,
  REGIONS,
  SEARCH_LIMITS,
  STORIES_QUERY_KEYS,
  STORIES_SORTS,
  type StoriesSort,
  storiesQueryString,
} from './experiences.shared';
export { hostPath, locationPath } from './experience-links.shared';

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

export interface ImageJson {
  id: number;
  url: string;
  /** The host's text for the photo; null where none is written (the pages then write their own). */
  alt: string | null;
}

export type HostType = 'user' | 'ambassador';

export interface HostJson {
  id: number;
  name: string;
  type: HostType;
  /** Extra: the user's avatar or the ambassador's first image. */
  avatar_url: string | null;
}

/** The experience JSON (spec §3 names); extras: category_name, prefecture_id, cancellation_policy_name, created_at, updated_at. */
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
export interface ExperienceCardJson extends CardRatingJson {
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

/** The search as the service understood it: what the form shows and the links repeat. */
export interface StoriesSearchJson {
  q: string | null;
  date_from: string | null;
  date_to: string | null;
  people: number | null;
  state: { id: number; name: string }[];
  category_id: number | null;
  theme_id: number | null;
  price_min: number | null;
  price_max: number | null;
  online: boolean | null;
  sort: StoriesSort;
}

export type StoriesSuggestionKind = 'without_dates' | 'other_dates' | 'nearby' | 'without_area' | 'without_keyword' | 'without_price';

/** A relaxed search that finds something when the search found nothing. */
export interface StoriesSuggestionJson {
  kind: StoriesSuggestionKind;
  count: number;
  search: StoriesSearchJson;
}

export interface StoriesListJson {
  experiences: ExperienceCardJson[];
  meta: PageMeta;
  /** The prefecture, category and theme filters applied, with their display names (empty for the full list). */
  filters: StoriesFilter[];
  search: StoriesSearchJson;
  /** Only when nothing matched: what to relax (each with how many it would find). */
  suggestions: StoriesSuggestionJson[];
}

export interface OtherExperiencesJson {
  experiences: ExperienceCardJson[];
  /** total_count: every other published experience of the same host (the list shows at most 6). */
  meta: { total_count: number };
  /** The listed experiences the signed-in caller has in お気に入り (their hearts); empty for a guest. */
  favorite_ids: number[];
}

export interface HomeJson {
  new_arrivals: ExperienceCardJson[];
  areas: { id: number; name: string; count: number }[];
  categories: { id: number; name: string; count: number }[];
  total_count: number;
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

export const publicImageJsonSchema = z.object({
  id: idJson(),
  url: urlJson(),
  alt: z.string().nullable().meta({ description: 'ホストが書いた写真の説明（代替テキスト）。書かれていなければ null' }),
}) satisfies z.ZodType<ImageJson>;

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
    ...cardRatingShape,
  })
  .meta({ id: 'ExperienceCard', description: '一覧のカード' }) satisfies z.ZodType<ExperienceCardJson>;

export const pageMetaSchema = z
  .object({ total_count: countJson(), page: z.number().int().min(1), per_page: z.number().int().min(1), total_pages: countJson() })
  .meta({ id: 'PageMeta', description: 'ページ送りの情報' }) satisfies z.ZodType<PageMeta>;

/** The search the service ran (what the form shows and the links repeat). */
const storiesSearchJsonSchema = z
  .object({
    q: z.string().nullable(),
    date_from: dateJson().nullable(),
    date_to: dateJson().nullable(),
    people: z.number().int().min(1).nullable(),
    state: z.array(z.object({ id: idJson(), name: z.string() })),
    category_id: idJson().nullable(),
    theme_id: idJson().nullable(),
    price_min: z.number().int().min(0).nullable(),
    price_max: z.number().int().min(0).nullable(),
    online: z.boolean().nullable(),
    sort: z.enum(STORIES_SORTS),
  })
  .meta({ id: 'StoriesSearch', description: '実行した検索条件（日付は日本時間）' }) satisfies z.ZodType<StoriesSearchJson>;

export const storiesListJsonSchema = z
  .object({
    experiences: z.array(experienceCardJsonSchema),
    meta: pageMetaSchema,
    filters: z.array(z.object({ type: z.enum(['location', 'category', 'theme']), id: idJson(), name: z.string() })),
    search: storiesSearchJsonSchema,
    suggestions: z.array(
      z.object({
        kind: z.enum(['without_dates', 'other_dates', 'nearby', 'without_area', 'without_keyword', 'without_price']),
        count: countJson(),
        search: storiesSearchJsonSchema,
      }),
    ),
  })
  .meta({
    id: 'StoriesList',
    description: `公開中の体験の一覧・検索結果（1 ページ ${STORIES_PER_PAGE} 件）、かかっている絞り込み、実行した検索条件と、0 件のときにゆるめる候補`,
  }) satisfies z.ZodType<StoriesListJson>;

export const otherExperiencesJsonSchema = z
  .object({
    experiences: z.array(experienceCardJsonSchema).max(OTHER_EXPERIENCES_LIMIT),
    meta: z.object({ total_count: countJson() }),
    favorite_ids: z
      .array(idJson())
      .max(OTHER_EXPERIENCES_LIMIT)
      .meta({ description: 'このうちサインイン中の利用者がお気に入りにしている体験のID（ゲストは空）' }),
  })
  .meta({
    id: 'OtherExperiences',
    description: `同じホストの他の体験（最大 ${OTHER_EXPERIENCES_LIMIT} 件）`,
  }) satisfies z.ZodType<OtherExperiencesJson>;
