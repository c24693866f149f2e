// Card number, expiry and security code. Two implementations behind one component:
//  - Stripe Elements (Stripe.js loaded from js.stripe.com only when a publishable key is configured): the card
//    becomes a PaymentMethod (pm_...) in the browser, so card data never touches our server.
//  - The test gateway's form, clearly marked テストモード: the test card becomes its Stripe test token through
//    POST /api/v1/payments/test/tokens (the reservation endpoint never sees a card number).
// The token is created once every field is complete (spec §5) and dropped as soon as a field changes.
import { useEffect, useRef, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { api, ApiError } from '#src/lib/isomorphic/api-client';
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import type { PaymentConfig, TestToken } from '#src/modules/payments/payments.schemas';
import { TEST_CARDS, cardDigits, formatCardNumber, parseExpiry } from '#src/modules/payments/payments.shared';

// ---- Stripe.js (the few calls used here; the script defines window.Stripe) -------------------------------------

interface StripeElement {
  mount(el: HTMLElement): void;
  on(event: 'change', handler: (e: { complete: boolean; empty: boolean; error?: { message: string } }) => void): void;
  destroy(): void;
}
export interface StripeJs {
  elements(options?: { locale?: string }): { create(type: 'cardNumber' | 'cardExpiry' | 'cardCvc', options?: object): StripeElement };
  createPaymentMethod(options: {
    type: 'card';
    card: StripeElement;
  }): Promise<{ paymentMethod?: { id: string; card?: { last4?: string } }; error?: { message?: string } }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: { message?: string } }>;
}
declare global {
  interface Window {
    Stripe?: (publishableKey: string, options?: { locale?: string }) => StripeJs;
  }
}

let stripePromise: Promise<StripeJs> | null = null;

/** Loads https://js.stripe.com/v3 once (Stripe requires loading it from its own CDN). */
export function loadStripe(publishableKey: string): Promise<StripeJs> {
  stripePromise ??= new Promise<StripeJs>((resolve, reject) => {
    const ready = () =>
      window.Stripe ? resolve(window.Stripe(publishableKey, { locale: 'ja' })) : reject(new Error('Stripe.js unavailable'));
    if (window.Stripe) return ready();
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.async = true;
    script.onload = ready;
    script.onerror = () => {
      stripePromise = null;
      reject(new Error('Stripe.js failed to load'));
    };
    document.head.appendChild(script);
  });
  return stripePromise;
}

export interface CardToken {
  id: string;
  last4: string;
}

interface Props {
  config: PaymentConfig;
  onToken(token: CardToken | null): void;
  /** The guest changed a field (not called when the fields mount or reset). */
  onEdit(): void;
}

/** resetKey: changing it clears the fields (after a declined card) by mounting them afresh. */
export function CardFields({ resetKey, ...props }: Props & { resetKey: number }) {
  return (
    <fieldset className="card-fields" data-testid="card-fields">
      <legend className="field__label">{ja.reservations.card}</legend>
      {props.config.gateway === 'stripe' && props.config.publishable_key ? (
        <StripeCardFields key={resetKey} {...props} publishableKey={props.config.publishable_key} />
      ) : (
        <TestCardFields key={resetKey} {...props} />
      )}
    </fieldset>
  );
}

function StripeCardFields({ publishableKey, onToken, onEdit }: Props & { publishableKey: string }) {
  // The latest onEdit, read by the elements' change listeners (registered once per mount).
  const edited = useRef(onEdit);
  edited.current = onEdit;
  const numberRef = useRef<HTMLDivElement>(null);
  const expiryRef = useRef<HTMLDivElement>(null);
  const cvcRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState<CardToken | null>(null);

  useEffect(() => {
    let cancelled = false;
    const mounted: StripeElement[] = [];
    loadStripe(publishableKey).then(
      (stripe) => {
        if (cancelled || !numberRef.current || !expiryRef.current || !cvcRef.current) return;
        const elements = stripe.elements({ locale: 'ja' });
        const style = { base: { fontSize: '16px', color: '#2b2521' } };
        const number = elements.create('cardNumber', { style, showIcon: true });
        const expiry = elements.create('cardExpiry', { style });
        const cvc = elements.create('cardCvc', { style });
        const complete = { number: false, expiry: false, cvc: false };
        const onChange = (field: keyof typeof complete) => (e: { complete: boolean; error?: { message: string } }) => {
          complete[field] = e.complete;
          edited.current();
          setError(e.error?.message ?? null);
          setReady(null);
          onToken(null);
          if (complete.number && complete.expiry && complete.cvc) {
            stripe.createPaymentMethod({ type: 'card', card: number }).then(({ paymentMethod, error: pmError }) => {
              if (cancelled) return;
              if (paymentMethod) {
                const token = { id: paymentMethod.id, last4: paymentMethod.card?.last4 ?? '' };
                setReady(token);
                onToken(token);
              } else {
                // Spec §8: card token creation errors are only logged (Stripe's own message is shown by the field).
                console.error('createPaymentMethod failed', pmError);
                setError(pmError?.message ?? null);
              }
            });
          }
        };
        number.on('change', onChange('number'));
        expiry.on('change', onChange('expiry'));
        cvc.on('change', onChange('cvc'));
        number.mount(numberRef.current);
        expiry.mount(expiryRef.current);
        cvc.mount(cvcRef.current);
        mounted.push(number, expiry, cvc);
      },
      (loadError) => {
        console.error(loadError);
        if (!cancelled) setError(ja.payments.stripeLoadFailed);
      },
    );
    return () => {
      cancelled = true;
      for (const el of mounted) el.destroy();
    };
  }, [publishableKey, onToken]);

  return (
    <div className="card-fields__grid">
      {/* Stripe mounts its own labelled iframes into these boxes: the captions are not <label>s of a control. */}
      <div className="field card-fields__number">
        <span className="field__label">{ja.payments.cardNumber}</span>
        <div ref={numberRef} className="input card-fields__stripe" />
      </div>
      <div className="field">
        <span className="field__label">{ja.payments.expiry}</span>
        <div ref={expiryRef} className="input card-fields__stripe" />
      </div>
      <div className="field">
        <span className="field__label">{ja.payments.cvc}</span>
        <div ref={cvcRef} className="input card-fields__stripe" />
      </div>
      {error && <p className="field__error card-fields__wide">{error}</p>}
      {ready && <p className="card-fields__ok card-fields__wide">{ja.payments.cardReady(ready.last4)}</p>}
    </div>
  );
}

function TestCardFields({ onToken, onEdit }: Props) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [checking, setChecking] = useState(false);
  const [ready, setReady] = useState<CardToken | null>(null);

  // Once every field looks complete, ask the test gateway for the token (like Stripe.js would).
  useEffect(() => {
    setReady(null);
    onToken(null);
    const digits = cardDigits(number);
    const exp = parseExpiry(expiry);
    if (digits.length !== 16 || !exp || !/^\d{3,4}$/.test(cvc)) return;
    const controller = new AbortController();
    setChecking(true);
    api<TestToken>('/api/v1/payments/test/tokens', {
      method: 'POST',
      body: { number: digits, exp_month: exp.month, exp_year: exp.year, cvc },
      signal: controller.signal,
    })
      .then((token) => {
        setErrors({});
        const card = { id: token.id, last4: token.card.last4 };
        setReady(card);
        onToken(card);
      })
      .catch((error) => {
        if ((error as Error).name === 'AbortError') return;
        console.error('test card token failed', error);
        setErrors(error instanceof ApiError ? error.messages : {});
      })
      .finally(() => setChecking(false));
    return () => controller.abort();
  }, [number, expiry, cvc, onToken]);

  const fieldError = (...names: string[]) => {
    const message = names.map((n) => errors[n]?.[0]).find(Boolean);
    return message ? <p className="field__error">{message}</p> : null;
  };

  return (
    <div className="card-fields__test">
      <div className="card-fields__testmode" role="note" data-testid="test-mode">
        <span className="badge card-fields__badge">{ja.payments.testMode}</span>
        <p>{ja.payments.testModeLead}</p>
        <ul className="card-fields__cards">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code>{formatCardNumber(card.number)}</code>
              <span>{card.label}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="card-fields__grid">
        <label className="field card-fields__number">
          <span className="field__label">{ja.payments.cardNumber}</span>
          <input
            className="input"
            name="cardnumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={number}
            aria-invalid={!!errors.number}
            onChange={(e) => {
              onEdit();
              setNumber(formatCardNumber(e.target.value));
            }}
          />
          {fieldError('number')}
        </label>
        <label className="field">
          <span className="field__label">{ja.payments.expiry}</span>
          <input
            className="input"
            name="cc-exp"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/30"
            value={expiry}
            aria-invalid={!!(errors.exp_month || errors.exp_year)}
            onChange={(e) => {
              onEdit();
              const digits = e.target.value.replace(/\D/g, '').slice(0, 4);
              setExpiry(digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits);
            }}
          />
          {fieldError('exp_month', 'exp_year')}
        </label>
        <label className="field">
          <span className="field__label">{ja.payments.cvc}</span>
          <input
            className="input"
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            aria-invalid={!!errors.cvc}
            onChange={(e) => {
              onEdit();
              setCvc(e.target.value.replace(/\D/g, '').slice(0, 4));
            }}
          />
          {fieldError('cvc')}
        </label>
        {checking && <p className="muted card-fields__wide">{ja.payments.cardChecking}</p>}
        {ready && (
          <p className="card-fields__ok card-fields__wide" data-testid="card-ready">
            {ja.payments.cardReady(ready.last4)}
          </p>
        )}
      </div>
    </div>
  );
}
