// The 全銀 総合振込 file against a golden file, byte for byte, and its invariants: every record 120 bytes of JIS X
// 0201, the trailer's count and total equal to the data records, and the names a bank accepts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '#src/lib/env';
import { toTransferKana } from './earnings.shared';
import { createBankFileAdapter } from './payout-adapters';
import { dataRecord, headerRecord, jisX0201, zenginFile, ZENGIN_RECORD_BYTES, type ZenginHeader, type ZenginTransfer } from './zengin';

const header: ZenginHeader = {
  clientCode: '1234567890',
  clientName: 'ﾀﾋﾞﾄｺ(ｶ',
  transferDate: '2026-11-30',
  bankCode: '0001',
  bankName: 'ﾐｽﾞﾎ',
  branchCode: '001',
  branchName: 'ﾄｳｷﾖｳ',
  accountType: 'ordinary',
  accountNumber: '1234567',
};

const transfers: ZenginTransfer[] = [
  {
    bankCode: '0005',
    bankName: 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ',
    branchCode: '123',
    branchName: 'ｼﾌﾞﾔ',
    accountType: 'ordinary',
    accountNumber: '0012345',
    holderName: 'ﾔﾏﾀﾞ ﾊﾅｺ',
    amount: 38250,
    customerCode: 12,
  },
  {
    bankCode: '0009',
    bankName: 'ﾐﾂｲｽﾐﾄﾓ',
    branchCode: '456',
    branchName: 'ｷﾖｳﾄ',
    accountType: 'checking',
    accountNumber: '7654321',
    holderName: 'ｶ)ｽｽﾞｷｺｳﾎﾞｳ',
    amount: 1200000,
    customerCode: 345,
  },
];

const GOLDEN = new URL('../../../tests/golden/zengin-sogo-furikomi.txt', import.meta.url);

function build(): Buffer {
  return Buffer.concat([...zenginFile(header, transfers)]);
}

describe('the 全銀 総合振込 file', () => {
  it('equals the golden file byte for byte', () => {
    expect(build().equals(readFileSync(GOLDEN))).toBe(true);
  });

  it('has header, data, trailer and end records of exactly 120 bytes each, separated by CR LF', () => {
    const file = build();
    const records = file.toString('latin1').split('\r\n');
    expect(records.pop()).toBe('');
    expect(records.map((r) => r[0])).toEqual(['1', '2', '2', '8', '9']);
    for (const r of records) expect(Buffer.byteLength(r, 'latin1')).toBe(ZENGIN_RECORD_BYTES);
    expect(file.length).toBe(5 * 122);
  });

  it('is JIS X 0201: half-width katakana as single bytes 0xA1-0xDF, nothing above 0xDF', () => {
    const file = build();
    expect([...file].every((b) => b === 0x0d || b === 0x0a || (b >= 0x20 && b <= 0x7e) || (b >= 0xa1 && b <= 0xdf))).toBe(true);
    // The same bytes read as Shift_JIS give the names back.
    const text = new TextDecoder('shift_jis').decode(file);
    expect(text).toContain('ﾔﾏﾀﾞ ﾊﾅｺ');
    expect(text).toContain('ｶ)ｽｽﾞｷｺｳﾎﾞｳ');
  });

  it('lays out the fields where the format puts them', () => {
    const [head, first, second, trailer] = new TextDecoder('shift_jis').decode(build()).split('\r\n');
    expect(head.slice(0, 4)).toBe('1210'); // data kind, 総合振込, JIS
    expect(head.slice(4, 14)).toBe('1234567890');
    expect(head.slice(54, 58)).toBe('1130'); // 取組日 MMDD
    expect(head.slice(58, 62)).toBe('0001');
    expect(head.slice(77, 80)).toBe('001');
    expect(head.slice(95, 103)).toBe('11234567'); // 普通 + 口座番号
    expect(first.slice(1, 5)).toBe('0005');
    expect(first.slice(20, 23)).toBe('123');
    expect(first.slice(42, 50)).toBe('10012345');
    expect(first.slice(80, 90)).toBe('0000038250');
    expect(second.slice(42, 50)).toBe('27654321'); // 当座
    expect(second.slice(80, 90)).toBe('0001200000');
    expect(second.slice(91, 101)).toBe('0000000345'); // 顧客コード1 N(10)
    // Trailer: 2 records, ¥1,238,250.
    expect(trailer.slice(0, 19)).toBe('8000002000001238250');
  });

  it('writes a data record exactly as the 全銀協 layout defines it, N fields zero-padded even when unused', () => {
    const record = new TextDecoder('shift_jis').decode(dataRecord(transfers[0]));
    expect(record).toBe(
      '20005ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ  123ｼﾌﾞﾔ           000010012345ﾔﾏﾀﾞ ﾊﾅｺ                      00000382500000000001200000000007        ',
    );
    // The same record field by field (name, kind and width as the layout gives them).
    const fields = [
      ['データ区分 N(1)', 1],
      ['被仕向銀行番号 N(4)', 4],
      ['被仕向銀行名 C(15)', 15],
      ['被仕向支店番号 N(3)', 3],
      ['被仕向支店名 C(15)', 15],
      ['手形交換所番号 N(4)', 4],
      ['預金種目 N(1)', 1],
      ['口座番号 N(7)', 7],
      ['受取人名 C(30)', 30],
      ['振込金額 N(10)', 10],
      ['新規コード N(1)', 1],
      ['顧客コード1 N(10)', 10],
      ['顧客コード2 N(10)', 10],
      ['振込指定区分 N(1)', 1],
      ['識別表示 C(1)', 1],
      ['ダミー C(7)', 7],
    ] as const;
    let at = 0;
    const split: Record<string, string> = {};
    for (const [field, width] of fields) {
      split[field] = record.slice(at, at + width);
      at += width;
    }
    expect(at).toBe(120);
    expect(split).toEqual({
      'データ区分 N(1)': '2',
      '被仕向銀行番号 N(4)': '0005',
      '被仕向銀行名 C(15)': 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ  ',
      '被仕向支店番号 N(3)': '123',
      '被仕向支店名 C(15)': 'ｼﾌﾞﾔ           ',
      '手形交換所番号 N(4)': '0000',
      '預金種目 N(1)': '1',
      '口座番号 N(7)': '0012345',
      '受取人名 C(30)': 'ﾔﾏﾀﾞ ﾊﾅｺ                      ',
      '振込金額 N(10)': '0000038250',
      '新規コード N(1)': '0',
      '顧客コード1 N(10)': '0000000012',
      '顧客コード2 N(10)': '0000000000',
      '振込指定区分 N(1)': '7',
      '識別表示 C(1)': ' ',
      'ダミー C(7)': '       ',
    });
  });

  it('writes the header record exactly as the layout defines it', () => {
    expect(new TextDecoder('shift_jis').decode(headerRecord(header))).toBe(
      '12101234567890ﾀﾋﾞﾄｺ(ｶ                                 11300001ﾐｽﾞﾎ           001ﾄｳｷﾖｳ          11234567                 ',
    );
  });

  it('refuses a blank or too long 委託者名 or 受取人名 rather than write blanks or cut a name', () => {
    expect(() => headerRecord({ ...header, clientName: '' })).toThrow('委託者名 is blank');
    expect(() => headerRecord({ ...header, clientName: '   ' })).toThrow('委託者名 is blank');
    expect(() => headerRecord({ ...header, clientName: 'ｱ'.repeat(41) })).toThrow(
      `委託者名 ${'ｱ'.repeat(41)} is longer than 40 characters`,
    );
    expect(() => dataRecord({ ...transfers[0], holderName: '' })).toThrow('受取人名 is blank');
    expect(() => dataRecord({ ...transfers[0], holderName: 'ｱ'.repeat(31) })).toThrow(
      `受取人名 ${'ｱ'.repeat(31)} is longer than 30 characters`,
    );
    expect(() => dataRecord({ ...transfers[0], customerCode: 12_345_678_901 })).toThrow('12345678901 does not fit 10 digits');
  });

  it('refuses an amount that does not fit, a zero transfer and a character outside JIS X 0201', () => {
    expect(() => Buffer.concat([...zenginFile(header, [{ ...transfers[0], amount: 0 }])])).toThrow(RangeError);
    expect(() => Buffer.concat([...zenginFile(header, [{ ...transfers[0], amount: 10_000_000_000 }])])).toThrow(RangeError);
    expect(() => jisX0201('山田')).toThrow(RangeError);
  });
});

describe('toTransferKana (the characters a transfer allows)', () => {
  it('turns full-width katakana and hiragana into half-width katakana with separate voicing marks', () => {
    expect(toTransferKana('ヤマダ　ハナコ')).toBe('ﾔﾏﾀﾞ ﾊﾅｺ');
    expect(toTransferKana('やまだ はなこ')).toBe('ﾔﾏﾀﾞ ﾊﾅｺ');
    expect(toTransferKana('ﾔﾏﾀﾞ ﾊﾅｺ')).toBe('ﾔﾏﾀﾞ ﾊﾅｺ');
    expect(toTransferKana('パン')).toBe('ﾊﾟﾝ');
  });
  it('makes small kana large, long vowels dashes and letters upper case', () => {
    expect(toTransferKana('キッチン ジョー')).toBe('ｷﾂﾁﾝ ｼﾞﾖ-');
    expect(toTransferKana('ｶ)ｽｽﾞｷ ａｂｃ')).toBe('ｶ)ｽｽﾞｷ ABC');
  });
  it('refuses kanji and symbols no bank allows', () => {
    expect(toTransferKana('山田花子')).toBeNull();
    expect(toTransferKana('ヤマダ＠')).toBeNull();
  });
});

describe('the bank-file adapter', () => {
  const names = { bank: () => 'ﾐｽﾞﾎ', branch: () => 'ﾄｳｷﾖｳ' };
  const line = {
    payeeId: 4,
    amount: 8500,
    account: { bankCode: '0005', branchCode: '123', accountType: 'ordinary', accountNumber: '0012345', holderName: 'ﾔﾏﾀﾞ ﾊﾅｺ' },
  } as const;

  it('writes the configured 委託者名 and the payee id as 顧客コード1', () => {
    const env = parseEnv({ PAYOUT_CLIENT_CODE: '1234567890', PAYOUT_CLIENT_NAME: 'タビトコ（カ' });
    const file = createBankFileAdapter(env, names).exportFile({ month: '2026-08', payDate: '2026-09-30' }, [line]);
    const [head, data] = new TextDecoder('shift_jis').decode(Buffer.concat([...(file?.chunks ?? [])])).split('\r\n');
    expect(head.slice(14, 54)).toBe('ﾀﾋﾞﾄｺ(ｶ'.padEnd(40, ' '));
    expect(data.slice(91, 101)).toBe('0000000004');
  });

  it('throws rather than write a blank 委託者名 for a name with no kana form', () => {
    // An env the boot would refuse (src/lib/env.ts), built by hand.
    const env = { ...parseEnv({}), PAYOUT_CLIENT_NAME: '株式会社たびとこ' };
    expect(() => createBankFileAdapter(env, names).exportFile({ month: '2026-08', payDate: '2026-09-30' }, [line])).toThrow(
      'PAYOUT_CLIENT_NAME has no kana form for the transfer file: 株式会社たびとこ',
    );
  });
});
