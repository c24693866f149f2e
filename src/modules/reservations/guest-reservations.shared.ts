// The texts of the guest's cancellation on their reservation's page: the deadline note and the notice after
// cancelling. Zod-free and isomorphic; apart from reservations.shared.ts, whose constants the booking form loads,
// so that form's first load does not carry the reservations list's texts.
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
// biome-ignore lint/style/noRestrictedImports: types only (erased by the build; the shapes live with their schemas).
import type { CancellationPreview, ReservationSummary } from './guest-reservations.schemas';

/**
 * The notice the guest reads after cancelling: the reservation (its experience and number), then the refund the
 * cancellation's answer reports: made, under way (the gateway has not confirmed it yet; the refunds worker retries),
 * none (past the policy's deadline) or nothing to return (a free reservation).
 */
export function cancelledNotice(r: Pick<ReservationSummary, 'id' | 'title' | 'amounts' | 'cancellation'>): string {
  const t = ja.guestReservations;
  const refund = r.cancellation?.refund_amount ?? 0;
  const status = r.cancellation?.refund_status ?? null;
  let money = '';
  if (refund > 0 && status === 'succeeded') money = t.cancelledRefunded(formatYen(refund));
  else if (refund > 0 && status === 'pending') money = t.cancelledRefundPending(formatYen(refund));
  else if (refund === 0) money = r.amounts.total === 0 ? t.refundPreviewFree : t.cancelledNoRefund;
  return `${t.cancelledNotice(r.title, r.id)}${money}`;
}

/**
 * The full-refund deadline of a confirmed reservation as the guest reads it now: what cancelling until then refunds,
 * or, once it has passed, that there is no refund. The policy's rule (cancellation-policy.ts `cancellationTerms`)
 * decides through the preview's `full_refund`: for a confirmed reservation it is false exactly when the deadline has
 * passed (the deadline comes before the first date starts).
 */
export function refundDeadlineNote(preview: Pick<CancellationPreview, 'deadline_label' | 'full_refund'>): string {
  const t = ja.guestReservations;
  return preview.full_refund ? t.deadline(preview.deadline_label) : t.deadlinePassed(preview.deadline_label);
}
