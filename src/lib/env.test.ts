import { describe, expect, it } from 'vitest';
import { parseEnv, EnvError, isInvoiceRegistrationNumber } from './env';

describe('parseEnv', () => {
  it('applies defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SERVICE_FEE_RATE).toBe(0.05);
    expect(env.DATABASE_POOL_MAX).toBe(6);
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => parseEnv({ DATABASE_POOL_MAX: '2.5' })).toThrow(/DATABASE_POOL_MAX/);
    expect(parseEnv({ DATABASE_POOL_MAX: '12' }).DATABASE_POOL_MAX).toBe(12);
  });

  it('requires SESSION_SECRET in production and the publishable key with the Stripe secret', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), APP_URL: 'https://tabitoko.example' }).NODE_ENV).toBe(
      'production',
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('checks the インボイス登録番号 with its check digit', () => {
    // Published numbers: the National Tax Agency (7000012050002) and Toyota Motor Corporation (1180301018771).
    expect(isInvoiceRegistrationNumber('T7000012050002')).toBe(true);
    expect(isInvoiceRegistrationNumber('T1180301018771')).toBe(true);
    // The demo default: 9 - ((2+2+0+18+8+14+6+10+4+6+2+2) mod 9) = 9 - 2 = 7.
    expect(isInvoiceRegistrationNumber('T7123456789012')).toBe(true);
    // A sum that is a multiple of 9 gives 9.
    expect(isInvoiceRegistrationNumber('T9000000000000')).toBe(true);
    expect(isInvoiceRegistrationNumber('T8000012050002')).toBe(false);
    expect(isInvoiceRegistrationNumber('T7000012050003')).toBe(false);
    expect(isInvoiceRegistrationNumber('7000012050002')).toBe(false);
    expect(isInvoiceRegistrationNumber('T700001205000')).toBe(false);
    expect(isInvoiceRegistrationNumber('t7000012050002')).toBe(false);
    expect(parseEnv({}).INVOICE_REGISTRATION_NUMBER).toBe('T7123456789012');
    expect(parseEnv({ INVOICE_REGISTRATION_NUMBER: 'T1180301018771' }).INVOICE_REGISTRATION_NUMBER).toBe('T1180301018771');
    expect(() => parseEnv({ INVOICE_REGISTRATION_NUMBER: 'T1180301018772' })).toThrow(/INVOICE_REGISTRATION_NUMBER/);
    expect(() => parseEnv({ PLATFORM_NAME: ' ' })).toThrow(/PLATFORM_NAME/);
  });
});
