// The audit log: other services record their admin changes here (inside their own transaction, so the entry
// exists exactly when the change committed); the summary pages read one entry's trail, and /admin/audit the whole
// log by pages (`pageOfIds`, like every admin list).
import { actorLabel, requireAdmin, type Actor, type Ctx } from '#src/lib/context';
import { parseInput } from '#src/lib/isomorphic/validate';
import { inIdOrder, pageOfIds, Where } from '#src/lib/list-sql';
import { readRows, readStatement } from '#src/lib/read-sql';
import { AuditLog } from './audit.entity';
import {
  AUDIT_LOG_PAGE_SIZE,
  AUDIT_TRAIL_LIMIT,
  auditLogListQuerySchema,
  auditTrailQuerySchema,
  type AuditLogListQuery,
  type AuditLogListResponse,
  type AuditAction,
  type AuditEntityType,
  type AuditEntry,
  type AuditTrailQuery,
} from './audit.schemas';

export interface AuditRecord {
  entityType: AuditEntityType;
  entityId: number;
  action: AuditAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

function actorName(actor: Actor): string | null {
  switch (actor.kind) {
    case 'user':
      return actor.name;
    case 'operator':
      return actor.name;
    case 'brandMember':
      return actor.email;
    default:
      return null;
  }
}

/** JSON-safe copy (dates become ISO strings, undefined is dropped). */
function plain(value: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  return value == null ? null : (JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
}

interface AuditRow {
  id: number;
  actor: string;
  actorName?: string | null;
  entityType: string;
  entityId: number;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  createdAt: Date;
}

function entryJson(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor: row.actor,
    actor_name: row.actorName ?? null,
    entity_type: row.entityType as AuditEntityType,
    entity_id: row.entityId,
    action: row.action as AuditAction,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

const LOG_ROWS = readStatement(
  `SELECT id, actor, actor_name AS "actorName", entity_type AS "entityType", entity_id AS "entityId", action, before, after,
          created_at AS "createdAt"
     FROM audit_log WHERE id = ANY(?::int[])`,
);

export type AuditDeps = Record<string, never>;

export function createAuditService(_deps: AuditDeps = {}) {
  /** Adds an entry with ctx.em (call it inside the transaction of the change it records; it flushes nothing). */
  function record(ctx: Ctx, entry: AuditRecord): void {
    ctx.em.create(AuditLog, {
      actor: actorLabel(ctx.actor),
      actorName: actorName(ctx.actor),
      entityType: entry.entityType,
      entityId: entry.entityId,
      action: entry.action,
      before: plain(entry.before),
      after: plain(entry.after),
    });
  }

  /**
   * GET /api/v1/admin/audit?entity=&id= (ADMIN): one entry's trail, newest first. A URL may lack either field
   * (Partial): the schema answers that with its message (422).
   */
  async function trail(ctx: Ctx, input: Partial<AuditTrailQuery>): Promise<{ entries: AuditEntry[] }> {
    requireAdmin(ctx);
    const { entity, id } = parseInput(auditTrailQuerySchema, input);
    const rows = await ctx.em.find(
      AuditLog,
      { entityType: entity, entityId: id },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: AUDIT_TRAIL_LIMIT },
    );
    return { entries: rows.map(entryJson) };
  }

  /** GET /api/v1/admin/audit-log (ADMIN or the operator): the whole log, newest first, by entity kind and days. */
  async function list(ctx: Ctx, input: AuditLogListQuery = {}): Promise<AuditLogListResponse> {
    requireAdmin(ctx);
    const query = parseInput(auditLogListQuerySchema, input);
    const where = new Where();
    if (query.entity) where.add('entity_type = ?', query.entity);
    where.days('created_at', query);
    const { ids, meta } = await pageOfIds(
      ctx,
      {
        from: 'audit_log',
        id: 'id',
        where,
        order: [
          ['created_at', 'DESC'],
          ['id', 'DESC'],
        ],
        size: AUDIT_LOG_PAGE_SIZE,
      },
      query.page,
    );
    const rows = ids.length ? await readRows<AuditRow>(ctx.sql, LOG_ROWS, [ids]) : [];
    return { entries: inIdOrder(ids, rows).map(entryJson), meta };
  }

  return { record, trail, list };
}

export type AuditService = ReturnType<typeof createAuditService>;
