// https://vike.dev/Page — /reservations/{id}: the guest's reservation: schedule, people, option, amounts,
// status, venue (the address when the host displays it; the online URL to a confirmed guest from the day before),
// the cancellation policy with its exact deadline, and キャンセルする with the refund shown before confirming. After a
// cancellation the page loads again: the layout shows what was cancelled and the refund (focused, pages/+Layout.tsx);
// a refusal is shown by the page itself.
import { joinAddress } from '#src/lib/isomorphic/address';
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { reloadPage } from '#src/lib/isomorphic/browser-navigation';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import { formatInstantDateJa } from '#src/lib/isomorphic/dates';
import { api, ApiError } from '#src/lib/isomorphic/api-client';
import { Modal } from '#src/components/form';
import { cancelledNotice, refundDeadlineNote } from '#src/modules/reservations/guest-reservations.shared';
import type { ReservationDetail } from '#src/modules/reservations/guest-reservations.schemas';
import { MessageThread } from '#src/components/MessageThread';
import type { Data } from './+data';
import { Schedule, StatusBadge } from '#pages/reservations/parts';
import { ReceiptSection } from './ReceiptSection';
import { CalendarLinks } from './CalendarLinks';
import '#pages/reservations/reservations.css';
import { useReloadNotice } from '#src/components/use-reload-notice';

const t = ja.guestReservations;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="reservation-detail__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function Page() {
  const r = useData<Data>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useReloadNotice(true, 'error');
  const preview = r.cancellation_preview;

  async function cancel() {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      const cancelled = await api<ReservationDetail>(`/api/v1/reservations/${r.id}/cancellation`, {
        method: 'POST',
        body: { expected_refund_amount: preview.refund_amount },
      });
      setConfirming(false);
      await reloadPage(cancelledNotice(cancelled));
    } catch (e) {
      // The reservation may have changed meanwhile (refund, status): the page is loaded again and shows the message.
      setConfirming(false);
      await reloadPage(e instanceof ApiError ? e.message : ja.common.tryAgain, 'error');
    } finally {
      setBusy(false);
    }
  }

  const venue = r.online ? (
    r.online_url ? (
      <a href={r.online_url} rel="noopener noreferrer" target="_blank" data-testid="online-url">
        {r.online_url}
      </a>
    ) : (
      <span className="muted">
        {r.status !== 'confirmed' || !r.online_url_from
          ? t.onlineUrlConfirmedOnly
          : t.onlineUrlLater(formatInstantDateJa(r.online_url_from))}
      </span>
    )
  ) : r.address ? (
    <span>{joinAddress(r.state, r.address)}</span>
  ) : (
    <span className="muted">{t.addressHidden}</span>
  );

  return (
    <div className="page page--narrow reservation-detail" data-testid="reservation-detail">
      <a className="back-link" href="/reservations">
        {t.backToList}
      </a>
      <h1 className="page__title">{r.title}</h1>
      <p className="reservation-detail__head">
        <StatusBadge status={r.display_status} />
        <span className="muted">{t.reservationNumber(r.id)}</span>
      </p>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      {r.cancellation && (
        <div className="panel reservation-detail__cancelled" data-testid="cancellation-info">
          {r.cancellation.cancelled_by === 'host' && <p className="reservation-detail__strong">{t.cancelledByHost}</p>}
          {r.cancellation.cancelled_by === 'operator' && <p className="reservation-detail__strong">{t.cancelledByOperator}</p>}
          {r.cancellation.reason && (
            <p>
              {r.cancellation.cancelled_by === 'operator' ? t.operatorReason : t.hostReason}:{' '}
              <span className="reservation-detail__pre">{r.cancellation.reason}</span>
            </p>
          )}
          <p>
            {t.cancelledAt}: {formatInstantDateJa(r.cancellation.cancelled_at)}
          </p>
          <p data-testid="refund-amount">
            {t.refundAmount}: {formatYen(r.cancellation.refund_amount)}
            {r.cancellation.refund_status &&
              ` (${t.statuses[r.cancellation.refund_status === 'succeeded' ? 'refunded' : 'refund_pending']})`}
          </p>
        </div>
      )}
      <section className="panel">
        <dl className="reservation-detail__list">
          <Row label={t.schedule}>
            <Schedule calendars={r.calendars} />
          </Row>
          <Row label={t.people}>{t.peopleCount(r.number_of_people)}</Row>
          <Row label={t.option}>{r.option?.name ?? t.noOption}</Row>
          <Row label={t.host}>{r.host.name}</Row>
          <Row label={r.online ? t.onlineUrl : t.venue}>{venue}</Row>
          {r.message_to_host && (
            <Row label={t.messageToHost}>
              <span className="reservation-detail__pre">{r.message_to_host}</span>
            </Row>
          )}
          <Row label={t.bookedAt}>{formatInstantDateJa(r.created_at)}</Row>
          <Row label={t.amounts}>
            <ul className="reservation-detail__amounts">
              <li>
                {ja.reservations.tourFee} {formatYen(r.amounts.tour)}
              </li>
              {r.amounts.discount > 0 && (
                <li>
                  {ja.reservations.discount} -{formatYen(r.amounts.discount)}
                </li>
              )}
              {r.amounts.option > 0 && (
                <li>
                  {ja.reservations.optionFee} {formatYen(r.amounts.option)}
                </li>
              )}
              <li>
                {ja.reservations.serviceFee} {formatYen(r.amounts.service_fee)}
              </li>
              <li>
                {ja.reservations.processingFee} {formatYen(r.amounts.processing_fee)}
              </li>
              <li className="reservation-detail__strong">
                {t.total} {formatYen(r.amounts.total)}
              </li>
            </ul>
          </Row>
        </dl>
        <a href={`/stories/${r.tour_id}`}>{t.experienceLink}</a>
      </section>
      {preview && (
        <section className="panel reservation-detail__policy" data-testid="cancellation-policy">
          <h2>{t.policyTitle}</h2>
          <p className="reservation-detail__strong">{preview.policy.name}</p>
          <p data-testid="refund-deadline">{refundDeadlineNote(preview)}</p>
          {preview.cancellable ? (
            <>
              {/* Past the deadline the note above already says there is no refund. */}
              {(preview.total_amount === 0 || preview.full_refund) && (
                <p data-testid="refund-preview">
                  {preview.total_amount === 0 ? t.refundPreviewFree : t.refundPreviewFull(formatYen(preview.refund_amount))}
                </p>
              )}
              <button type="button" className="button button--danger" onClick={() => setConfirming(true)} data-testid="cancel-button">
                {t.cancelButton}
              </button>
            </>
          ) : (
            <p className="muted">{preview.reason}</p>
          )}
        </section>
      )}
      <CalendarLinks r={r} />
      <ReceiptSection initial={r.receipt} />
      {(r.review_state === 'open' || r.review_state === 'posted') && (
        <section className="panel">
          <a className="button" href={`/reservations/${r.id}/review`}>
            {r.review_state === 'open' ? ja.reviewPosting.formTitle : ja.reviewPosting.yourReview}
          </a>
        </section>
      )}
      {/* The thread with the host exists for every reservation that was confirmed (a cancelled one keeps it). */}
      {r.confirmed_at && <MessageThread reservationId={r.id} />}
      {confirming && preview && (
        <Modal
          title={t.cancelConfirmTitle}
          onClose={() => setConfirming(false)}
          onConfirm={cancel}
          confirmLabel={busy ? t.cancelling : t.cancelConfirm}
          cancelLabel={t.cancelKeep}
          danger
          busy={busy}
          testId="cancel-dialog"
        >
          <p>{t.cancelConfirmLead}</p>
          <p className="reservation-detail__strong" data-testid="cancel-dialog-refund">
            {t.refundAmount}: {formatYen(preview.refund_amount)}
          </p>
          <p className="muted" data-testid="cancel-dialog-deadline">
            {refundDeadlineNote(preview)}
          </p>
        </Modal>
      )}
    </div>
  );
}
