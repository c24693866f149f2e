// https://vike.dev/Page — reservation complete (spec guest-and-host.md "Reservation complete"). The flag is consumed
// by +data.ts on the server when the page is rendered, so a reload shows the session-expired screen.
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { CompletionPanel } from '#src/components/form';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import { formatYen } from '#src/lib/isomorphic/money';
import type { ReservationView } from '#src/modules/reservations/reservations.schemas';
import type { Data } from './+data';
import { openSharePopup as openShare, shareLinks } from '#src/components/share-links';
import './complete.css';

export default function Page() {
  const { completed, tourId, title, shareUrl, reservation } = useData<Data>();
  const text = ja.reservations.shareText(title ?? ja.site.name);
  const { facebook, x } = shareLinks(shareUrl, text);
  return (
    <CompletionPanel
      completed={completed}
      className="reservation-complete"
      testId={completed ? 'reservation-complete' : 'reservation-expired'}
      title={completed ? ja.reservations.completeTitle : ja.reservations.expiredTitle}
      body={
        completed ? (
          <>
            <p>{ja.reservations.completeLead}</p>
            {reservation && <ReservationSummary reservation={reservation} />}
            <p>{ja.reservations.completeMail}</p>
            <p className="muted">
              {ja.reservations.completeInquiryBefore}
              <a href="/inquiry">{ja.reservations.completeInquiryLink}</a>
              {ja.reservations.completeInquiryAfter}
            </p>
          </>
        ) : (
          ja.reservations.expiredLead
        )
      }
      actions={
        completed ? (
          <>
            <a className="button" href="/stories">
              {ja.reservations.toList}
            </a>
            <a className="button button--ghost" href="/">
              {ja.reservations.toTop}
            </a>
          </>
        ) : (
          <>
            {tourId && (
              <a className="button" href={`/stories/${tourId}`}>
                {ja.reservations.toExperience}
              </a>
            )}
            <a className="button button--ghost" href="/stories">
              {ja.reservations.errorListLink}
            </a>
          </>
        )
      }
    >
      <div className="reservation-complete__share">
        <h2>{ja.reservations.share}</h2>
        <div className="reservation-complete__share-buttons">
          <a className="share-button share-button--facebook" href={facebook} target="_blank" rel="noopener noreferrer" onClick={openShare}>
            {ja.reservations.shareFacebook}
          </a>
          <a className="share-button share-button--x" href={x} target="_blank" rel="noopener noreferrer" onClick={openShare}>
            {ja.reservations.shareX}
          </a>
        </div>
      </div>
    </CompletionPanel>
  );
}

const c = ja.details.completion;

/** What was booked: the number, the dates and times (Japan time), people, option, total and a link. */
function ReservationSummary({ reservation }: { reservation: ReservationView }) {
  return (
    <section className="reservation-complete__summary" aria-labelledby="reservation-summary-title" data-testid="reservation-summary">
      <h2 id="reservation-summary-title">{c.heading}</h2>
      <dl>
        <div>
          <dt>{c.number}</dt>
          {/* The bare number, as the list, the detail, the mails and the receipt write it after 予約番号. */}
          <dd data-testid="reservation-number">{reservation.id}</dd>
        </div>
        <div>
          <dt>{c.experience}</dt>
          <dd>{reservation.title}</dd>
        </div>
        <div>
          <dt>{c.schedule}</dt>
          <dd>
            <ul className="reservation-complete__slots">
              {reservation.calendars.map((slot) => (
                <li key={slot.id}>
                  {formatDateJa(slot.date)} <span className="nowrap">{ja.reservations.timeRange(slot.start_time, slot.end_time)}</span>
                  <span className="nowrap">{c.japanTime}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{c.people}</dt>
          <dd>{ja.reservations.peopleOption(reservation.number_of_people)}</dd>
        </div>
        <div>
          <dt>{c.option}</dt>
          <dd>{reservation.option?.name ?? c.noOption}</dd>
        </div>
        <div>
          <dt>{c.total}</dt>
          <dd data-testid="reservation-total">{formatYen(reservation.amounts.total)}</dd>
        </div>
      </dl>
      <p>
        <a className="button button--ghost" href={`/reservations/${reservation.id}`}>
          {c.detailLink}
        </a>
      </p>
    </section>
  );
}
