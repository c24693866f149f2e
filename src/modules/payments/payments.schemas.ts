// Test-mode card data and the shapes the browser sends to the test gateway. Browser-safe (the card form uses them).
import { z } from 'zod';
import { ja } from '#src/i18n/ja';

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

export const testCardSchema = z
  .object({
    number: z
      .string({ error: ja.payments.cardNumberInvalid })
      .meta({ pattern: '^[\\d\\s-]{16,}$', description: '16 桁のカード番号（空白とハイフンは無視）' })
      .transform(cardDigits)
      .pipe(z.string().regex(/^\d{16}$/, ja.payments.cardNumberInvalid)),
    exp_month: z.coerce
      .number({ error: ja.payments.expiryInvalid })
      .int(ja.payments.expiryInvalid)
      .min(1, ja.payments.expiryInvalid)
      .max(12, ja.payments.expiryInvalid),
    exp_year: z.coerce
      .number({ error: ja.payments.expiryInvalid })
      .int(ja.payments.expiryInvalid)
      .min(2000, ja.payments.expiryInvalid)
      .max(2100, ja.payments.expiryInvalid),
    cvc: z.string({ error: ja.payments.cvcInvalid }).regex(/^\d{3,4}$/, ja.payments.cvcInvalid),
  })
  .strict();

export const testAuthenticationSchema = z.object({
  client_secret: z.string({ error: ja.payments.intentNotFound }).min(1, ja.payments.intentNotFound).max(128),
  result: z.enum(['success', 'failure'], { error: ja.validation.invalidChoice }),
});

/** What the reservation form needs to render the card fields. */
export const GATEWAYS = ['test', 'stripe'] as const;

export const paymentConfigSchema = z.object({ gateway: z.enum(GATEWAYS), publishable_key: z.string().nullable() });
export type PaymentConfig = z.output<typeof paymentConfigSchema>;

export const testTokenSchema = z
  .object({
    id: z.string().min(1),
    card: z.object({
      brand: z.string(),
      last4: z.string().regex(/^\d{4}$/),
      exp_month: z.number().int().min(1).max(12),
      exp_year: z.number().int().min(2000).max(2100),
    }),
  })
  .meta({ id: 'TestToken', description: 'テスト用カードのトークン' });
export type TestToken = z.output<typeof testTokenSchema>;

/** POST /api/v1/payments/test/intents/{id}/authenticate: the intent's status after the answer. */
export const testAuthenticationJsonSchema = z
  .object({ status: z.string() })
  .meta({ id: 'TestAuthentication', description: 'テスト決済の追加認証の結果' });
