import { describe, expect, it } from 'vitest';
import { parseEnv, EnvError } from './env';

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
});
