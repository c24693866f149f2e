// The reservation form's aside: the server's price quote, the submit button and the messages under it.
import { busyControl } from '#src/components/form/busy-control';
import { LiveRegion } from '#src/components/LiveRegion';
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
  /** A re-quote or the booking is under way: the button is unavailable meanwhile. */
  quoting: boolean;
  submitting: boolean;
  /**
   * Something the guest must see to first (an unverified address, a quote's error, no card yet). Like a busy button it
   * stays focusable (aria-disabled, not disabled): its notes (aria-describedby) say why, so Tab must reach it.
   */
  unavailable: boolean;
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
          {...busyControl(props.submitting || props.quoting || props.unavailable, { ready: props.ready })}
          aria-describedby="submit-notes"
        >
          {props.submitting ? ja.reservations.submitting : ja.reservations.submit}
        </button>
        <div id="submit-notes" className="reservation__submit-notes">
          {/* What the button waits for, read out as it changes; a refused booking's messages below interrupt (alert). */}
          <LiveRegion className="reservation__submit-state">
            {props.submitting && (
              <>
                <div className="spinner spinner--small" aria-hidden="true" />
                <span className="visually-hidden">{ja.reservations.submitting}</span>
              </>
            )}
            {props.blocked ? (
              <p className="reservation__hint" data-testid="submit-blocked">
                {props.blocked}
              </p>
            ) : (
              props.cardMissing && <p className="reservation__hint">{ja.reservations.enterCard}</p>
            )}
          </LiveRegion>
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
