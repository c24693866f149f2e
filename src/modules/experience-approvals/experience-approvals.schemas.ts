// Experience approval in the administrator area (/admin/experiences; not in the spec). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { dateTimeJson, idJson, pageMetaJson, type InputOf } from '#src/lib/isomorphic/validate';
import { choiceFilter, keywordFilter, type ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import { PENDING_WAITING_DAYS } from './experience-approvals.shared';

const m = ja.adminApi.experiences;

export const REJECTION_REASON_MAX = 1000;
export const PENDING_EXPERIENCES_PAGE_SIZE = 20;

/** GET /api/v1/admin/experiences?page=&q=&waiting= (the page's URL reads the same). */
export const pendingQuerySchema = listQuerySchema.extend({ q: keywordFilter(), waiting: choiceFilter(PENDING_WAITING_DAYS) });
export type PendingQuery = InputOf<typeof pendingQuerySchema>;

export const rejectExperienceSchema = z.object({
  reason: z
    .string({ error: m.reasonRequired })
    .trim()
    .min(1, { error: m.reasonRequired, abort: true })
    .max(REJECTION_REASON_MAX, { error: m.reasonTooLong(REJECTION_REASON_MAX) })
    .refine((value) => !value.includes('\u0000'), { error: ja.errors.invalidBody }),
});
export type RejectExperienceInput = z.input<typeof rejectExperienceSchema>;

export interface PendingExperience {
  id: number;
  title: string;
  /** The host's display name (hosted_by). */
  host_name: string;
  host_kind: 'user' | 'ambassador';
  /** The user who submitted it. */
  submitted_by: { id: number; name: string };
  /** When publication was (last) requested: the experience's last save. */
  submitted_at: string;
  created_at: string;
  image_url: string | null;
  /** The previous rejection, when the host has resubmitted after one. */
  previous_rejection: ExperienceRejectionJson | null;
}

export interface ExperienceRejectionJson {
  reason: string;
  rejected_at: string;
}

export interface ApprovalResult {
  id: number;
  title: string;
  approve: true;
  approved_at: string;
  /** False when it was already published (nothing changed). */
  changed: boolean;
}

export interface RejectionResult {
  id: number;
  title: string;
  approve: false;
  rejection: ExperienceRejectionJson;
}

export type PendingMeta = ListPageMeta;

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

const rejectionJsonSchema = z.object({ reason: z.string(), rejected_at: dateTimeJson() }) satisfies z.ZodType<ExperienceRejectionJson>;

export const pendingExperiencesJsonSchema = z
  .object({
    experiences: z.array(
      z.object({
        id: idJson(),
        title: z.string(),
        host_name: z.string(),
        host_kind: z.enum(['user', 'ambassador']),
        submitted_by: z.object({ id: idJson(), name: z.string() }),
        submitted_at: dateTimeJson(),
        created_at: dateTimeJson(),
        image_url: z.string().nullable(),
        previous_rejection: rejectionJsonSchema.nullable(),
      }),
    ),
    meta: pageMetaJson(),
  })
  .meta({ id: 'PendingExperienceList', description: '承認待ちの体験' }) satisfies z.ZodType<{
  experiences: PendingExperience[];
  meta: PendingMeta;
}>;

export const approvalJsonSchema = z
  .object({ id: idJson(), title: z.string(), approve: z.literal(true), approved_at: dateTimeJson(), changed: z.boolean() })
  .meta({ id: 'ExperienceApproval', description: '承認の結果（changed: 今回の操作で公開されたか）' }) satisfies z.ZodType<ApprovalResult>;

export const rejectionResultJsonSchema = z
  .object({ id: idJson(), title: z.string(), approve: z.literal(false), rejection: rejectionJsonSchema })
  .meta({ id: 'ExperienceRejection', description: '差し戻しの結果' }) satisfies z.ZodType<RejectionResult>;
