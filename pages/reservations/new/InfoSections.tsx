// The read-only sections of the reservation form: notes and the cancellation policy with what a cancellation of
// these dates would refund (the quote's `cancellation`, so the page says what the price call says).
import * as ja from '#src/i18n/ja';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import type { QuoteJson, ReservationForm } from '#src/modules/reservations/reservations.schemas';

/** The deadline as the guest reads it: '2026年12月8日(火) 23:59'. */
export function refundDeadlineLabel(cancellation: QuoteJson['cancellation']): string {
  return ja.reservations.deadlineLabel(formatDateJa(cancellation.last_full_refund_date));
}

/** A paid booking made after the free-cancellation deadline is never refunded: the guest is told before paying. */
export function refundLost(quote: QuoteJson): boolean {
  return quote.total > 0 && !quote.cancellation.full_refund;
}

export function InfoSections({ experience, quote }: { experience: ReservationForm['experience']; quote: QuoteJson }) {
  const label = refundDeadlineLabel(quote.cancellation);
  return (
    <>
      <section className="panel reservation__section" aria-labelledby="notes-title">
        <h2 id="notes-title">{ja.reservations.sectionNotes}</h2>
        <p className="reservation__text">{experience.note}</p>
        {experience.reservation_notice && (
          <>
            <h3>{ja.reservations.reservationNotice}</h3>
            <p className="reservation__text">{experience.reservation_notice}</p>
          </>
        )}
        <h3>{ja.reservations.priceIncludes}</h3>
        <p className="reservation__text">{experience.price_side_note}</p>
      </section>

      <section className="panel reservation__section" aria-labelledby="cancel-title">
        <h2 id="cancel-title">{ja.reservations.sectionCancellation}</h2>
        <p>
          {ja.reservations.cancellationPolicy}: <strong>{ja.reservations.cancellationPolicyName(experience.cancellation_period)}</strong>
        </p>
        {refundLost(quote) ? (
          <p className="alert alert--error" data-testid="refund-deadline">
            {ja.reservations.refundDeadlinePassed(label)}
          </p>
        ) : (
          quote.total > 0 && (
            <p className="reservation__text" data-testid="refund-deadline">
              {ja.reservations.refundUntil(label)}
            </p>
          )
        )}
      </section>
    </>
  );
}
