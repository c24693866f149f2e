// この予約を取り消す's dialog in the admin's reservation panel: the refund (everything, or what the cancellation policy
// gives now) and the reason told to the guest and the host (POST /api/v1/admin/reservations/{id}/cancellation). Loaded
// when the button is pressed (ReservationDetail.tsx), so the list's first load carries neither the form kit nor zod.
import { Field } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import type { AdminReservationDetail } from '#src/modules/reservations/admin-reservations.schemas';
import {
  OPERATOR_REASON_MAX,
  operatorCancellationSchema,
  type OperatorCancellationInput,
  type OperatorCancellationResult,
} from '#src/modules/reservations/operator-cancellation.schemas';
import { ReasonDialog } from './ReasonDialog';

const t = ja.adminReservations;

export function ReservationCancelDialog({
  r,
  onClose,
  onDone,
}: {
  r: AdminReservationDetail;
  onClose: () => void;
  onDone: (result: OperatorCancellationResult) => void;
}) {
  return (
    <ReasonDialog<OperatorCancellationInput, OperatorCancellationResult>
      title={t.cancelTitle}
      lead={t.cancelLead(r.id, r.guest.name)}
      testId="cancel-reservation-dialog"
      path={`/api/v1/admin/reservations/${r.id}/cancellation`}
      schema={operatorCancellationSchema}
      reasonLabel={t.cancelReason}
      max={OPERATOR_REASON_MAX}
      submitLabel={t.cancel}
      toValues={(data) => ({
        reason: String(data.get('reason') ?? ''),
        refund: String(data.get('refund') ?? '') as OperatorCancellationInput['refund'],
      })}
      fields={(form) => (
        <Field name="refund" label={t.cancelRefund} group required messages={form.messages('refund')}>
          {() => (
            <div className="admin-stack">
              <label className="radio">
                <input type="radio" name="refund" value="full" defaultChecked /> {t.refundFull(formatYen(r.total_amount))}
              </label>
              <label className="radio">
                <input type="radio" name="refund" value="policy" /> {t.refundPolicy}
              </label>
            </div>
          )}
        </Field>
      )}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
