// Experience reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Experience, type IExperience, type IExperienceOption } from './experiences.entity';
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';

export type { IExperience, IExperienceOption };

/** A published experience with what a booking needs (options, prefecture), or null. */
export async function findBookableExperience(em: EntityManager, id: number): Promise<IExperience | null> {
  return em.findOne(Experience, { id, approve: true }, { populate: ['options', 'prefecture'] });
}

/** The title of a published experience, or null. */
export async function publishedTitle(em: EntityManager, id: number): Promise<string | null> {
  const experience = await em.findOne(Experience, { id, approve: true }, { fields: ['title'] });
  return experience?.title ?? null;
}

// ---- Page-shaped reads (one statement each, no entity hydration). The ORM keeps the writes. ----

/** The viewer's membership of the host ambassador, as SQL over `e` (THE rule stays experiences.policy.ts). */
const VIEWER_IS_MEMBER = `(e.host_ambassador_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM ambassador_members m WHERE m.ambassador_id = e.host_ambassador_id AND m.user_id = ?))`;

/** What experiences.policy.ts canManageExperienceRow needs, read in the same statement as the rest. */
export interface HostedRow {
  approve: boolean;
  host_user_id: number | null;
  host_ambassador_id: number | null;
  /** The signed-in viewer is a member of the host ambassador (false for guests). */
  viewer_is_member: boolean;
}

/** One experience with everything its JSON shows (toExperienceJsonFromRow). */
export interface ExperienceRow extends HostedRow {
  id: number;
  title: string;
  images: { id: number; url: string; alt: string | null }[];
  category_id: number;
  category_name: string;
  themes: { id: number; name: string }[];
  online: boolean;
  online_url: string | null;
  options: { id: number; name: string; description: string; price: number }[];
  address: string | null;
  prefecture_id: number | null;
  prefecture_name: string | null;
  price: number;
  price_side_note: string;
  description: string;
  inspiration: string;
  note: string;
  recruitment_number: number;
  set_minimum_number_of_participant_count: boolean;
  minimum_number_of_participant_count: number | null;
  cancellation_period: number;
  reservation_notice: string | null;
  reservation_deadline: string;
  address_displayable: boolean;
  community_id: number | null;
  host_user_name: string | null;
  host_user_avatar_url: string | null;
  host_ambassador_name: string | null;
  hosted_by: string;
  /** ISO 8601 with the offset, as PostgreSQL writes a timestamptz in JSON. */
  created_at: string;
  updated_at: string;
  /** The rating the database keeps: the number of reviews and their mean (null without reviews). */
  review_count: number;
  review_average: number | null;
  /** The signed-in viewer has it in お気に入り (false for guests). */
  viewer_favorite: boolean;
}

/** Images of `e` in display order as [{id, url, alt}] (the ORM collection's order: sort_order, id). */
const IMAGES_JSON = `COALESCE((SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'alt', i.alt) ORDER BY i.sort_order, i.id)
  FROM images i WHERE i.experience_id = e.id), '[]'::json)`;

// The row comes back as one JSON column: the driver then parses one value (JSON.parse) instead of 35 columns one by
// one, which was the largest part of the experience JSON's time in the pg driver. Three placeholders: the viewer's
// user id (or null) twice, then the experience's id. The experience page reads it in one statement with its first
// slots (story-page.service.ts).
export const EXPERIENCE_ROW_SQL = `SELECT row_to_json(r) AS row FROM (SELECT e.id, e.title, e.online, e.online_url, e.address, e.price, e.price_side_note, e.description,
  e.inspiration, e.note, e.recruitment_number, e.set_minimum_number_of_participant_count,
  e.minimum_number_of_participant_count, e.cancellation_period, e.reservation_notice, e.reservation_deadline,
  e.address_displayable, e.community_id, e.hosted_by, e.approve, e.created_at, e.updated_at, e.review_count, e.review_average,
  e.category_id, cat.name AS category_name, e.prefecture_id, pref.name AS prefecture_name,
  e.host_user_id, hu.name AS host_user_name, hu.avatar_url AS host_user_avatar_url,
  e.host_ambassador_id, ha.name AS host_ambassador_name,
  ${IMAGES_JSON} AS images,
  COALESCE((SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'description', o.description, 'price', o.price)
    ORDER BY o.sort_order, o.id) FROM experience_options o WHERE o.experience_id = e.id), '[]'::json) AS options,
  COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.sort_order, t.id)
    FROM experience_themes et JOIN themes t ON t.id = et.theme_id WHERE et.experience_id = e.id), '[]'::json) AS themes,
  ${VIEWER_IS_MEMBER} AS viewer_is_member,
  EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = ? AND f.experience_id = e.id) AS viewer_favorite
FROM experiences e
JOIN categories cat ON cat.id = e.category_id
LEFT JOIN prefectures pref ON pref.id = e.prefecture_id
LEFT JOIN users hu ON hu.id = e.host_user_id
LEFT JOIN ambassadors ha ON ha.id = e.host_ambassador_id
WHERE e.id = ?) r`;

const EXPERIENCE_ROW = readStatement(EXPERIENCE_ROW_SQL);

/**
 * The experience with its images, options, themes, category, prefecture, host, rating and whether the viewer has it in
 * お気に入り, in one statement; or null.
 */
export async function findExperienceRow(em: SqlReader, id: number, viewerId: number | null): Promise<ExperienceRow | null> {
  const rows = await readRows<{ row: ExperienceRow }>(em, EXPERIENCE_ROW, [viewerId, viewerId, id]);
  return rows[0]?.row ?? null;
}

/** The visibility columns of an experience and what slot and review reads need; or null. */
export interface ExperienceSummaryRow extends HostedRow {
  id: number;
  hosted_by: string;
  reservation_deadline: string;
}

/** ExperienceSummaryRow's columns over `e` but viewer_is_member. */
const SUMMARY_COLUMNS = `e.id, e.approve, e.host_user_id, e.host_ambassador_id, e.hosted_by, e.reservation_deadline`;

/** The SQL select list of ExperienceSummaryRow over `e` (one placeholder: the viewer's user id or null). */
export const EXPERIENCE_SUMMARY_COLUMNS = `${SUMMARY_COLUMNS}, ${VIEWER_IS_MEMBER} AS viewer_is_member`;

/** EXPERIENCE_SUMMARY_COLUMNS for a guest (no placeholder: a guest is nobody's member). */
export const GUEST_SUMMARY_COLUMNS = `${SUMMARY_COLUMNS}, false AS viewer_is_member`;

/** A list card row (toExperienceCardJsonFromRow). */
export interface ExperienceCardRow {
  id: number;
  title: string;
  images: { id: number; url: string; alt: string | null }[];
  approve: boolean;
  online: boolean;
  prefecture_id: number | null;
  prefecture_name: string | null;
  category_id: number;
  category_name: string;
  price: number;
  hosted_by: string;
  review_count: number;
  review_average: number | null;
}

/** Other published experiences of the same host as `e` (a condition over `o`). */
const SAME_HOST = `o.approve AND o.id <> e.id AND (CASE WHEN e.host_user_id IS NOT NULL THEN o.host_user_id = e.host_user_id
    ELSE o.host_ambassador_id = e.host_ambassador_id END)`;

const OTHER_EXPERIENCES = readStatement(
  `SELECT ${EXPERIENCE_SUMMARY_COLUMNS},
    (SELECT count(*)::int FROM experiences o WHERE ${SAME_HOST}) AS total,
    COALESCE((SELECT json_agg(card ORDER BY card.created_at DESC, card.id DESC) FROM (
      SELECT o.id, o.title, o.approve, o.online, o.prefecture_id, pref.name AS prefecture_name, o.category_id,
        cat.name AS category_name, o.price, o.hosted_by, o.created_at, o.review_count, o.review_average,
        EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = ? AND f.experience_id = o.id) AS favorite,
        COALESCE((SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'alt', i.alt) ORDER BY i.sort_order, i.id)
          FROM images i WHERE i.experience_id = o.id), '[]'::json) AS images
      FROM experiences o JOIN categories cat ON cat.id = o.category_id LEFT JOIN prefectures pref ON pref.id = o.prefecture_id
      WHERE ${SAME_HOST}
      ORDER BY o.created_at DESC, o.id DESC LIMIT ?) card), '[]'::json) AS rows
  FROM experiences e WHERE e.id = ?`,
);

/**
 * The same host's other published experiences, newest first (at most `limit`), how many there are, and the
 * experience's own summary (visibility), in one statement; null when the experience does not exist. Each card row
 * says whether the viewer has it in お気に入り (`favorite`, false for a guest).
 */
export async function findOtherExperienceRows(
  em: SqlReader,
  id: number,
  viewerId: number | null,
  limit: number,
): Promise<{ experience: ExperienceSummaryRow; rows: (ExperienceCardRow & { favorite: boolean })[]; total: number } | null> {
  const result = await readRows<ExperienceSummaryRow & { total: number; rows: (ExperienceCardRow & { favorite: boolean })[] }>(
    em,
    OTHER_EXPERIENCES,
    [viewerId, viewerId, limit, id],
  );
  const row = result[0];
  if (!row) return null;
  const { total, rows, ...experience } = row;
  return { experience, rows, total };
}

/** Cards of given published experiences with their next open dates (the favourites' list); the SQL is the search's. */
export { publishedCardsWithNextSlots, type NextSlot } from './story-cards';
