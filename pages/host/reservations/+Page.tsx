import { useState } from 'react';
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import { Pagination } from '#src/components/Pagination';
import { MessageThread } from '#src/components/MessageThread';
import { LiveRegion } from '#src/components/LiveRegion';
import { Field, FormErrors, Modal, busyControl, useForm } from '#src/components/form';
import type { HostReservationJson, HostSlotJson } from '#src/modules/reservations/host-reservations.schemas';
import type { Data } from './+data';
import './host-reservations.css';

const t = ja.hostReservations;

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const when = (iso: string) => dateTime.format(new Date(iso));

function Reservation({ r, open: initiallyOpen }: { r: HostReservationJson; open: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [count, setCount] = useState(r.message_count);
  const cancelled = r.status === 'cancelled';
  return (
    <li
      id={`reservation-${r.id}`}
      className={cancelled ? 'host-booking host-booking--cancelled' : 'host-booking'}
      data-testid="host-booking"
    >
      <div className="host-booking__head">
        <span className="host-booking__name">{r.guest.name}</span>
        <span className={cancelled ? 'badge badge--muted' : 'badge badge--success'}>
          {cancelled ? t.statusCancelled : t.statusConfirmed}
        </span>
        <span className="muted host-booking__number">{t.reservationNumber(r.id)}</span>
      </div>
      <dl className="host-booking__facts">
        <div>
          <dt>{t.people}</dt>
          <dd>{t.peopleCount(r.number_of_people)}</dd>
        </div>
        <div>
          <dt>{t.option}</dt>
          <dd>{r.option_name ?? t.noOption}</dd>
        </div>
        <div>
          <dt>{t.bookedAt}</dt>
          <dd>{when(r.booked_at)}</dd>
        </div>
        {r.message_to_host && (
          <div className="host-booking__message">
            <dt>{t.messageToHost}</dt>
            <dd>{r.message_to_host}</dd>
          </div>
        )}
      </dl>
      {cancelled && r.cancelled_at && <p className="muted host-booking__cancelled">{t.cancelledAt(when(r.cancelled_at))}</p>}
      <button
        type="button"
        className="button button--ghost button--small"
        aria-expanded={open}
        aria-label={open ? t.closeMessagesWith(r.guest.name) : t.openMessagesWith(r.guest.name, count)}
        onClick={() => setOpen(!open)}
      >
        {open ? t.closeMessages : t.openMessages(count)}
      </button>
      {open && (
        <div className="host-booking__thread">
          <MessageThread reservationId={r.id} onCount={setCount} />
        </div>
      )}
    </li>
  );
}

/** What a slot's repeated buttons name in their accessible names: its experience, date and time. */
const slotName = (slot: HostSlotJson) =>
  `${slot.experience.title} ${formatDateJa(slot.date)} ${ja.reservations.timeRange(slot.start_time, slot.end_time)}`;

function CancelSlot({ slot, onDone }: { slot: HostSlotJson; onDone: () => void }) {
  const [asking, setAsking] = useState(false);
  const form = useForm<{ reason: string }>({
    path: `/api/v1/host/calendars/${slot.calendar_id}/cancellation`,
    toValues: (data) => ({ reason: String(data.get('reason') ?? '').trim() }),
    // The server states the rule (422); this only spares a round trip for an empty reason.
    check: (values): Record<string, string[]> => (values.reason ? {} : { reason: [t.cancelReasonRequired] }),
    onSuccess: () => {
      setAsking(false);
      onDone();
    },
  });
  const reservations = slot.reservations.filter((r) => r.status === 'confirmed').length;
  const formId = `cancel-slot-${slot.calendar_id}`;
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small host-slot__cancel"
        aria-label={t.cancelSlotFor(slotName(slot))}
        onClick={() => setAsking(true)}
      >
        {t.cancelSlot}
      </button>
      {asking && (
        <Modal title={t.cancelSlotTitle} onClose={() => setAsking(false)} busy={form.submitting} hideActions testId="cancel-slot-modal">
          <p>{t.cancelSlotLead(reservations)}</p>
          <p className="host-slot__when">
            {slot.experience.title}
            <br />
            {formatDateJa(slot.date)} {ja.reservations.timeRange(slot.start_time, slot.end_time)}
          </p>
          <form {...form.formProps} id={formId} className="host-slot__cancel-form">
            <FormErrors messages={form.errors} all />
            <Field name="reason" label={t.cancelReason} required hint={t.cancelReasonHint} max={1000} messages={form.messages('reason')}>
              {(control) => <textarea className="textarea" rows={3} {...control} />}
            </Field>
            <div className="modal-dialog__actions">
              <button type="button" className="button button--ghost" {...busyControl(form.submitting, { onClick: () => setAsking(false) })}>
                {ja.common.cancel}
              </button>
              <button type="submit" className="button button--danger" {...form.submitProps}>
                {t.cancelConfirm}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </>
  );
}

function Slot({ slot, openReservation, past }: { slot: HostSlotJson; openReservation: number | null; past: boolean }) {
  const [cancelledNow, setCancelledNow] = useState(false);
  const full = slot.seats_left === 0;
  return (
    <article id={`slot-${slot.calendar_id}`} className="panel host-slot" data-testid="host-slot">
      <header className="host-slot__head">
        <div>
          <h2 className="host-slot__title">
            <a href={`/stories/${slot.experience.id}`}>{slot.experience.title}</a>
          </h2>
          <p className="host-slot__time">
            {formatDateJa(slot.date)} {ja.reservations.timeRange(slot.start_time, slot.end_time)}
          </p>
          <p className="host-slot__seats">
            {t.seats(slot.confirmed_people, slot.recruitment_number)}
            {/* A cancelled slot says so instead of its seats; seats left and 受付停止中 only matter before the slot ends. */}
            {slot.cancelled && (
              <span className="badge host-slot__cancelled" data-testid="host-slot-cancelled">
                {t.slotCancelled}
              </span>
            )}
            {!past && !slot.cancelled && (
              <span className={full ? 'badge' : 'badge badge--success'}>{full ? t.full : t.seatsLeft(slot.seats_left)}</span>
            )}
            {!past && !slot.cancelled && !slot.accepting_reservation && <span className="badge badge--muted">{t.notAccepting}</span>}
            {!past && slot.waitlist_count > 0 && (
              <span className="badge badge--muted" data-testid="host-slot-waitlist">
                {ja.waitlist.hostCount(slot.waitlist_count, slot.waitlist_people)}
              </span>
            )}
          </p>
        </div>
        <div className="host-slot__actions">
          <a
            className="button button--ghost button--small"
            href={`/api/v1/host/calendars/${slot.calendar_id}/participants?format=csv`}
            download
            aria-label={t.downloadCsvFor(slotName(slot))}
          >
            {t.downloadCsv}
          </a>
          {slot.cancellable && slot.confirmed_people > 0 && !cancelledNow && (
            <CancelSlot
              slot={slot}
              onDone={() => {
                setCancelledNow(true);
                window.location.reload();
              }}
            />
          )}
        </div>
      </header>
      {/* On every slot the host can cancel, from the first render, so that the notice is read out. */}
      {slot.cancellable && slot.confirmed_people > 0 && (
        <LiveRegion>{cancelledNow && <p className="alert alert--success">{t.cancelDone}</p>}</LiveRegion>
      )}
      <ul className="host-slot__bookings">
        {slot.reservations.map((r) => (
          <Reservation key={r.id} r={r} open={r.id === openReservation} />
        ))}
      </ul>
    </article>
  );
}

export default function Page() {
  const { bookings, holding, openReservation } = useData<Data>();
  const scope = bookings.scope;
  // The tabs and the page links keep the list narrowed to its experience.
  const href = (s: string, page = 1) => {
    const query = new URLSearchParams();
    if (s === 'past') query.set('scope', 'past');
    if (page > 1) query.set('page', String(page));
    if (bookings.experience) query.set('experience_id', String(bookings.experience.id));
    const text = query.toString();
    return `/host/reservations${text ? `?${text}` : ''}`;
  };
  return (
    <section className="page host-reservations">
      <div className="host-reservations__head">
        <h1 className="page__title">{t.title}</h1>
        <div className="host-reservations__links">
          <a href="#holding-requests" className="button button--ghost button--small">
            {t.holdingTitle} ({holding.meta.total_count})
          </a>
          <a href="/host/reviews" className="button button--ghost button--small">
            {ja.reviewPosting.hostTitle}
          </a>
          <a href="/host/story" className="button button--ghost button--small">
            {ja.hostStory.listTitle}
          </a>
          <a href="/host/earnings" className="button button--ghost button--small">
            {ja.earnings.title}
          </a>
        </div>
      </div>
      <p className="muted">{t.lead}</p>
      {bookings.experience && (
        <p data-testid="host-reservations-only">
          {t.onlyExperience(bookings.experience.title)} <a href="/host/reservations">{t.allExperiences}</a>
        </p>
      )}
      <nav className="tabs" aria-label={t.title}>
        <a className="tabs__tab" href={href('upcoming')} aria-current={scope === 'upcoming' ? 'page' : undefined}>
          {t.tabUpcoming}
        </a>
        <a className="tabs__tab" href={href('past')} aria-current={scope === 'past' ? 'page' : undefined}>
          {t.tabPast}
        </a>
      </nav>
      {bookings.slots.length === 0 ? (
        <p className="empty">{scope === 'past' ? t.emptyPast : t.emptyUpcoming}</p>
      ) : (
        <div className="host-reservations__slots">
          {bookings.slots.map((slot) => (
            <Slot key={slot.calendar_id} slot={slot} openReservation={openReservation} past={scope === 'past'} />
          ))}
        </div>
      )}
      <Pagination page={bookings.meta.page} totalPages={bookings.meta.total_pages} href={(p) => href(scope, p)} />

      <section id="holding-requests" className="host-reservations__holding" aria-labelledby="holding-title">
        <h2 id="holding-title" className="host-reservations__subtitle">
          {t.holdingTitle}
          <span className="muted"> ({holding.meta.total_count})</span>
        </h2>
        {holding.holding_requests.length === 0 ? (
          <p className="empty">{t.holdingEmpty}</p>
        ) : (
          <>
            <p className="muted">{t.holdingLead}</p>
            <ul className="host-holding" data-testid="holding-requests">
              {holding.holding_requests.map((h) => (
                <li key={h.id} className="host-holding__item">
                  <span className="host-holding__who">{h.user.name}</span>
                  <a href={`/stories/${h.experience.id}`}>{h.experience.title}</a>
                  <time className="muted" dateTime={h.created_at}>
                    {when(h.created_at)}
                  </time>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </section>
  );
}
