import { describe, expect, it } from 'vitest';
import { fieldMessages } from '#src/lib/isomorphic/validate';
import { bankAccountInputSchema } from './earnings.schemas';

describe('bankAccountInputSchema (the bank account form and PUT /api/v1/host/bank-account)', () => {
  it('reports every invalid field at once, a holder name a transfer cannot carry included', () => {
    const parsed = bankAccountInputSchema.safeParse({
      bank_code: '12',
      branch_code: 'x',
      account_type: 'ordinary',
      account_number: '12345678',
      holder_name: '山田太郎',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error && fieldMessages(parsed.error)).toEqual({
      bank_code: ['銀行コードは4桁の数字で入力してください'],
      branch_code: ['支店コードは3桁の数字で入力してください'],
      account_number: ['口座番号は7桁以内の数字で入力してください'],
      holder_name: ['口座名義はカタカナ・英大文字・数字と ( ) . - / で入力してください'],
    });
  });

  it('gives the holder name as a transfer file carries it', () => {
    const parsed = bankAccountInputSchema.parse({
      bank_code: '0001',
      branch_code: '001',
      account_type: 'ordinary',
      account_number: '1234567',
      holder_name: 'やまだ　はなこ',
    });
    expect(parsed.holder_name).toBe('ﾔﾏﾀﾞ ﾊﾅｺ');
  });

  it('takes full-width digits (as Japanese IMEs type them) as half-width ones, and drops the spaces around them', () => {
    const parsed = bankAccountInputSchema.parse({
      bank_code: '０００１',
      branch_code: ' ００１　',
      account_type: 'ordinary',
      account_number: '１２３４５６７',
      holder_name: 'ヤマダ ハナコ',
    });
    expect([parsed.bank_code, parsed.branch_code, parsed.account_number]).toEqual(['0001', '001', '1234567']);
    const refused = bankAccountInputSchema.safeParse({
      bank_code: '０００',
      branch_code: '０-１',
      account_type: 'ordinary',
      account_number: '１２３４５６７８',
      holder_name: 'ヤマダ ハナコ',
    });
    expect(refused.error && fieldMessages(refused.error)).toEqual({
      bank_code: ['銀行コードは4桁の数字で入力してください'],
      branch_code: ['支店コードは3桁の数字で入力してください'],
      account_number: ['口座番号は7桁以内の数字で入力してください'],
    });
  });
});
