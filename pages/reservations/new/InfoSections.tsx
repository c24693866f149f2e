// The read-only sections of the reservation form: notes and the cancellation policy.
import { ja } from '#src/i18n/ja';
import type { ReservationForm } from '#src/modules/reservations/reservations.schemas';

export function InfoSections({ experience }: { experience: ReservationForm['experience'] }) {
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
      </section>
    </>
  );
}
