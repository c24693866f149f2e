// Leaving (退会): the account page's confirmation, the administrator's version and their answers. Browser-safe.
import { z } from 'zod';
import { dateTimeJson, idJson, oneLine } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';

const t = ja.leaving;

/** What keeps an account from leaving now (each has its Japanese reason). */
export const LEAVE_BLOCKERS = [
  'upcoming_reservations',
  'hosted_reservations',
  'pending_refunds',
  'unpaid_earnings',
  'last_ambassador_member',
  'last_admin',
] as const;
export type LeaveBlockerCode = (typeof LEAVE_BLOCKERS)[number];

/** The reasons an administrator's forced leaving does not override: no administrator would be left. */
export const HARD_BLOCKERS: readonly LeaveBlockerCode[] = ['last_admin'];

/** The longest reason an administrator may give. */
export const LEAVE_REASON_MAX = 500;

/** POST /api/v1/account/leave: the current password (the checkbox is the page's; the server needs the password). */
export const leaveSchema = z.object({
  password: z.string({ error: t.passwordRequired }).min(1, t.passwordRequired).max(128, t.passwordWrong).check(oneLine()),
});
export type LeaveInput = z.input<typeof leaveSchema>;

/** POST /api/v1/admin/users/{id}/leave: without force, the same refusals as the user's own; with force a reason. */
export const adminLeaveSchema = z
  .object({
    force: z.boolean({ error: t.adminForceInvalid }).default(false),
    reason: z.preprocess(
      (value) => (value == null ? '' : value),
      z.string({ error: t.adminReasonRequired }).trim().max(LEAVE_REASON_MAX, t.adminReasonTooLong),
    ),
  })
  .refine((v) => !v.force || v.reason.length > 0, { path: ['reason'], error: t.adminReasonRequired });
export type AdminLeaveInput = z.input<typeof adminLeaveSchema>;

export const leaveBlockerJsonSchema = z.object({
  code: z.enum(LEAVE_BLOCKERS),
  message: z.string(),
});
export type LeaveBlockerJson = z.output<typeof leaveBlockerJsonSchema>;

/** GET /api/v1/account/leave: what keeps the account from leaving now (empty: it may leave). */
export const leavePreviewJsonSchema = z
  .object({ blockers: z.array(leaveBlockerJsonSchema) })
  .meta({ id: 'LeavePreview', description: '今は退会できない理由（空なら退会できる）' });
export type LeavePreviewJson = z.output<typeof leavePreviewJsonSchema>;

/** GET /api/v1/admin/users/{id}/leave: the user as the administrator finds them, and the same reasons. */
export const adminLeavePreviewJsonSchema = z
  .object({
    user: z.object({ id: idJson(), name: z.string(), email: z.string(), left_at: dateTimeJson().nullable() }),
    blockers: z.array(leaveBlockerJsonSchema),
  })
  .meta({ id: 'AdminLeavePreview', description: '利用者と、今は退会できない理由' });
export type AdminLeavePreviewJson = z.output<typeof adminLeavePreviewJsonSchema>;

export const leftJsonSchema = z
  .object({ left: z.literal(true), user_id: idJson(), forced: z.boolean() })
  .meta({ id: 'Left', description: '退会の結果' });
export type LeftJson = z.output<typeof leftJsonSchema>;
