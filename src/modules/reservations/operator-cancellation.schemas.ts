// An operator's cancellation of a reservation for its guest (POST /api/v1/admin/reservations/{id}/cancellation, the
// CLI's cancel-reservation): its body and its answer, apart from the guest's schemas so the admin's reservation panel
// loads only these. Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { countJson, idJson, requiredText, type InputOf } from '#src/lib/isomorphic/validate';
import { OPERATOR_REFUNDS } from './reservations.shared';

const t = ja.adminReservations;

/** The longest reason an operator gives (told to the guest and the host). */
export const OPERATOR_REASON_MAX = 1000;

/** The operator's reason (told to the guest and the host) and the refund: everything, or what the policy gives now. */
export const operatorCancellationSchema = z.object({
  reason: requiredText(t.cancelReasonRequired, t.cancelReasonTooLong(OPERATOR_REASON_MAX), OPERATOR_REASON_MAX, { multiLine: true }),
  refund: z.enum(OPERATOR_REFUNDS, { error: t.cancelRefundInvalid }),
});
export type OperatorCancellationInput = InputOf<typeof operatorCancellationSchema>;

export interface OperatorCancellationResult {
  reservation_id: number;
  refund_amount: number;
}

export const operatorCancellationResultJsonSchema = z.object({ reservation_id: idJson(), refund_amount: countJson() }).meta({
  id: 'OperatorCancellationResult',
  description: '運営による予約の取り消しの結果（返金額）',
}) satisfies z.ZodType<OperatorCancellationResult>;
