// The reservation form's aside: the server's price quote, the submit button and the messages under it.
import { busyControl } from '#src/components/form/busy-control';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import type { PriceQuote } from '#src/modules/reservations/pricing';
import type { QuoteJson } from '#src/modules/reservations/reservations.schemas';
import { refundDeadlineLabel, refundLost } from './InfoSections';

/** What a fee is made of (unit price × people × dates); the server's quote uses the same product. */
export interface FeeFactors {
  unitPrice: number;
  optionUnitPrice: number | null;
  people: number;
  dates: number;
}

export function PriceSummary(props: {
  quote: QuoteJson;
  factors: FeeFactors;
  hasOptions: boolean;
  quoting: boolean;
  submitting: boolean;
  /** Nothing can be sent now (busy, quoting, no card, …): the button says so (aria-disabled) and stays focusable. */
  disabled: boolean;
  /** False until hydrated: the button is disabled, so a press is never a plain HTML submit. */
  ready: boolean;
  cardMissing: boolean;
  /** Why the button is off before anything can be entered (an unverified address); replaces the card hint. */
  blocked?: string | null;
  messages: string[];
}) {
  return (
    <aside className="reservation__aside">
      <div className="panel reservation__summary">
        <h2>{ja.reservations.priceTitle}</h2>
        <PriceBreakdown quote={props.quote} factors={props.factors} hasOptions={props.hasOptions} busy={props.quoting} />
        {refundLost(props.quote) && (
          <p className="alert alert--error reservation__refund-lost" data-testid="refund-lost">
            {ja.reservations.refundDeadlinePassed(refundDeadlineLabel(props.quote.cancellation))}
          </p>
        )}
        <button
          type="submit"
          className="button button--block reservation__submit"
          {...busyControl(props.disabled, { ready: props.ready })}
          aria-describedby="submit-notes"
        >
          {props.submitting ? ja.reservations.submitting : ja.reservations.submit}
        </button>
        <div id="submit-notes" className="reservation__submit-notes" aria-live="polite">
          {props.submitting && <div className="spinner spinner--small" role="status" aria-label={ja.reservations.submitting} />}
          {props.blocked ? (
            <p className="reservation__hint" data-testid="submit-blocked">
              {props.blocked}
            </p>
          ) : (
            props.cardMissing && <p className="reservation__hint">{ja.reservations.enterCard}</p>
          )}
          {props.messages.map((m) => (
            <p key={m} className="field__error" role="alert" data-testid="form-error">
              {m}
            </p>
          ))}
        </div>
      </div>
    </aside>
  );
}

function formula(unit: number, factors: FeeFactors): string {
  return ja.reservations.feeFormula(formatYen(unit), factors.people, factors.dates);
}

function PriceBreakdown({
  quote,
  factors,
  hasOptions,
  busy,
}: {
  quote: PriceQuote;
  factors: FeeFactors;
  hasOptions: boolean;
  busy: boolean;
}) {
  return (
    <section className="price-breakdown" aria-label={ja.reservations.priceTitle} aria-busy={busy} data-testid="price-breakdown">
      <dl>
        <div>
          <dt>
            {ja.reservations.tourFee}
            <span className="price-breakdown__formula" data-testid="price-tour-formula">
              {formula(factors.unitPrice, factors)}
            </span>
          </dt>
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
            <dt>
              {ja.reservations.optionFee}
              {factors.optionUnitPrice !== null && (
                <span className="price-breakdown__formula" data-testid="price-option-formula">
                  {formula(factors.optionUnitPrice, factors)}
                </span>
              )}
            </dt>
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
    </section>
  );
}
