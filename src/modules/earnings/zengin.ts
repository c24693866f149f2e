// The 全銀協規定フォーマット 総合振込 file (種別コード 21) that internet banking takes for a bulk transfer: a header
// record, one data record per transfer, a trailer with the count and the total, and an end record, each exactly
// 120 bytes, in JIS X 0201 (ASCII digits, upper-case letters and symbols, half-width katakana at 0xA1-0xDF: the
// single-byte part of Shift_JIS), records separated by CR LF. Names are written as toTransferKana
// (earnings.shared.ts) gives them. The layout's field kinds: N (digits, right-aligned, zero-padded, also when the
// field is unused) and C (characters, left-aligned, space-padded). Pure. Server-only.

export const ZENGIN_RECORD_BYTES = 120;

/** JIS X 0201 bytes: printable ASCII as is, half-width katakana U+FF61-U+FF9F at 0xA1-0xDF; anything else throws. */
export function jisX0201(text: string): Buffer {
  const bytes: number[] = [];
  for (const c of text) {
    const code = c.codePointAt(0) ?? 0;
    if (code >= 0x20 && code <= 0x7e) bytes.push(code);
    else if (code >= 0xff61 && code <= 0xff9f) bytes.push(code - 0xff61 + 0xa1);
    else throw new RangeError(`not a JIS X 0201 character: ${c}`);
  }
  return Buffer.from(bytes);
}

/** Left-justified, space-padded, cut to `width` characters (each one byte in JIS X 0201). */
function alpha(value: string, width: number): string {
  return value.slice(0, width).padEnd(width, ' ');
}

/**
 * A name the bank matches (委託者名, 受取人名): left-justified and space-padded like `alpha`, but never blank and never
 * cut, since either would make a transfer the bank refuses or pays to the wrong name.
 */
function name(value: string, width: number, field: string): string {
  if (value.trim() === '') throw new RangeError(`${field} is blank`);
  if (value.length > width) throw new RangeError(`${field} ${value} is longer than ${width} characters`);
  return alpha(value, width);
}

/** Right-justified, zero-padded digits; a value too wide is an error (never a silently wrong amount). */
function num(value: number | string, width: number): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > width) throw new RangeError(`${text} does not fit ${width} digits`);
  return text.padStart(width, '0');
}

const ACCOUNT_TYPE_CODE = { ordinary: '1', checking: '2' } as const;

export interface ZenginHeader {
  /** 委託者コード (10 digits, given by the bank). */
  clientCode: string;
  /** 委託者名, half-width katakana as the bank registered it (never blank). */
  clientName: string;
  /** 取組日 (the transfer date) 'YYYY-MM-DD'. */
  transferDate: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: 'ordinary' | 'checking';
  accountNumber: string;
}

export interface ZenginTransfer {
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: 'ordinary' | 'checking';
  accountNumber: string;
  /** 受取人名, half-width katakana (toTransferKana). */
  holderName: string;
  amount: number;
  /** 顧客コード1 (N(10)): the payee id, so the office can match the bank's result to the payee. */
  customerCode: number;
}

function record(text: string): Buffer {
  const bytes = jisX0201(text);
  if (bytes.length !== ZENGIN_RECORD_BYTES) throw new RangeError(`a record of ${bytes.length} bytes`);
  return bytes;
}

export function headerRecord(h: ZenginHeader): Buffer {
  const mmdd = h.transferDate.slice(5, 7) + h.transferDate.slice(8, 10);
  return record(
    '1' + // データ区分: header
      '21' + // 種別コード: 総合振込
      '0' + // コード区分: JIS
      num(h.clientCode, 10) +
      name(h.clientName, 40, '委託者名') +
      num(mmdd, 4) +
      num(h.bankCode, 4) +
      alpha(h.bankName, 15) +
      num(h.branchCode, 3) +
      alpha(h.branchName, 15) +
      ACCOUNT_TYPE_CODE[h.accountType] +
      num(h.accountNumber, 7) +
      alpha('', 17),
  );
}

export function dataRecord(t: ZenginTransfer): Buffer {
  if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new RangeError(`a transfer of ${t.amount}`);
  return record(
    '2' + // データ区分: data
      num(t.bankCode, 4) +
      alpha(t.bankName, 15) +
      num(t.branchCode, 3) +
      alpha(t.branchName, 15) +
      num(0, 4) + // 手形交換所番号 N(4): unused, zeros
      ACCOUNT_TYPE_CODE[t.accountType] +
      num(t.accountNumber, 7) +
      name(t.holderName, 30, '受取人名') +
      num(t.amount, 10) +
      '0' + // 新規コード N(1): 0 (other)
      num(t.customerCode, 10) + // 顧客コード1 N(10)
      num(0, 10) + // 顧客コード2 N(10): unused, zeros
      '7' + // 振込指定区分 N(1): 電信
      ' ' + // 識別表示 C(1): space, so 顧客コード1/2 are customer codes (Y would make them EDI text)
      alpha('', 7), // ダミー C(7)
  );
}

export function trailerRecord(count: number, total: number): Buffer {
  return record(`8${num(count, 6)}${num(total, 12)}${alpha('', 101)}`);
}

export function endRecord(): Buffer {
  return record(`9${alpha('', 119)}`);
}

const CRLF = Buffer.from('\r\n');

/**
 * The whole file, one record at a time (each followed by CR LF), so a large batch is written as it is produced;
 * the trailer's count and total are summed from the data records it follows.
 */
export function* zenginFile(header: ZenginHeader, transfers: Iterable<ZenginTransfer>): Generator<Buffer> {
  yield Buffer.concat([headerRecord(header), CRLF]);
  let count = 0;
  let total = 0;
  for (const t of transfers) {
    count += 1;
    total += t.amount;
    yield Buffer.concat([dataRecord(t), CRLF]);
  }
  yield Buffer.concat([trailerRecord(count, total), CRLF]);
  yield Buffer.concat([endRecord(), CRLF]);
}
