// The detail panel of /admin/reservations: one reservation as support is asked about it (the guest, the experience
// and its host, the slots, the option and party, the amounts, the payment, the cancellation and refund), the
// reservation's and the refund's audit trails, and この予約を取り消す for a confirmed one (an operator's cancellation:
// a reason and a full or the policy's refund, POST /api/v1/admin/reservations/{id}/cancellation).
import { lazy, Suspense, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import type { AdminReservationDetail } from '#src/modules/reservations/admin-reservations.schemas';
import type { ReservationStatus } from '#src/modules/reservations/reservations.shared';
import { LiveRegion } from '#src/components/LiveRegion';
import { AuditTrail } from './AuditTrail';
import { DetailPanel } from './DetailPanel';
import { useLoad } from './useLoad';

/** The cancellation's dialog (the form kit and its schema): fetched when この予約を取り消す is pressed, not with the list. */
const CancelDialog = lazy(() => import('./ReservationCancelDialog').then((m) => ({ default: m.ReservationCancelDialog })));

const t = ja.adminReservations;
const a = ja.adminPages;

const STATUS_BADGE: Record<ReservationStatus, string> = {
  pending: 'badge badge--waiting',
  requires_action: 'badge badge--waiting',
  confirmed: 'badge badge--resolved',
  failed: 'badge badge--unresolved',
  expired: 'badge badge--muted',
  cancelled: 'badge badge--muted',
};

export function ReservationStatusBadge({ status }: { status: ReservationStatus }) {
  return (
    <span className={STATUS_BADGE[status]} data-testid="reservation-status">
      {t.statuses[status]}
    </span>
  );
}

/** A value, or — when there is none. */
const orNone = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? t.none : value);

function Facts({ r }: { r: AdminReservationDetail }) {
  const host = [
    r.host.user_id ? `${a.id} ${r.host.user_id}` : null,
    r.host.ambassador_id ? `${ja.lists.ambassador} ${r.host.ambassador_id}` : null,
  ]
    .filter(Boolean)
    .join('・');
  return (
    <>
      <h3 className="admin-detail__section">{t.sections.guest}</h3>
      <dl className="admin-summary" data-testid="reservation-guest">
        <dt>{t.guest}</dt>
        <dd>
          {r.guest.name}
          {r.guest.left && <span className="badge badge--muted admin-reservation__left">{t.guestLeft}</span>}
        </dd>
        <dt>{t.email}</dt>
        <dd>{r.guest.email}</dd>
        <dt>{a.id}</dt>
        <dd>
          <a href={`/admin/users?q=${r.guest.id}`}>{r.guest.id}</a>
        </dd>
      </dl>
      <h3 className="admin-detail__section">{t.sections.experience}</h3>
      <dl className="admin-summary">
        <dt>{t.experience}</dt>
        <dd>
          <a href={`/stories/${r.experience.id}`}>{r.experience.title}</a>
        </dd>
        <dt>{t.host}</dt>
        <dd>
          {r.host.name}
          {host && <span className="admin-muted">（{host}）</span>}
        </dd>
      </dl>
      <h3 className="admin-detail__section">{t.sections.booking}</h3>
      <dl className="admin-summary">
        <dt>{t.status}</dt>
        <dd>
          <ReservationStatusBadge status={r.status} />
        </dd>
        <dt>{t.bookedAt}</dt>
        <dd>{a.dateTime(r.created_at)}</dd>
        <dt>{t.dates}</dt>
        <dd>
          <ul className="admin-plain-list" data-testid="reservation-slots">
            {r.slots.map((slot) => (
              <li key={`${slot.date} ${slot.start_time}`}>{t.slot(slot.date, slot.start_time, slot.end_time)}</li>
            ))}
          </ul>
        </dd>
        <dt>{t.party}</dt>
        <dd>{t.people(r.number_of_people)}</dd>
        <dt>{t.option}</dt>
        <dd>{r.option_name ?? t.noOption}</dd>
        <dt>{t.messageToHost}</dt>
        <dd>{orNone(r.message_to_host)}</dd>
      </dl>
      <h3 className="admin-detail__section">{t.sections.amounts}</h3>
      <dl className="admin-summary" data-testid="reservation-amounts">
        <dt>{t.tourAmount}</dt>
        <dd>{formatYen(r.tour_amount)}</dd>
        <dt>{t.optionAmount}</dt>
        <dd>{formatYen(r.option_amount)}</dd>
        <dt>{t.coupon}</dt>
        <dd>{orNone(r.coupon_code)}</dd>
        <dt>{t.discount}</dt>
        <dd>{r.discount_amount ? `-${formatYen(r.discount_amount)}` : formatYen(0)}</dd>
        <dt>{t.serviceFee}</dt>
        <dd>{formatYen(r.service_fee)}</dd>
        <dt>{t.processingFee}</dt>
        <dd>{formatYen(r.processing_fee)}</dd>
        <dt>{t.total}</dt>
        <dd>
          <strong>{formatYen(r.total_amount)}</strong>
        </dd>
      </dl>
      <h3 className="admin-detail__section">{t.sections.payment}</h3>
      <dl className="admin-summary" data-testid="reservation-payment">
        <dt>{t.paymentReference}</dt>
        <dd>{orNone(r.payment_reference)}</dd>
        <dt>{t.confirmedAt}</dt>
        <dd>{r.confirmed_at ? a.dateTime(r.confirmed_at) : t.none}</dd>
        {r.hold_expires_at && (
          <>
            <dt>{t.holdExpiresAt}</dt>
            <dd>{a.dateTime(r.hold_expires_at)}</dd>
          </>
        )}
        {r.failure_message && (
          <>
            <dt>{t.failureMessage}</dt>
            <dd>{r.failure_message}</dd>
          </>
        )}
        <dt>{t.cancelledAt}</dt>
        <dd>{r.cancelled_at ? a.dateTime(r.cancelled_at) : t.none}</dd>
        {r.cancelled_by && (
          <>
            <dt>{t.cancelledBy}</dt>
            <dd>{t.cancelledByWho[r.cancelled_by]}</dd>
          </>
        )}
        {r.cancellation_reason && (
          <>
            <dt>{t.cancellationReason}</dt>
            <dd>{r.cancellation_reason}</dd>
          </>
        )}
        <dt>{t.refundAmount}</dt>
        <dd>{r.refund_amount === null ? t.none : formatYen(r.refund_amount)}</dd>
        <dt>{t.refund}</dt>
        <dd data-testid="reservation-refund">
          {r.refund
            ? `${t.refundStatuses[r.refund.status]}・${formatYen(r.refund.amount)}・${t.refundAttempts} ${r.refund.attempts}`
            : t.noRefund}
        </dd>
        {r.refund?.last_error && (
          <>
            <dt>{t.refundLastError}</dt>
            <dd>{r.refund.last_error}</dd>
          </>
        )}
        {r.refund?.succeeded_at && (
          <>
            <dt>{t.refundSucceededAt}</dt>
            <dd>{a.dateTime(r.refund.succeeded_at)}</dd>
          </>
        )}
      </dl>
    </>
  );
}

export function ReservationDetail({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const load = useLoad<AdminReservationDetail>(`/api/v1/admin/reservations/${id}`);
  const r = load.state === 'ok' ? load.data : null;
  const [cancelling, setCancelling] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <DetailPanel titleId="reservation-detail-title" title={t.detailTitle(id)} testId="reservation-detail" load={load} onClose={onClose}>
      {r && (
        <>
          <LiveRegion>{done && <p className="alert alert--success">{done}</p>}</LiveRegion>
          {r.status === 'confirmed' && (
            <button type="button" className="button button--danger button--small" onClick={() => setCancelling(true)}>
              {t.cancel}
            </button>
          )}
          <Facts r={r} />
          <AuditTrail entity="reservation" id={r.id} />
          {r.refund && <AuditTrail entity="refund" id={r.refund.id} />}
          {cancelling && (
            <Suspense fallback={null}>
              <CancelDialog
                r={r}
                onClose={() => setCancelling(false)}
                onDone={(result) => {
                  setCancelling(false);
                  setDone(t.cancelDone(result.reservation_id, formatYen(result.refund_amount)));
                  load.reload();
                  onChanged();
                }}
              />
            </Suspense>
          )}
        </>
      )}
    </DetailPanel>
  );
}
