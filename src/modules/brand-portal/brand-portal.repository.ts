// Read helpers of the brand portal's experience screens: a community's experiences split into future
// and past by their dates in Japan time, and the participant and recruitment numbers per date. Server-only; the
// caller (brand-portal.service.ts) has already checked that the community is the signed-in member's brand's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import type { HeldAt, ParticipantNumber } from './brand-portal.schemas';
import { Where } from '#src/lib/list-sql';

/** A date's start as an ISO instant in Japan time: 2026-12-05T10:00:00+09:00. */
function heldAtIso(date: string, startTime: string): string {
  return `${date}T${startTime}:00+09:00`;
}

function ymd(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

/**
 * The ids of a community's experiences on one page. Future: those with a date still to start in Japan time, or with
 * no date yet (soonest first, undated last). Past: those with a date that has started (latest first). An experience
 * with dates on both sides is in both lists, each time with the dates of that side.
 */
export async function communityExperienceIds(
  em: EntityManager,
  communityId: number,
  heldAt: HeldAt,
  page: { limit: number; offset: number },
  filters: { q?: string; ambassadorId?: number } = {},
): Promise<{ rows: { id: number; held_at: string | null }[]; total: number }> {
  // The keyword (a substring of the title, the trigram index's expression) and the host ambassador narrow the
  // community's experiences before their dates are read.
  const narrow = new Where().add('e.community_id = ?', communityId).keyword('lower(e.title)', filters.q);
  if (filters.ambassadorId !== undefined) narrow.add('e.host_ambassador_id = ?', filters.ambassadorId);
  const filter = heldAt === 'future' ? 'a.next_at IS NOT NULL OR a.last_at IS NULL' : 'a.last_at IS NOT NULL';
  const order = heldAt === 'future' ? 'a.next_at ASC NULLS LAST, a.id DESC' : 'a.last_at DESC, a.id DESC';
  const sql = `
    WITH a AS (
      SELECT e.id,
             min(c.date + c.start_time::time) FILTER (WHERE c.date + c.start_time::time >= (now() AT TIME ZONE 'Asia/Tokyo')) AS next_at,
             max(c.date + c.start_time::time) FILTER (WHERE c.date + c.start_time::time < (now() AT TIME ZONE 'Asia/Tokyo')) AS last_at
        FROM experiences e
        LEFT JOIN calendars c ON c.experience_id = e.id
       ${narrow.sql}
       GROUP BY e.id
    )
    SELECT a.id, to_char(${heldAt === 'future' ? 'a.next_at' : 'a.last_at'}, 'YYYY-MM-DD"T"HH24:MI:SS"+09:00"') AS held_at,
           count(*) OVER () AS total
      FROM a
     WHERE ${filter}
     ORDER BY ${order}
     LIMIT ? OFFSET ?`;
  const rows = await em.execute<{ id: number; held_at: string | null; total: string }[]>(sql, [...narrow.params, page.limit, page.offset]);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.offset > 0) {
    const counted = await em.execute<{ total: string }[]>(
      `WITH a AS (SELECT e.id,
                min(c.date + c.start_time::time) FILTER (WHERE c.date + c.start_time::time >= (now() AT TIME ZONE 'Asia/Tokyo')) AS next_at,
                max(c.date + c.start_time::time) FILTER (WHERE c.date + c.start_time::time < (now() AT TIME ZONE 'Asia/Tokyo')) AS last_at
           FROM experiences e LEFT JOIN calendars c ON c.experience_id = e.id ${narrow.sql} GROUP BY e.id)
         SELECT count(*) AS total FROM a WHERE ${filter}`,
      narrow.params,
    );
    total = Number(counted[0]?.total ?? 0);
  }
  return { rows: rows.map((row) => ({ id: Number(row.id), held_at: row.held_at })), total };
}

export interface CommunityExperienceRow {
  id: number;
  title: string;
  hostName: string;
  published: boolean;
  createdAt: Date;
  prefecture: string | null;
  communityId: number | null;
}

/** Experiences by id with what the portal's list shows. */
export async function experienceRows(em: EntityManager, ids: number[]): Promise<Map<number, CommunityExperienceRow>> {
  if (ids.length === 0) return new Map();
  const rows = await em.find(Experience, { id: { $in: ids } }, { populate: ['hostAmbassador', 'prefecture'] });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        title: row.title,
        hostName: row.hostAmbassador?.name ?? row.hostedBy,
        published: row.approve,
        createdAt: new Date(row.createdAt),
        prefecture: row.prefecture?.name ?? null,
        communityId: row.community?.id ?? null,
      },
    ]),
  );
}

/** The community an experience belongs to ({id, title, communityId}), or null for an unknown experience. */
export async function experienceCommunity(
  em: EntityManager,
  id: number,
): Promise<{ id: number; title: string; communityId: number | null } | null> {
  const row = await em.findOne(Experience, { id }, { fields: ['id', 'title', 'community'] });
  return row ? { id: row.id, title: row.title, communityId: row.community?.id ?? null } : null;
}

/** Every date of these experiences, in date order, as participant numbers (Japan time). */
export async function participantNumbers(em: EntityManager, experienceIds: number[]): Promise<Map<number, ParticipantNumber[]>> {
  const result = new Map<number, ParticipantNumber[]>(experienceIds.map((id) => [id, []]));
  if (experienceIds.length === 0) return result;
  const rows = await em.find(Calendar, { experience: { $in: experienceIds } }, { orderBy: { date: 'asc', startTime: 'asc', id: 'asc' } });
  for (const row of rows) {
    const date = ymd(row.date);
    result.get(row.experience.id)?.push({
      calendar_id: row.id,
      held_at: heldAtIso(date, row.startTime),
      date,
      start_time: row.startTime,
      end_time: row.endTime,
      participant_number: row.participantNumber,
      recruitment_number: row.recruitmentNumber,
    });
  }
  return result;
}

/** The ambassadors hosting a community's experiences ({id, name}, by name): the portal list's ambassador filter. */
export async function communityHostAmbassadors(em: EntityManager, communityId: number): Promise<{ id: number; name: string }[]> {
  const rows = await em.execute<{ id: number; name: string }[]>(
    `SELECT DISTINCT a.id, a.name FROM experiences e JOIN ambassadors a ON a.id = e.host_ambassador_id
      WHERE e.community_id = ? ORDER BY a.name, a.id`,
    [communityId],
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}
