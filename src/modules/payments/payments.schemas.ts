// Test-mode card data and the shapes the browser sends to the test gateway. Browser-safe (the card form uses them).
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { cardDigits } from './payments.shared';
import { oneLine, type InputOf } from '#src/lib/isomorphic/validate';

// The test cards, the tokens and the card number helpers live in payments.shared.ts, zod-free for the booking page
//. Re-exported here for the services and the gateway.
export { cardDigits, formatCardNumber, parseExpiry, TEST_CARDS, TEST_TOKENS } from './payments.shared';

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
export type TestCardInput = InputOf<typeof testCardSchema>;

export const testAuthenticationSchema = z.object({
  client_secret: z.string({ error: ja.payments.intentNotFound }).min(1, ja.payments.intentNotFound).max(128).check(oneLine()),
  result: z.enum(['success', 'failure'], { error: ja.validation.invalidChoice }),
});
export type TestAuthenticationInput = InputOf<typeof testAuthenticationSchema>;

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
