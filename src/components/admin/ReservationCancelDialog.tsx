// この予約を取り消す's dialog in the admin's reservation panel: the refund (everything, or what the cancellation policy
// gives now) and the reason told to the guest and the host (POST /api/v1/admin/reservations/{id}/cancellation). Loaded
// when the button is pressed (ReservationDetail.tsx), so the list's first load carries neither the form kit nor zod.
import { Field, FormErrors, Modal, busyControl, useForm } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import type { AdminReservationDetail } from '#src/modules/reservations/admin-reservations.schemas';
import {
  OPERATOR_REASON_MAX,
  operatorCancellationSchema,
  type OperatorCancellationInput,
  type OperatorCancellationResult,
} from '#src/modules/reservations/operator-cancellation.schemas';

const t = ja.adminReservations;
const a = ja.adminPages;

export function ReservationCancelDialog({
  r,
  onClose,
  onDone,
}: {
  r: AdminReservationDetail;
  onClose: () => void;
  onDone: (result: OperatorCancellationResult) => void;
}) {
  const form = useForm<OperatorCancellationInput, OperatorCancellationResult>({
    schema: operatorCancellationSchema,
    path: `/api/v1/admin/reservations/${r.id}/cancellation`,
    toValues: (data) => ({
      reason: String(data.get('reason') ?? ''),
      refund: String(data.get('refund') ?? '') as OperatorCancellationInput['refund'],
    }),
    onSuccess: onDone,
  });
  return (
    <Modal title={t.cancelTitle} onClose={onClose} busy={form.submitting} hideActions testId="cancel-reservation-dialog">
      <form {...form.formProps} className="form">
        <p>{t.cancelLead(r.id, r.guest.name)}</p>
        <FormErrors messages={form.errors} />
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
        <Field name="reason" label={t.cancelReason} required max={OPERATOR_REASON_MAX} messages={form.messages('reason')}>
          {(control) => <textarea className="textarea" {...control} />}
        </Field>
        <div className="modal-dialog__actions">
          <button type="button" className="button button--ghost" {...busyControl(form.submitting, { onClick: onClose })}>
            {a.cancel}
          </button>
          <button type="submit" className="button button--danger" {...form.submitProps}>
            {t.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
