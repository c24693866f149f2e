// Experience reads of the admin approval queue (experience-approvals.service.ts). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sortedImageJson } from '#src/modules/images/images.schemas';
import { Experience } from './experiences.entity';

export interface QueuedExperience {
  id: number;
  title: string;
  hostedBy: string;
  hostKind: 'user' | 'ambassador';
  createdBy: { id: number; name: string };
  updatedAt: Date;
  createdAt: Date;
  imageUrl: string | null;
}

export interface ReviewedExperience {
  id: number;
  title: string;
  approve: boolean;
  updatedAt: Date;
  /** Where a rejection is mailed: the host user, the host ambassador's members, else the submitter. */
  hostUserEmail: string | null;
  hostAmbassadorId: number | null;
  createdByEmail: string;
}

/** Requested and not rejected since the last save; a host who left (退会) requests nothing. */
const PENDING_SQL = `FROM experiences e
  WHERE e.approve = false
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = e.host_user_id AND u.left_at IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM experience_rejections r WHERE r.experience_id = e.id AND r.created_at >= e.updated_at)`;

/**
 * The queue's length by how long each experience has waited since it was last saved (the admin dashboard): under a
 * day, 1–2 days, 3–6, 7–13 and 14 days or more before `now`. One statement.
 */
export async function pendingByWait(em: EntityManager, now: Date): Promise<[number, number, number, number, number]> {
  const [row] = await em.execute<Record<string, number>[]>(
    `SELECT count(*) FILTER (WHERE w < interval '1 day')::int AS a,
            count(*) FILTER (WHERE w >= interval '1 day' AND w < interval '3 days')::int AS b,
            count(*) FILTER (WHERE w >= interval '3 days' AND w < interval '7 days')::int AS c,
            count(*) FILTER (WHERE w >= interval '7 days' AND w < interval '14 days')::int AS d,
            count(*) FILTER (WHERE w >= interval '14 days')::int AS e
       FROM (SELECT ?::timestamptz - e.updated_at AS w ${PENDING_SQL}) q`,
    [now],
  );
  return [row.a, row.b, row.c, row.d, row.e];
}

/** One page of the queue, newest (last saved) first, and the queue's length. */
export async function pendingExperiences(
  em: EntityManager,
  limit: number,
  offset: number,
): Promise<{ rows: QueuedExperience[]; total: number }> {
  const [{ n }] = await em.execute<{ n: string }[]>(`SELECT count(*) AS n ${PENDING_SQL}`);
  const idRows = await em.execute<{ id: number }[]>(`SELECT e.id ${PENDING_SQL} ORDER BY e.updated_at DESC, e.id DESC LIMIT ? OFFSET ?`, [
    limit,
    offset,
  ]);
  const ids = idRows.map((r) => Number(r.id));
  const loaded = ids.length ? await em.find(Experience, { id: { $in: ids } }, { populate: ['images', 'createdBy'] }) : [];
  const byId = new Map(loaded.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            id: row.id,
            title: row.title,
            hostedBy: row.hostedBy,
            hostKind: row.hostAmbassador ? ('ambassador' as const) : ('user' as const),
            createdBy: { id: row.createdBy.id, name: row.createdBy.name },
            updatedAt: new Date(row.updatedAt),
            createdAt: new Date(row.createdAt),
            imageUrl: sortedImageJson(row.images)[0]?.url ?? null,
          },
        ]
      : [];
  });
  return { rows, total: Number(n) };
}

/** The experience an approval decision is about, or null. */
/** The last change of each of these experiences that is not published (published and unknown ids are left out). */
export async function unpublishedUpdatedAt(em: EntityManager, ids: number[]): Promise<Map<number, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await em.find(Experience, { id: { $in: ids }, approve: false }, { fields: ['id', 'updatedAt'] });
  return new Map(rows.map((row) => [row.id, new Date(row.updatedAt)]));
}

export async function findReviewedExperience(em: EntityManager, id: number): Promise<ReviewedExperience | null> {
  const row = await em.findOne(Experience, { id }, { populate: ['hostUser', 'createdBy'] });
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    approve: row.approve,
    updatedAt: new Date(row.updatedAt),
    hostUserEmail: row.hostUser?.email ?? null,
    hostAmbassadorId: row.hostAmbassador?.id ?? null,
    createdByEmail: row.createdBy.email,
  };
}
