// Money is integer yen (ARCHITECTURE.md "Money"). Isomorphic.
//
// Integers are grouped by hand, not with Intl.NumberFormat: the first Intl object a page creates loads the browser's
// locale data on the main thread (tens of milliseconds, more on a slow phone), and every page with a price paid
// it while loading. The output is the same as Intl.NumberFormat('ja-JP') (money.test.ts compares them);
// a non-integer, which yen never is, still goes through Intl.

let intlFormat: Intl.NumberFormat | undefined;

/** 1234567 -> "1,234,567", like Intl.NumberFormat('ja-JP').format. */
export function groupDigits(amount: number): string {
  if (!Number.isSafeInteger(amount)) {
    intlFormat ??= new Intl.NumberFormat('ja-JP');
    return intlFormat.format(amount);
  }
  const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+$)/g, ',');
  return amount < 0 || Object.is(amount, -0) ? `-${digits}` : digits;
}

/** 12345 -> "¥12,345" */
export function formatYen(amount: number): string {
  return `¥${groupDigits(amount)}`;
}

/** 12345 -> "12,345円" */
export function formatYenSuffix(amount: number): string {
  return `${groupDigits(amount)}円`;
}

/** The consumption tax rate in percent (the standard rate; experiences are not reduced-rate goods). */
export const CONSUMPTION_TAX_PERCENT = 10;

/**
 * The consumption tax contained in a tax-included amount of yen, rounded down once for the whole amount (one
 * rounding per document and rate, as a qualified invoice does): 12345 -> 1122.
 */
export function consumptionTaxIncluded(amount: number): number {
  return Math.floor((amount * CONSUMPTION_TAX_PERCENT) / (100 + CONSUMPTION_TAX_PERCENT));
}
