// The 全銀 総合振込 file against a golden file, byte for byte, and its invariants: every record 120 bytes of JIS X
// 0201, the trailer's count and total equal to the data records, and the names a bank accepts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toTransferKana } from './earnings.shared';
import { jisX0201, zenginFile, ZENGIN_RECORD_BYTES, type ZenginHeader, type ZenginTransfer } from './zengin';

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
    customerCode: '12',
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
    customerCode: '345',
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
    expect(second.slice(91, 101)).toBe('345       ');
    // Trailer: 2 records, ¥1,238,250.
    expect(trailer.slice(0, 19)).toBe('8000002000001238250');
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
