// https://vike.dev/Page — the reservation form (spec guest-and-host.md "Reservation form", issue 4).
// The price is re-quoted by the server whenever people, option or coupon change; the server charges what it quotes.
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import { navigate } from 'vike/client/router';
import { ja } from '#src/i18n/ja';
import { api, ApiError } from '#src/lib/api-client';
import { formatYen } from '#src/lib/money';
import { formatDateJa } from '#src/lib/dates';
import type { FieldMessages } from '#src/lib/errors';
import { CollapsibleText } from '#src/components/CollapsibleText';
import type { PriceQuote } from '#src/modules/reservations/pricing';
import type { ReservationActionRequired, ReservationForm, ReservationView } from '#src/modules/reservations/reservations.schemas';
import { CardFields, loadStripe, type CardToken } from './CardFields';
import type { Data } from './+data';
import './new.css';

/** One attempt key per form load: a double click or a retry returns the same reservation (never a second charge). */
function newAttemptKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export default function Page() {
  const data = useData<Data>();
  if (!data.form) return <ErrorScreen messages={data.errors} />;
  return <ReservationFormView form={data.form} confirmReservationId={data.confirmReservationId} />;
}

function ErrorScreen({ messages }: { messages: string[] }) {
  return (
    <section className="page page--narrow reservation-error" data-testid="reservation-error">
      <div className="panel">
        <h1 className="page__title">{ja.reservations.errorTitle}</h1>
        <ul className="alert alert--error" role="alert">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <a className="button" href="/stories">
          {ja.reservations.errorListLink}
        </a>
      </div>
    </section>
  );
}

/** Field errors from the price call that the guest can fix on this screen; the rest replace the screen. */
const FIXABLE = new Set(['number_of_people', 'option_id', 'coupon_code', 'message_to_host', 'payment_token', 'base']);

function ReservationFormView({ form, confirmReservationId }: { form: ReservationForm; confirmReservationId: number | null }) {
  const { experience, calendars } = form;
  const calendarIds = calendars.map((c) => c.id);
  const [people, setPeople] = useState(1);
  const [optionId, setOptionId] = useState<number | null>(null);
  const [coupon, setCoupon] = useState('');
  const [couponQuery, setCouponQuery] = useState('');
  const [message, setMessage] = useState('');
  const [quote, setQuote] = useState<PriceQuote>(form.quote);
  const [quoting, setQuoting] = useState(false);
  const [quoteErrors, setQuoteErrors] = useState<FieldMessages>({});
  const [fatal, setFatal] = useState<string[] | null>(null);
  const [token, setToken] = useState<CardToken | null>(null);
  const [cardReset, setCardReset] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<string[]>([]);
  const [action, setAction] = useState<ReservationActionRequired | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);
  const firstQuote = useRef(true);

  const cardShown = experience.price !== 0;
  const cardNeeded = cardShown && quote.total > 0;
  const onToken = useCallback((t: CardToken | null) => setToken(t), []);

  // The coupon is re-quoted once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setCouponQuery(coupon.trim()), 450);
    return () => clearTimeout(timer);
  }, [coupon]);

  useEffect(() => {
    if (firstQuote.current) {
      firstQuote.current = false;
      return;
    }
    const controller = new AbortController();
    const params = new URLSearchParams();
    calendarIds.forEach((id) => params.append('calendar_ids[]', String(id)));
    params.set('number_of_people', String(people));
    if (optionId !== null) params.set('option_id', String(optionId));
    if (couponQuery) params.set('coupon_code', couponQuery);
    setQuoting(true);
    api<PriceQuote>(`/api/v1/experiences/${experience.id}/price?${params}`, { signal: controller.signal })
      .then((q) => {
        setQuote(q);
        setQuoteErrors({});
        setQuoting(false);
      })
      .catch((error) => {
        if ((error as Error).name === 'AbortError') return;
        setQuoting(false);
        if (!(error instanceof ApiError) || error.status === 0) {
          console.error('price quote failed', error); // spec §8: network failures are only logged
          return;
        }
        const fields = Object.keys(error.messages);
        if (error.status === 404 || fields.some((f) => !FIXABLE.has(f))) setFatal(error.all());
        else setQuoteErrors(error.messages);
      });
    return () => controller.abort();
    // calendarIds is fixed for the page's lifetime.
  }, [people, optionId, couponQuery, experience.id]);

  const complete = useCallback(async () => {
    await navigate(`/reservations/complete?cid=${calendarIds.join(',')}&tour_id=${experience.id}`);
  }, [experience.id]);

  /** A definitive failure ends the attempt: the next submission is a new attempt with a new key. */
  const failed = useCallback((error: unknown, options: { newAttempt: boolean }) => {
    setSubmitting(false);
    setAction(null);
    if (options.newAttempt) setAttemptKey(newAttemptKey());
    if (error instanceof ApiError) {
      if (error.status === 402) {
        setToken(null);
        setCardReset((n) => n + 1);
      }
      setSubmitErrors(error.status === 402 ? [error.message] : error.all());
    } else {
      console.error('reservation failed', error);
      setSubmitErrors([ja.common.unexpectedError]);
    }
  }, []);

  const confirmAfterAuthentication = useCallback(
    async (reservationId: number) => {
      try {
        const result = await api<ReservationView | ReservationActionRequired>(`/api/v1/reservations/${reservationId}/confirm`, {
          method: 'POST',
        });
        if ('reservation_id' in result) {
          setAction(result);
          setSubmitting(false);
          return;
        }
        await complete();
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        failed(error, { newAttempt: status === 402 || status === 422 });
      }
    },
    [complete, failed],
  );

  // Back from a redirect-based authentication: finish the reservation once.
  useEffect(() => {
    if (confirmReservationId) {
      setSubmitting(true);
      void confirmAfterAuthentication(confirmReservationId);
    }
  }, [confirmReservationId, confirmAfterAuthentication]);

  async function handleAction(required: ReservationActionRequired) {
    if (required.gateway === 'stripe' && form.payment.publishable_key) {
      const stripe = await loadStripe(form.payment.publishable_key);
      const result = await stripe.handleNextAction({ clientSecret: required.client_secret });
      if (result.error) console.error('handleNextAction', result.error);
      // Whatever the browser saw, the server asks Stripe for the intent's real state.
      await confirmAfterAuthentication(required.reservation_id);
      return;
    }
    setAction(required); // the test gateway's stand-in authentication dialog
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || (cardNeeded && !token)) return;
    setSubmitting(true);
    setSubmitErrors([]);
    try {
      const result = await api<ReservationView | ReservationActionRequired>('/api/v1/reservations', {
        method: 'POST',
        body: {
          tour_id: experience.id,
          calendar_ids: calendarIds,
          number_of_people: people,
          option_id: optionId,
          coupon_code: coupon.trim() || undefined,
          message_to_host: message.trim() || undefined,
          payment_token: cardNeeded ? token?.id : undefined,
          idempotency_key: attemptKey,
        },
      });
      if ('reservation_id' in result) await handleAction(result);
      else await complete();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      // 402/422 end the attempt; a network error, 409 or 503 may be retried with the same key safely.
      failed(error, { newAttempt: status === 402 || status === 422 });
    }
  }

  if (fatal) return <ErrorScreen messages={fatal} />;

  const quoteMessages = Object.values(quoteErrors).flat();
  const disabled = submitting || quoting || quoteMessages.length > 0 || (cardNeeded && !token);
  const peopleChoices = Array.from({ length: Math.max(1, form.max_people) }, (_, i) => i + 1);
  const first = calendars[0];

  return (
    <article className="page reservation" data-testid="reservation-form">
      <p className="reservation__kicker">{ja.reservations.newTitle}</p>
      <h1 className="reservation__title">{experience.title}</h1>

      <form className="reservation__layout" onSubmit={submit} noValidate>
        <div className="reservation__main">
          <section className="panel reservation__section" aria-labelledby="content-title">
            <h2 id="content-title">{ja.reservations.sectionContent}</h2>

            <div className="reservation__row">
              <span className="field__label">{ja.reservations.schedule}</span>
              {calendars.length === 1 ? (
                <p className="reservation__schedule" data-testid="schedule">
                  {formatDateJa(first.date)} {ja.reservations.timeRange(first.start_time, first.end_time)}
                </p>
              ) : (
                <p className="reservation__schedule">
                  <span data-testid="schedule">{ja.reservations.scheduleCount(calendars.length)}</span>
                  <button type="button" className="button button--ghost button--small" onClick={() => setScheduleOpen(true)}>
                    {ja.reservations.showSchedule}
                  </button>
                </p>
              )}
            </div>

            <label className="field">
              <span className="field__label">{ja.reservations.people}</span>
              <select
                className="select reservation__people"
                name="number_of_people"
                value={people}
                onChange={(e) => setPeople(Number(e.target.value))}
                aria-invalid={!!quoteErrors.number_of_people}
              >
                {peopleChoices.map((n) => (
                  <option key={n} value={n}>
                    {ja.reservations.peopleOption(n)}
                  </option>
                ))}
              </select>
              {form.max_people === 1 && (experience.price === 0 || calendars.length > 1) && (
                <span className="field__hint">{ja.reservations.peopleOnlyOneHint}</span>
              )}
            </label>

            {experience.options.length > 0 && (
              <fieldset className="field reservation__options">
                <legend className="field__label">{ja.reservations.option}</legend>
                <OptionChoice
                  id={null}
                  name={ja.reservations.noOption}
                  description={null}
                  price={0}
                  selected={optionId === null}
                  onSelect={setOptionId}
                />
                {experience.options.map((o) => (
                  <OptionChoice
                    key={o.id}
                    id={o.id}
                    name={o.name}
                    description={o.description}
                    price={o.price}
                    selected={optionId === o.id}
                    onSelect={setOptionId}
                  />
                ))}
              </fieldset>
            )}

            {(experience.online || experience.address) && (
              <div className="reservation__row">
                <span className="field__label">{ja.reservations.venue}</span>
                <p data-testid="venue">
                  {experience.online
                    ? ja.reservations.onlineVenue
                    : `${experience.state && !experience.address!.startsWith(experience.state) ? experience.state : ''}${experience.address}`}
                </p>
              </div>
            )}

            <label className="field">
              <span className="field__label">
                {ja.reservations.coupon}
                <span className="field__badge field__badge--optional">{ja.common.optional}</span>
              </span>
              <input
                className="input"
                name="coupon_code"
                value={coupon}
                maxLength={50}
                autoComplete="off"
                placeholder={ja.reservations.couponPlaceholder}
                onChange={(e) => setCoupon(e.target.value)}
                aria-invalid={!!quoteErrors.coupon_code}
              />
            </label>

            <label className="field">
              <span className="field__label">
                {ja.reservations.messageToHost}
                <span className="field__badge field__badge--optional">{ja.common.optional}</span>
              </span>
              <textarea
                className="textarea"
                name="message_to_host"
                value={message}
                maxLength={1000}
                placeholder={ja.reservations.messagePlaceholder}
                onChange={(e) => setMessage(e.target.value)}
              />
            </label>

            {cardShown && <CardFields config={form.payment} onToken={onToken} resetKey={cardReset} />}
          </section>

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
              {ja.reservations.cancellationPolicy}:{' '}
              <strong>{ja.reservations.cancellationPolicyName(experience.cancellation_period)}</strong>
            </p>
          </section>
        </div>

        <aside className="reservation__aside">
          <div className="panel reservation__summary">
            <h2>{ja.reservations.priceTitle}</h2>
            <PriceBreakdown quote={quote} hasOptions={experience.options.length > 0} busy={quoting} />
            <button type="submit" className="button button--block reservation__submit" disabled={disabled} aria-describedby="submit-notes">
              {submitting ? ja.reservations.submitting : ja.reservations.submit}
            </button>
            <div id="submit-notes" className="reservation__submit-notes" aria-live="polite">
              {submitting && <div className="spinner spinner--small" aria-label={ja.reservations.submitting} />}
              {cardNeeded && !token && <p className="reservation__hint">{ja.reservations.enterCard}</p>}
              {[...quoteMessages, ...submitErrors].map((m) => (
                <p key={m} className="field__error" role="alert" data-testid="form-error">
                  {m}
                </p>
              ))}
            </div>
          </div>
        </aside>
      </form>

      {scheduleOpen && (
        <Modal title={ja.reservations.scheduleModalTitle} onClose={() => setScheduleOpen(false)}>
          <ul className="reservation__dates" data-testid="schedule-list">
            {calendars.map((c) => (
              <li key={c.id}>
                {formatDateJa(c.date)} {ja.reservations.timeRange(c.start_time, c.end_time)}
              </li>
            ))}
          </ul>
        </Modal>
      )}

      {action && action.gateway === 'test' && (
        <TestAuthentication
          action={action}
          onDone={() => {
            setAction(null);
            void confirmAfterAuthentication(action.reservation_id);
          }}
        />
      )}
    </article>
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

function PriceBreakdown({ quote, hasOptions, busy }: { quote: PriceQuote; hasOptions: boolean; busy: boolean }) {
  return (
    <div className="price-breakdown" aria-busy={busy} data-testid="price-breakdown">
      <dl>
        <div>
          <dt>{ja.reservations.tourFee}</dt>
          <dd data-testid="price-tour">{formatYen(quote.tour)}</dd>
        </div>
        {quote.discount !== 0 && (
          <div className="price-breakdown__discount">
            <dt>{ja.reservations.discount}</dt>
            <dd data-testid="price-discount">-{formatYen(quote.discount)}</dd>
          </div>
        )}
        {hasOptions && (
          <div>
            <dt>{ja.reservations.optionFee}</dt>
            <dd data-testid="price-option">{formatYen(quote.option)}</dd>
          </div>
        )}
        <div>
          <dt>{ja.reservations.serviceFee}</dt>
          <dd data-testid="price-service">{formatYen(quote.service_fee)}</dd>
        </div>
        <div>
          <dt>{ja.reservations.processingFee}</dt>
          <dd data-testid="price-processing">{formatYen(quote.processing_fee)}</dd>
        </div>
        <div className="price-breakdown__total">
          <dt>{ja.reservations.total}</dt>
          <dd data-testid="price-total">{formatYen(quote.total)}</dd>
        </div>
      </dl>
      {busy && (
        <div className="price-breakdown__busy">
          <div className="spinner spinner--small" />
          <span className="visually-hidden">{ja.reservations.requoting}</span>
        </div>
      )}
    </div>
  );
}

function Modal({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="modal" role="presentation" onClick={onClose}>
      <div
        className="modal__dialog panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="modal-title">{title}</h2>
        {children}
        <button type="button" className="button button--ghost button--block" onClick={onClose} autoFocus>
          {ja.common.close}
        </button>
      </div>
    </div>
  );
}

/** The test gateway's stand-in for the card issuer's 3-D Secure page. */
function TestAuthentication({ action, onDone }: { action: ReservationActionRequired; onDone(): void }) {
  const [busy, setBusy] = useState(false);
  async function decide(result: 'success' | 'failure') {
    setBusy(true);
    try {
      await api(action.next_action_url!, { method: 'POST', body: { client_secret: action.client_secret, result } });
    } catch (error) {
      console.error('test authentication failed', error);
    }
    onDone();
  }
  return (
    <div className="modal" role="presentation">
      <div
        className="modal__dialog panel test-auth"
        role="dialog"
        aria-modal="true"
        aria-labelledby="auth-title"
        data-testid="test-authentication"
      >
        <span className="badge card-fields__badge">{ja.payments.testMode}</span>
        <h2 id="auth-title">{ja.payments.authTitle}</h2>
        <p>{ja.payments.authLead}</p>
        {busy ? (
          <div className="spinner" aria-label={ja.payments.authenticating} />
        ) : (
          <div className="test-auth__actions">
            <button type="button" className="button" onClick={() => decide('success')}>
              {ja.payments.authApprove}
            </button>
            <button type="button" className="button button--ghost" onClick={() => decide('failure')}>
              {ja.payments.authFail}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
