// The price rules of ARCHITECTURE.md in one place; the quote and the charge both call quotePrice().
// Integer yen only. Rates are held as basis points (1 bp = 0.01%) so no float ever touches an amount.
export interface CouponTerms {
  discountType: 'amount' | 'percent';
  /** Yen for 'amount', percent (0-100) for 'percent'. */
  discountValue: number;
}

export interface FeeRates {
  /** Basis points of (tour + option - discount). */
  serviceBp: number;
  processingBp: number;
}

export interface PriceInput {
  unitPrice: number;
  optionUnitPrice: number;
  people: number;
  dates: number;
  coupon: CouponTerms | null;
  rates: FeeRates;
}

export interface PriceQuote {
  tour: number;
  discount: number;
  option: number;
  service_fee: number;
  processing_fee: number;
  total: number;
}

export function toBasisPoints(rate: number): number {
  return Math.round(rate * 10_000);
}

function assertWholeNonNegative(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

export function quotePrice(input: PriceInput): PriceQuote {
  const { unitPrice, optionUnitPrice, people, dates, coupon, rates } = input;
  for (const [name, value] of Object.entries({ unitPrice, optionUnitPrice, people, dates })) assertWholeNonNegative(name, value);
  const tour = unitPrice * people * dates;
  const option = optionUnitPrice * people * dates;
  const gross = tour + option;
  let discount = 0;
  if (coupon) {
    discount = coupon.discountType === 'amount' ? coupon.discountValue : Math.floor((gross * coupon.discountValue) / 100);
    // A coupon never makes the price negative: at most tour + option.
    discount = Math.max(0, Math.min(discount, gross));
  }
  const base = gross - discount;
  const service_fee = Math.floor((base * rates.serviceBp) / 10_000);
  const processing_fee = Math.floor((base * rates.processingBp) / 10_000);
  return { tour, discount, option, service_fee, processing_fee, total: base + service_fee + processing_fee };
}
