// https://vike.dev/Page — the reservation form (spec guest-and-host.md "Reservation form").
// The price is re-quoted by the server whenever people, option or coupon change; the server charges what it quotes.
// The view is split by section: ContentSection (the inputs), InfoSections (notes, cancellation), PriceSummary.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useData } from 'vike-react/useData';
import { VerifyEmailNotice, type VerifyEmailTexts } from '#src/components/account/VerifyEmailNotice';
import { goTo, reloadPage } from '#src/lib/isomorphic/browser-navigation';
import { api, ApiError } from '#src/lib/isomorphic/api-client';
import * as ja from '#src/i18n/ja';
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import { useForm } from '#src/components/form/useForm';
import { allMessages, toFieldMessages } from '#src/components/form/form-errors';
import type {
  QuoteJson,
  ReservationActionRequired,
  ReservationForm,
  ReservationView,
} from '#src/modules/reservations/reservations.schemas';
import { loadStripe, type CardToken } from './CardFields';
import { ContentSection, type ContentValues } from './ContentSection';
import { dropDraft, keepDraft, restoredDraft, useDraftKey } from './draft';
import { ErrorScreen } from './ErrorScreen';
import { InfoSections } from './InfoSections';
import { PriceSummary } from './PriceSummary';
import { TestAuthentication } from './TestAuthentication';
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
  useReloadWhenRestored();
  if (!data.form) return <ErrorScreen messages={data.errors} />;
  return <ReservationFormView form={data.form} confirmReservationId={data.confirmReservationId} unverified={data.unverified} />;
}

/**
 * Loads the form afresh when the browser brings back a copy kept from its first load (Back after a booking), which
 * would show the seats, the price and the enabled submit button of when it was left: the page restored whole from
 * the back/forward cache (`pageshow` with `persisted`), or, where that cache did not keep it (a browser without it,
 * an evicted page), its HTML taken from the HTTP cache, which Back and Forward use without asking the server (a
 * history navigation whose transfer was 0 bytes). A listener rather than `Cache-Control: no-store`: browsers may keep
 * even no-store pages in the back/forward cache, and the pages' `private, no-cache` stays one rule for every page.
 */
function useReloadWhenRestored() {
  useEffect(() => {
    if (fromHistoryCache()) {
      void reloadPage();
      return;
    }
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void reloadPage();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
}

/** This page was loaded by Back or Forward from the browser's HTTP cache (nothing transferred). */
function fromHistoryCache(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward' && entry.transferSize === 0;
}

/** Field errors from the price call that the guest can fix on this screen; the rest replace the screen. */
const FIXABLE = new Set(['number_of_people', 'option_id', 'coupon_code', 'message_to_host', 'payment_token', 'base']);

/** The messages are about `field` alone. */
const onlyField = (messages: FieldMessages, field: string) => {
  const fields = Object.keys(messages);
  return fields.length > 0 && fields.every((f) => f === field);
};

type Result = ReservationView | ReservationActionRequired;

/**
 * Re-quotes the price when people, option or the (debounced) coupon change; the first quote came with the page. A
 * refused coupon is priced again without it, so the summary shows the total the guest would pay without the code
 * (never the discount of the code typed before); the refusal stays on the coupon field.
 */
function useQuote(form: ReservationForm, calendarIds: number[], values: ContentValues) {
  const [quote, setQuote] = useState<QuoteJson>(form.quote);
  const [quoting, setQuoting] = useState(false);
  const [quoteErrors, setQuoteErrors] = useState<FieldMessages>({});
  const [fatal, setFatal] = useState<string[] | null>(null);
  const [couponQuery, setCouponQuery] = useState('');
  const firstQuote = useRef(true);
  const { people, optionId, coupon } = values;
  const experienceId = form.experience.id;

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
    const ask = (couponCode: string) => {
      const params = new URLSearchParams();
      for (const id of calendarIds) params.append('calendar_ids[]', String(id));
      params.set('number_of_people', String(people));
      if (optionId !== null) params.set('option_id', String(optionId));
      if (couponCode) params.set('coupon_code', couponCode);
      return api<QuoteJson>(`/api/v1/experiences/${experienceId}/price?${params}`, { signal: controller.signal });
    };
    const refused = (error: unknown) => {
      if ((error as Error).name === 'AbortError') return;
      setQuoting(false);
      if (!(error instanceof ApiError) || error.status === 0) {
        console.error('price quote failed', error); // spec §8: network failures are only logged
        return;
      }
      const fields = Object.keys(error.messages);
      if (error.status === 404 || fields.some((f) => !FIXABLE.has(f))) setFatal(error.all());
      else setQuoteErrors(error.messages);
    };
    setQuoting(true);
    ask(couponQuery)
      .then((q) => {
        setQuote(q);
        setQuoteErrors({});
        setQuoting(false);
      })
      .catch(async (error) => {
        if (couponQuery && error instanceof ApiError && error.status === 422 && onlyField(error.messages, 'coupon_code')) {
          // The code alone was refused: the price without it, and the code's message at its field.
          try {
            setQuote(await ask(''));
            setQuoteErrors(error.messages);
            setQuoting(false);
          } catch (withoutCoupon) {
            refused(withoutCoupon);
          }
          return;
        }
        refused(error);
      });
    return () => controller.abort();
  }, [people, optionId, couponQuery, experienceId, calendarIds]);

  return { quote, quoting, quoteErrors, fatal };
}

function ReservationFormView({
  form,
  confirmReservationId,
  unverified,
}: {
  form: ReservationForm;
  confirmReservationId: number | null;
  /** Set while the address is unverified: the server refuses the booking, the form says so and offers a new link. */
  unverified: { texts: VerifyEmailTexts; hint: string } | null;
}) {
  const { experience, calendars } = form;
  const calendarIds = useMemo(() => calendars.map((c) => c.id), [calendars]);
  // A キャンセル待ち offer holds seats for its party: the form starts (and stays) at that number.
  const [values, setValues] = useState<ContentValues>({
    people: form.waitlist_offer?.number_of_people ?? 1,
    optionId: null,
    coupon: '',
    message: '',
  });
  const { quote, quoting, quoteErrors, fatal } = useQuote(form, calendarIds, values);
  // The server renders the form empty; what the guest typed before leaving or reloading it comes back once hydrated,
  // and is priced by the same quote as a change (draft.ts).
  const draftKey = useDraftKey();
  useEffect(() => setValues((v) => restoredDraft(draftKey, form, v) ?? v), [draftKey, form]);
  const [token, setToken] = useState<CardToken | null>(null);
  const [cardReset, setCardReset] = useState(0);
  const [action, setAction] = useState<ReservationActionRequired | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);

  const cardShown = experience.price !== 0;
  const cardNeeded = cardShown && quote.total > 0;
  const onToken = useCallback((t: CardToken | null) => setToken(t), []);

  const complete = useCallback(async () => {
    dropDraft(draftKey);
    await goTo(`/reservations/complete?cid=${calendarIds.join(',')}&tour_id=${experience.id}`);
  }, [calendarIds, experience.id, draftKey]);

  /** A definitive failure (402, 422) ends the attempt: the next submission is a new attempt with a new key. A
   * network error, 409 or 503 may be retried with the same key safely. A declined card clears the card fields. */
  const endAttempt = useCallback((error: unknown) => {
    setAction(null);
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 402 || status === 422) setAttemptKey(newAttemptKey());
    if (status === 402) {
      setToken(null);
      setCardReset((n) => n + 1);
    }
    if (!(error instanceof ApiError)) console.error('reservation failed', error);
  }, []);

  const kit = useForm<void, Result>({ path: '/api/v1/reservations', onError: (error) => void endAttempt(error) });
  const { errors, setErrors } = kit;

  // A changed card clears the last submission's payment failure (it was about the card before): the card's own field
  // and `base`, where a declined payment (402) lands.
  const onCardEdit = useCallback(() => {
    if (!errors.base && !errors.payment_token) return;
    const { base: _base, payment_token: _token, ...rest } = errors;
    setErrors(rest);
  }, [errors, setErrors]);

  const confirmAfterAuthentication = useCallback(
    async (reservationId: number) => {
      setConfirming(true);
      try {
        const result = await api<Result>(`/api/v1/reservations/${reservationId}/confirm`, { method: 'POST' });
        if ('reservation_id' in result) {
          setAction(result);
          setConfirming(false);
          return;
        }
        await complete();
      } catch (error) {
        setConfirming(false);
        endAttempt(error);
        setErrors(toFieldMessages(error));
      }
    },
    [complete, endAttempt, setErrors],
  );

  // Back from a redirect-based authentication: finish the reservation once.
  useEffect(() => {
    if (confirmReservationId) void confirmAfterAuthentication(confirmReservationId);
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

  const submitting = kit.submitting || confirming || action !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || (cardNeeded && !token)) return;
    void kit.send<Result>(undefined, {
      body: () => ({
        tour_id: experience.id,
        calendar_ids: calendarIds,
        number_of_people: values.people,
        option_id: values.optionId,
        coupon_code: values.coupon.trim() || undefined,
        message_to_host: values.message.trim() || undefined,
        payment_token: cardNeeded ? token?.id : undefined,
        idempotency_key: attemptKey,
      }),
      onSuccess: (result) => ('reservation_id' in result ? handleAction(result) : complete()),
    });
  }

  if (fatal) return <ErrorScreen messages={fatal} />;

  const quoteMessages = Object.values(quoteErrors).flat();
  return (
    <article className="page reservation" data-testid="reservation-form">
      <p className="reservation__kicker">{ja.reservations.newTitle}</p>
      <h1 className="reservation__title">{experience.title}</h1>
      {unverified && <VerifyEmailNotice texts={unverified.texts} />}
      {form.waitlist_offer && (
        <p className="alert alert--info reservation__offer" data-testid="waitlist-offer">
          {ja.reservations.waitlistOffer(form.waitlist_offer.number_of_people, form.waitlist_offer.expires_label)}
        </p>
      )}

      <form className="reservation__layout" onSubmit={submit} noValidate>
        <div className="reservation__main">
          <ContentSection
            form={form}
            values={values}
            onChange={(patch) => {
              const next = { ...values, ...patch };
              setValues(next);
              keepDraft(draftKey, next);
            }}
            quoteErrors={quoteErrors}
            cardShown={cardShown}
            onToken={onToken}
            onCardEdit={onCardEdit}
            cardReset={cardReset}
          />
          <InfoSections experience={experience} quote={quote} />
        </div>
        <PriceSummary
          quote={quote}
          factors={{
            unitPrice: experience.price,
            optionUnitPrice: experience.options.find((o) => o.id === values.optionId)?.price ?? null,
            people: values.people,
            dates: calendars.length,
          }}
          hasOptions={experience.options.length > 0}
          quoting={quoting}
          submitting={submitting}
          unavailable={unverified !== null || quoteMessages.length > 0 || (cardNeeded && !token)}
          ready={kit.ready}
          cardMissing={cardNeeded && !token}
          blocked={unverified?.hint}
          messages={[...quoteMessages, ...allMessages(kit.errors)]}
        />
      </form>

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
