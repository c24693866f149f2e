// Read helpers of the brand portal's experience screens: the brand's community with the list's ambassador choices, a
// page of the community's experiences split into future and past by their dates in Japan time, and the experiences'
// rows with their dates' participant and recruitment numbers. Server-only; the page and the rows are read only for a
// community the signed-in member's brand owns (the caller checks it first).
import type { Ctx } from '#src/lib/context';
import type { ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { type ListOrder, pageOfIds, Where } from '#src/lib/list-sql';
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import type { HeldAt, ParticipantNumber } from './brand-portal.schemas';

/** A date's start as an ISO instant in Japan time: 2026-12-05T10:00:00+09:00. */
function heldAtIso(date: string, startTime: string): string {
  return `${date}T${startTime}:00+09:00`;
}

const BRAND_COMMUNITY = readStatement(
  `SELECT c.id, c.name,
          coalesce((SELECT json_agg(json_build_object('id', h.id, 'name', h.name) ORDER BY h.name, h.id)
                      FROM (SELECT DISTINCT a.id, a.name FROM experiences e JOIN ambassadors a ON a.id = e.host_ambassador_id
                             WHERE e.community_id = c.id) h), '[]') AS ambassadors
     FROM brand_communities bc JOIN communities c ON c.id = bc.community_id
    WHERE bc.brand_id = ? AND bc.community_id = ?`,
);

export interface PortalCommunity {
  id: number;
  name: string;
  /** The ambassadors hosting the community's experiences ({id, name}, by name): the list's ambassador filter. */
  ambassadors: { id: number; name: string }[];
}

/** The brand's community with its experiences' host ambassadors, or null when the brand does not own it. */
export async function brandPortalCommunity(sql: SqlReader, brandId: number, communityId: number): Promise<PortalCommunity | null> {
  const [row] = await readRows<PortalCommunity>(sql, BRAND_COMMUNITY, [brandId, communityId]);
  return row ?? null;
}

/** An experience's dates in Japan time, relative to now (in a statement, `now()` is its start). */
const STARTS_AT = `(c.date + c.start_time::time)`;
const NOW_IN_JAPAN = `(now() AT TIME ZONE 'Asia/Tokyo')`;
const NEXT_AT = `min(${STARTS_AT}) FILTER (WHERE ${STARTS_AT} >= ${NOW_IN_JAPAN})`;
const LAST_AT = `max(${STARTS_AT}) FILTER (WHERE ${STARTS_AT} < ${NOW_IN_JAPAN})`;

/**
 * One page of a community's experiences' ids and the page meta (`pageOfIds`). Future: those with a date still to start
 * in Japan time, or with no date yet (soonest first, undated last: ASC puts nulls last). Past: those with a date that
 * has started (latest first). An experience with dates on both sides is in both lists. The keyword (found in the title
 * alone, normalised as it is tested: the experiences' stored keyword_text is the approval queue's, title and host name;
 * the community's experiences are few and read by their community_id index) and the host ambassador narrow the
 * community's experiences before their dates are read.
 */
export function communityExperienceIds(
  ctx: Pick<Ctx, 'sql'>,
  communityId: number,
  heldAt: HeldAt,
  page: { page: number; size: number },
  filters: { q?: string; ambassadorId?: number } = {},
): Promise<{ ids: number[]; meta: ListPageMeta }> {
  const where = new Where().add('e.community_id = ?', communityId).keyword('tabitoko_list_norm(e.title)', filters.q);
  if (filters.ambassadorId !== undefined) where.add('e.host_ambassador_id = ?', filters.ambassadorId);
  const order: ListOrder =
    heldAt === 'future'
      ? [
          [NEXT_AT, 'ASC'],
          ['e.id', 'DESC'],
        ]
      : [
          [LAST_AT, 'DESC'],
          ['e.id', 'DESC'],
        ];
  return pageOfIds(
    ctx,
    {
      from: 'experiences e LEFT JOIN calendars c ON c.experience_id = e.id',
      id: 'e.id',
      where,
      group: { by: 'e.id', having: heldAt === 'future' ? `${NEXT_AT} IS NOT NULL OR ${LAST_AT} IS NULL` : `${LAST_AT} IS NOT NULL` },
      order,
      size: page.size,
    },
    page.page,
  );
}

export interface PortalExperienceRow {
  id: number;
  title: string;
  hostName: string;
  published: boolean;
  createdAt: Date;
  prefecture: string | null;
  communityId: number | null;
  /** Every date of the experience, in date order. */
  dates: ParticipantNumber[];
}

const EXPERIENCE_ROWS = readStatement(
  `SELECT e.id, e.title, coalesce(a.name, e.hosted_by) AS "hostName", e.approve AS published, e.created_at AS "createdAt",
          p.name AS prefecture, e.community_id AS "communityId",
          coalesce((SELECT json_agg(json_build_object('calendar_id', c.id, 'date', to_char(c.date, 'YYYY-MM-DD'),
                                      'start_time', c.start_time, 'end_time', c.end_time,
                                      'participant_number', c.participant_number, 'recruitment_number', c.recruitment_number)
                                    ORDER BY c.date, c.start_time, c.id)
                      FROM calendars c WHERE c.experience_id = e.id), '[]') AS dates
     FROM experiences e
     LEFT JOIN ambassadors a ON a.id = e.host_ambassador_id
     LEFT JOIN prefectures p ON p.id = e.prefecture_id
    WHERE e.id = ANY(?::int[])`,
);

/**
 * Experiences by id with what the portal's list and its detail panel show (the host ambassador's name, else the
 * experience's host name; the prefecture's name; every date with its numbers): one prepared statement.
 */
export async function portalExperienceRows(sql: SqlReader, ids: number[]): Promise<PortalExperienceRow[]> {
  if (ids.length === 0) return [];
  const rows = await readRows<Omit<PortalExperienceRow, 'dates'> & { dates: Omit<ParticipantNumber, 'held_at'>[] }>(sql, EXPERIENCE_ROWS, [
    ids,
  ]);
  return rows.map((row) => ({
    ...row,
    dates: row.dates.map((date) => ({
      calendar_id: date.calendar_id,
      held_at: heldAtIso(date.date, date.start_time),
      date: date.date,
      start_time: date.start_time,
      end_time: date.end_time,
      participant_number: date.participant_number,
      recruitment_number: date.recruitment_number,
    })),
  }));
}
