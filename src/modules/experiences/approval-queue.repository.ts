// Experience reads of the admin approval queue (experience-approvals.service.ts). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ctx } from '#src/lib/context';
import { inIdOrder, listKeywordText, pageOfIds, Where } from '#src/lib/list-sql';
import { readRows, readStatement } from '#src/lib/read-sql';
import type { ListPageMeta } from '#src/lib/isomorphic/list-filters';
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
  /** The latest rejection (its reason and when), or null: shown as the previous one once the host saved again. */
  lastRejection: { reason: string; createdAt: Date } | null;
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

/** The experience's host user has left (退会). */
const HOST_LEFT_SQL = 'EXISTS (SELECT 1 FROM users u WHERE u.id = e.host_user_id AND u.left_at IS NOT NULL)';
/** The experience was rejected after its last save (the host has not saved it again, which requests anew). */
const REJECTED_SQL = 'EXISTS (SELECT 1 FROM experience_rejections r WHERE r.experience_id = e.id AND r.created_at >= e.updated_at)';

/** Requested and not rejected since the last save; a host who left (退会) requests nothing. */
const PENDING_SQL = `e.approve = false AND NOT ${HOST_LEFT_SQL} AND NOT ${REJECTED_SQL}`;

/**
 * Where an experience stands for an approval decision: published, awaiting approval (the queue's rule, PENDING_SQL),
 * rejected since its last save, or its host left.
 */
export type ReviewState = 'published' | 'awaiting' | 'rejected' | 'hostLeft';

/**
 * Locks the experience's row until the transaction ends (a host's save and another decision on it wait) and says where
 * it stands (`ReviewState`); null for an unknown id.
 */
export async function lockForReview(em: EntityManager, id: number): Promise<ReviewState | null> {
  const [row] = await em.execute<{ approve: boolean; host_left: boolean; rejected: boolean }[]>(
    `SELECT e.approve, ${HOST_LEFT_SQL} AS host_left, ${REJECTED_SQL} AS rejected FROM experiences e WHERE e.id = ? FOR UPDATE OF e`,
    [id],
  );
  if (!row) return null;
  if (row.approve) return 'published';
  if (row.rejected) return 'rejected';
  return row.host_left ? 'hostLeft' : 'awaiting';
}

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
       FROM (SELECT ?::timestamptz - e.updated_at AS w FROM experiences e WHERE ${PENDING_SQL}) q`,
    [now],
  );
  return [row.a, row.b, row.c, row.d, row.e];
}

/**
 * The queue's rows of a page's ids, with the submitter, the first image and the latest rejection, in one prepared
 * statement.
 */
const QUEUED_ROWS = readStatement(
  `SELECT e.id, e.title, e.hosted_by, e.host_ambassador_id, e.updated_at, e.created_at, u.id AS created_by_id,
          u.name AS created_by_name,
          (SELECT i.url FROM images i WHERE i.experience_id = e.id ORDER BY i.sort_order, i.id LIMIT 1) AS image_url,
          r.reason AS rejection_reason, r.created_at AS rejected_at
     FROM experiences e JOIN users u ON u.id = e.created_by_id
     LEFT JOIN LATERAL (SELECT r.reason, r.created_at FROM experience_rejections r WHERE r.experience_id = e.id
                         ORDER BY r.created_at DESC, r.id DESC LIMIT 1) r ON true
    WHERE e.id = ANY(?::int[])`,
);

interface QueuedRow {
  id: number;
  title: string;
  hosted_by: string;
  host_ambassador_id: number | null;
  updated_at: Date;
  created_at: Date;
  created_by_id: number;
  created_by_name: string;
  image_url: string | null;
  rejection_reason: string | null;
  rejected_at: Date | null;
}

/**
 * One page of the queue, newest (last saved) first, filtered by a keyword (title, host name) and by how long it has
 * waited (saved more than `waitingDays` days ago), and the page meta (a bounded count).
 */
export async function pendingExperiences(
  ctx: Pick<Ctx, 'sql'>,
  filters: { q?: string; waitingDays?: number },
  page: number,
  size: number,
): Promise<{ rows: QueuedExperience[]; meta: ListPageMeta }> {
  const where = new Where().add(PENDING_SQL).keyword(listKeywordText('e'), filters.q);
  if (filters.waitingDays) where.add('e.updated_at < ?', new Date(Date.now() - filters.waitingDays * 86_400_000));
  const { ids, meta } = await pageOfIds(
    ctx,
    {
      from: 'experiences e',
      id: 'e.id',
      where,
      order: [
        ['e.updated_at', 'DESC'],
        ['e.id', 'DESC'],
      ],
      size,
    },
    page,
  );
  const loaded = ids.length ? await readRows<QueuedRow>(ctx.sql, QUEUED_ROWS, [ids]) : [];
  const rows = inIdOrder(ids, loaded).map((row) => ({
    id: row.id,
    title: row.title,
    hostedBy: row.hosted_by,
    hostKind: row.host_ambassador_id ? ('ambassador' as const) : ('user' as const),
    createdBy: { id: row.created_by_id, name: row.created_by_name },
    updatedAt: new Date(row.updated_at),
    createdAt: new Date(row.created_at),
    imageUrl: row.image_url,
    lastRejection:
      row.rejection_reason !== null && row.rejected_at !== null
        ? { reason: row.rejection_reason, createdAt: new Date(row.rejected_at) }
        : null,
  }));
  return { rows, meta };
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
