// The audit trail of the administrator area (GET /api/v1/admin/audit?entity=ambassador&id=12). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { dateTimeJson, idJson, pageMetaJson, type InputOf } from '#src/lib/isomorphic/validate';
import { choiceFilter, dayFilter, rangeInOrder, type ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';

export const AUDIT_ENTITY_TYPES = [
  'community',
  'ambassador',
  'brand',
  'brand_member',
  'inquiry',
  'experience',
  'refund',
  'coupon',
  'payout_batch',
  'payee',
  'contact_inquiry',
  'user',
  'community_application',
  'reservation',
  'review',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'add_member',
  'remove_member',
  'invite',
  'reinvite',
  'revoke',
  'resolve',
  'unresolve',
  'approve',
  'reject',
  'retry',
  'prepare',
  'export',
  'mark_paid',
  'adjust',
  'set_rate',
  'update_bank_account',
  'deactivate',
  'leave',
  'assign_brand',
  'cancel',
  'hide',
  'unhide',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How many entries one trail shows (newest first). */
export const AUDIT_TRAIL_LIMIT = 100;

export const auditTrailQuerySchema = z.object({
  entity: z.enum(AUDIT_ENTITY_TYPES, { error: ja.adminApi.audit.entityInvalid }),
  id: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value),
    z.number({ error: ja.errors.invalidId }).int({ error: ja.errors.invalidId }).min(1, { error: ja.errors.invalidId }),
  ),
});
export type AuditTrailQuery = z.input<typeof auditTrailQuerySchema>;

export interface AuditEntry {
  id: number;
  /** `user:12`, `operator:alice` */
  actor: string;
  /** The user's name at the time, or the operator's name. */
  actor_name: string | null;
  entity_type: AuditEntityType;
  entity_id: number;
  action: AuditAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

/** Entries per page of the whole log (/admin/audit). */
export const AUDIT_LOG_PAGE_SIZE = 50;

/** The filters the log's page carries in its URL (the names of auditLogListQuerySchema). */
export const AUDIT_LOG_FILTER_NAMES = ['entity', 'since', 'until'] as const;

/**
 * GET /api/v1/admin/audit-log?page=&entity=&since=&until= (newest first): every entry, or one kind of entity's, and
 * the days they were made (Japan time, both included).
 */
export const auditLogListQuerySchema = listQuerySchema
  .extend({
    entity: choiceFilter(AUDIT_ENTITY_TYPES, ja.adminApi.audit.entityInvalid),
    since: dayFilter(ja.inquiryExport.sinceInvalid),
    until: dayFilter(ja.inquiryExport.untilInvalid),
  })
  .refine(rangeInOrder, { error: ja.inquiryExport.rangeOrder, path: ['until'] });
export type AuditLogListQuery = InputOf<typeof auditLogListQuerySchema>;

export interface AuditLogListResponse {
  entries: AuditEntry[];
  meta: ListPageMeta;
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

const auditEntryJsonSchema = z.object({
  id: idJson(),
  actor: z.string(),
  actor_name: z.string().nullable(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  entity_id: idJson(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: dateTimeJson(),
});

export const auditLogListJsonSchema = z.object({ entries: z.array(auditEntryJsonSchema), meta: pageMetaJson() }).meta({
  id: 'AuditLogList',
  description: `監査ログの全件（新しい順に ${AUDIT_LOG_PAGE_SIZE} 件ずつ）`,
}) satisfies z.ZodType<AuditLogListResponse>;

export const auditTrailJsonSchema = z
  .object({
    entries: z.array(auditEntryJsonSchema).max(AUDIT_TRAIL_LIMIT),
  })
  .meta({ id: 'AuditTrail', description: `監査ログ（新しい順、最大 ${AUDIT_TRAIL_LIMIT} 件）` }) satisfies z.ZodType<{
  entries: AuditEntry[];
}>;
