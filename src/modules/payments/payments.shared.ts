// Test-mode cards and the card number helpers, zod-free: the booking page's card form imports this file, so
// the page carries no zod. payments.schemas.ts re-exports it.
import * as ja from '#src/i18n/ja';

/** Stripe's documented test cards and the test tokens they stand for (https://docs.stripe.com/testing). */
export const TEST_CARDS = [
  { number: '4242424242424242', token: 'tok_visa', label: ja.payments.testCardSuccess },
  { number: '4000000000000002', token: 'tok_chargeDeclined', label: ja.payments.testCardDecline },
  { number: '4000002760003184', token: 'tok_threeDSecure2Required', label: ja.payments.testCardAuthentication },
] as const;

/** Tokens the test gateway accepts from API clients (the same names Stripe documents). */
export const TEST_TOKENS = {
  success: 'tok_visa',
  decline: 'tok_chargeDeclined',
  authentication: 'tok_threeDSecure2Required',
  /** Test environment only (NODE_ENV=test): succeeds after a delay, so tests can stop a process mid-charge. */
  slowSuccess: 'tok_visa_slow',
} as const;

/** '4242 4242 4242 4242' -> '4242 4242 4242 4242' as typed; digits only for checks. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Formats digits in groups of four for display while typing. */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 'MM/YY' -> { month, year (4 digits) } or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}
