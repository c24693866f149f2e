import { describe, expect, it } from 'vitest';
import { parseEnv, EnvError, isInvoiceRegistrationNumber } from './env';

/**
 * What production requires beyond SESSION_SECRET and APP_URL. Test values: T9000000000000 passes the check digit
 * (twelve zeros give 9) and is an obviously made-up number, not a business's.
 */
const issuer = {
  PLATFORM_NAME: 'テスト運営株式会社',
  PLATFORM_ADDRESS: '〒000-0000 テスト県テスト市1-1',
  INVOICE_REGISTRATION_NUMBER: 'T9000000000000',
  PAYOUT_CLIENT_CODE: '9999999999',
  PAYOUT_CLIENT_NAME: 'ﾃｽﾄｳﾝｴｲ(ｶ',
  PAYOUT_BANK_CODE: '9999',
  PAYOUT_BRANCH_CODE: '999',
  PAYOUT_ACCOUNT_NUMBER: '9999999',
};
const production = { NODE_ENV: 'production', ...issuer };
const secrets = { SESSION_SECRET: 'x'.repeat(32), APP_URL: 'https://tabitoko.example' };

function issues(source: Record<string, string>): { variable: string; reason: string }[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.issues;
    throw error;
  }
  return [];
}

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
    expect(parseEnv({ ...production, SESSION_SECRET: 'x'.repeat(32), APP_URL: 'https://tabitoko.example' }).NODE_ENV).toBe('production');
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });

  it('keeps the demo issuer and transfer-file defaults outside production', () => {
    const env = parseEnv({});
    expect([env.PLATFORM_NAME, env.PLATFORM_ADDRESS, env.INVOICE_REGISTRATION_NUMBER]).toEqual([
      '株式会社たびとこ',
      '〒100-0005 東京都千代田区丸の内1-1-1',
      'T7123456789012',
    ]);
    expect([
      env.PAYOUT_CLIENT_CODE,
      env.PAYOUT_CLIENT_NAME,
      env.PAYOUT_BANK_CODE,
      env.PAYOUT_BRANCH_CODE,
      env.PAYOUT_ACCOUNT_NUMBER,
    ]).toEqual(['0000000000', 'ﾀﾋﾞﾄｺ(ｶ', '0001', '001', '1234567']);
  });

  it('refuses production without the issuer and transfer-file variables, naming every one missing', () => {
    expect(issues({ NODE_ENV: 'production', ...secrets })).toEqual([
      {
        variable: 'PLATFORM_NAME',
        reason: 'required in production (the issuer name printed on receipts and statements; the default is a demo value)',
      },
      {
        variable: 'PLATFORM_ADDRESS',
        reason: 'required in production (the issuer address printed on receipts and statements; the default is a demo value)',
      },
      {
        variable: 'INVOICE_REGISTRATION_NUMBER',
        reason:
          "required in production (the platform's own インボイス登録番号 printed on receipts and statements; the default is a demo value)",
      },
      {
        variable: 'PAYOUT_CLIENT_CODE',
        reason: 'required in production (the 委託者コード the bank gave for the transfer file; the default is a demo value)',
      },
      {
        variable: 'PAYOUT_CLIENT_NAME',
        reason: 'required in production (the 委託者名 in kana as the bank registered it; the default is a demo value)',
      },
      {
        variable: 'PAYOUT_BANK_CODE',
        reason: "required in production (the paying account's bank code in the transfer file; the default is a demo value)",
      },
      {
        variable: 'PAYOUT_BRANCH_CODE',
        reason: "required in production (the paying account's branch code in the transfer file; the default is a demo value)",
      },
      {
        variable: 'PAYOUT_ACCOUNT_NUMBER',
        reason: "required in production (the paying account's number in the transfer file; the default is a demo value)",
      },
    ]);
    const { PAYOUT_CLIENT_CODE: _, ...withoutClientCode } = production;
    expect(issues({ ...withoutClientCode, ...secrets }).map((i) => i.variable)).toEqual(['PAYOUT_CLIENT_CODE']);
    // Set explicitly to the demo number: refused all the same.
    expect(issues({ ...production, ...secrets, INVOICE_REGISTRATION_NUMBER: 'T7123456789012' })).toEqual([
      { variable: 'INVOICE_REGISTRATION_NUMBER', reason: "T7123456789012 is the demo number; set the platform's own" },
    ]);
    const env = parseEnv({ ...production, ...secrets });
    expect([env.PLATFORM_NAME, env.INVOICE_REGISTRATION_NUMBER, env.PAYOUT_CLIENT_CODE]).toEqual([
      'テスト運営株式会社',
      'T9000000000000',
      '9999999999',
    ]);
  });

  it('takes PAYOUT_CLIENT_NAME only as kana, written as the file writes it', () => {
    expect(parseEnv({ PAYOUT_CLIENT_NAME: 'タビトコ（カ' }).PAYOUT_CLIENT_NAME).toBe('ﾀﾋﾞﾄｺ(ｶ');
    expect(parseEnv({ PAYOUT_CLIENT_NAME: 'ｶ)ﾀﾋﾞﾄｺ' }).PAYOUT_CLIENT_NAME).toBe('ｶ)ﾀﾋﾞﾄｺ');
    const kanaRule =
      'PAYOUT_CLIENT_NAME must be the 委託者名 in kana as the bank registered it (half-width katakana, e.g. ﾀﾋﾞﾄｺ(ｶ); kanji cannot be written in the transfer file';
    expect(issues({ PAYOUT_CLIENT_NAME: '株式会社たびとこ' })).toEqual([{ variable: 'PAYOUT_CLIENT_NAME', reason: kanaRule }]);
    expect(issues({ PAYOUT_CLIENT_NAME: ' ' })).toEqual([{ variable: 'PAYOUT_CLIENT_NAME', reason: kanaRule }]);
    // ガ is two half-width characters (ｶﾞ): 21 of them are 42.
    expect(issues({ PAYOUT_CLIENT_NAME: 'ガ'.repeat(21) })).toEqual([
      {
        variable: 'PAYOUT_CLIENT_NAME',
        reason: `PAYOUT_CLIENT_NAME is 42 characters as half-width kana (${'ｶﾞ'.repeat(21)}); the file holds 40`,
      },
    ]);
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
