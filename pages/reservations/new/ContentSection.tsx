// The reservation form's first section: schedule, number of people, option, venue, coupon, message to the host and
// the card. Controlled by the form (+Page.tsx), which re-quotes the price when people, option or coupon change.
import { joinAddress } from '#src/lib/isomorphic/address';
import { useState } from 'react';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import { CollapsibleText } from '#src/components/CollapsibleText';
import { Field } from '#src/components/form/Field';
import type { ReservationForm } from '#src/modules/reservations/reservations.schemas';
import { MESSAGE_TO_HOST_MAX } from '#src/modules/reservations/reservations.shared';
import { CardFields, type CardToken } from './CardFields';
import { ModalLater, useModalSoon } from './ModalLater';

export interface ContentValues {
  people: number;
  optionId: number | null;
  coupon: string;
  message: string;
}

export function ContentSection(props: {
  form: ReservationForm;
  values: ContentValues;
  onChange: (patch: Partial<ContentValues>) => void;
  /** Messages of the last price quote, by field. */
  quoteErrors: FieldMessages;
  cardShown: boolean;
  onToken: (token: CardToken | null) => void;
  /** The guest changed a card field. */
  onCardEdit: () => void;
  cardReset: number;
}) {
  const { form, values, onChange, quoteErrors } = props;
  const { experience } = form;
  // A キャンセル待ち offer is for its party only. A party restored from a draft that is now larger than the seats left
  // stays chosen, refused by the quote at this field.
  const peopleChoices = form.waitlist_offer
    ? [form.waitlist_offer.number_of_people]
    : Array.from({ length: Math.max(1, form.max_people, values.people) }, (_, i) => i + 1);
  // The quote's messages are listed under the submit button (why it is off); the coupon's is also shown at its field,
  // where the guest corrects it (Field: the message, aria-invalid and aria-describedby).
  const invalid = (field: string) => (quoteErrors[field]?.length ? true : undefined);

  return (
    <section className="panel reservation__section" aria-labelledby="content-title">
      <h2 id="content-title">{ja.reservations.sectionContent}</h2>

      <Schedule calendars={form.calendars} />

      <Field
        name="number_of_people"
        label={ja.reservations.people}
        hint={
          form.max_people === 1 && (experience.price === 0 || form.calendars.length > 1) ? ja.reservations.peopleOnlyOneHint : undefined
        }
      >
        {(control) => (
          <select
            className="select reservation__people"
            {...control}
            aria-invalid={invalid('number_of_people')}
            value={values.people}
            onChange={(e) => onChange({ people: Number(e.target.value) })}
          >
            {peopleChoices.map((n) => (
              <option key={n} value={n}>
                {ja.reservations.peopleOption(n)}
              </option>
            ))}
          </select>
        )}
      </Field>

      {experience.options.length > 0 && (
        <fieldset className="field reservation__options">
          <legend className="field__label">{ja.reservations.option}</legend>
          <OptionChoice
            id={null}
            name={ja.reservations.noOption}
            description={null}
            price={0}
            selected={values.optionId === null}
            onSelect={(optionId) => onChange({ optionId })}
          />
          {experience.options.map((o) => (
            <OptionChoice
              key={o.id}
              id={o.id}
              name={o.name}
              description={o.description}
              price={o.price}
              selected={values.optionId === o.id}
              onSelect={(optionId) => onChange({ optionId })}
            />
          ))}
        </fieldset>
      )}

      {(experience.online || experience.address) && (
        <div className="reservation__row">
          <span className="field__label">{ja.reservations.venue}</span>
          <p data-testid="venue">{experience.online ? ja.reservations.onlineVenue : joinAddress(experience.state, experience.address)}</p>
        </div>
      )}

      <Field name="coupon_code" label={ja.reservations.coupon} required={false} messages={quoteErrors.coupon_code}>
        {(control) => (
          <input
            className="input"
            {...control}
            value={values.coupon}
            autoComplete="off"
            placeholder={ja.reservations.couponPlaceholder}
            onChange={(e) => onChange({ coupon: e.target.value })}
          />
        )}
      </Field>

      <Field name="message_to_host" label={ja.reservations.messageToHost} required={false} max={MESSAGE_TO_HOST_MAX} value={values.message}>
        {(control) => (
          <textarea
            className="textarea"
            {...control}
            aria-invalid={invalid('message_to_host')}
            value={values.message}
            placeholder={ja.reservations.messagePlaceholder}
            onChange={(e) => onChange({ message: e.target.value })}
          />
        )}
      </Field>

      {props.cardShown && <CardFields config={form.payment} onToken={props.onToken} onEdit={props.onCardEdit} resetKey={props.cardReset} />}
    </section>
  );
}

/** One slot in a line; several as a count with a button that lists them in a dialog. */
function Schedule({ calendars }: { calendars: ReservationForm['calendars'] }) {
  const [open, setOpen] = useState(false);
  useModalSoon(calendars.length > 1);
  const first = calendars[0];
  return (
    <div className="reservation__row">
      <span className="field__label">{ja.reservations.schedule}</span>
      {calendars.length === 1 ? (
        <p className="reservation__schedule" data-testid="schedule">
          {formatDateJa(first.date)} {ja.reservations.timeRange(first.start_time, first.end_time)}
        </p>
      ) : (
        <p className="reservation__schedule">
          <span data-testid="schedule">{ja.reservations.scheduleCount(calendars.length)}</span>
          <button type="button" className="button button--ghost button--small" onClick={() => setOpen(true)}>
            {ja.reservations.showSchedule}
          </button>
        </p>
      )}
      {open && (
        <ModalLater title={ja.reservations.scheduleModalTitle} onClose={() => setOpen(false)}>
          <ul className="reservation__dates" data-testid="schedule-list">
            {calendars.map((c) => (
              <li key={c.id}>
                {formatDateJa(c.date)} {ja.reservations.timeRange(c.start_time, c.end_time)}
              </li>
            ))}
          </ul>
        </ModalLater>
      )}
    </div>
  );
}

function OptionChoice(props: {
  id: number | null;
  name: string;
  description: string | null;
  price: number;
  selected: boolean;
  onSelect(id: number | null): void;
}) {
  return (
    <div className={props.selected ? 'reservation-option reservation-option--selected' : 'reservation-option'}>
      <label className="reservation-option__head">
        <input type="radio" name="option_id" checked={props.selected} onChange={() => props.onSelect(props.id)} />
        <span className="reservation-option__name">{props.name}</span>
        <span className="reservation-option__price">{formatYen(props.price)}</span>
      </label>
      {props.description && <CollapsibleText text={props.description} lines={3} className="reservation-option__desc" />}
    </div>
  );
}
