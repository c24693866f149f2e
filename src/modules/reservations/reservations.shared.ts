// Zod-free constants of the reservations: the schemas use these, and so do the booking form (whose first load must
// not bring zod to the browser) and the CLI's option choices (the CLI defines its options without loading zod); and
// the texts of the guest's cancellation: the deadline note and the notice. Isomorphic.
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
// biome-ignore lint/style/noRestrictedImports: types only (erased by the build; the shapes live with their schemas).
import type { CancellationPreview, ReservationSummary } from './guest-reservations.schemas';

/** The longest message a guest sends the host with a booking. */
export const MESSAGE_TO_HOST_MAX = 1000;

/** A reservation's states (the column's enum; the admin list's status filter). */
export const RESERVATION_STATUSES = ['pending', 'requires_action', 'confirmed', 'failed', 'expired', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** The operators' refund list's status filter. */
export const REFUND_LIST_STATUSES = ['pending', 'succeeded'] as const;

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
