// The monthly statement (支払明細書) as CSV, from the same values as the PDF (earnings-statement.ts). The header row
// is the first line, so accounting software imports the file as one table; every record has the same columns, and
// `区分` says what it is: one 予約 per reservation, then the summary records in the order the PDF prints them (合計,
// 消費税, each 調整, 前月からの繰越, 確定残高, 振込手数料, お振込額) and the document's facts (支払先, 対象月, 対象期間,
// 発行日, 発行者). Amounts are integer yen without separators; the お受取額 column of 合計, 調整 and 前月からの繰越 adds
// up to 確定残高, and 確定残高 plus 振込手数料 (negative: deducted) is お振込額. UTF-8 with a byte order mark and CRLF
// for Excel; text cells are guarded against formulas (src/lib/csv.ts). Server-only.
import * as ja from '#src/i18n/ja';
import { csvRecord, UTF8_BOM } from '#src/lib/csv';
import { CONSUMPTION_TAX_PERCENT } from '#src/lib/isomorphic/money';
import { feeDeduction, type StatementDocument } from './earnings-statement';

const e = ja.earnings;
const k = e.csvKind;

type Cell = string | number | null;

/** A summary record: its kind, a date, a text and an amount in the お受取額 column. */
function summary(kind: string, fields: { date?: string; text?: string; earning?: number | null; status?: string }): Cell[] {
  return [kind, null, fields.date ?? null, fields.text ?? null, null, null, null, fields.earning ?? null, fields.status ?? null];
}

export function renderStatementCsv(d: StatementDocument): string {
  const { rows, totals, adjustments, payout } = d.statement;
  const records: Cell[][] = [[...e.csvHeader]];
  for (const r of rows) {
    records.push([
      k.reservation,
      r.reservation_id,
      e.dateWithOthers(r.date, r.date_count),
      r.experience_title,
      r.guests,
      r.amount,
      r.commission,
      r.earning,
      e.statusText(e.status[r.status], r.cancelled_without_refund),
    ]);
  }
  records.push([k.totals, null, null, null, totals.guests, totals.amount, totals.commission, totals.earning, null]);
  records.push([k.tax, null, null, e.csvTaxNote(CONSUMPTION_TAX_PERCENT), null, null, totals.commission_tax, null, null]);
  for (const a of adjustments) records.push(summary(k.adjustment, { date: a.date, text: a.reason, earning: a.amount }));
  if (payout) {
    records.push(summary(k.carriedIn, { earning: payout.carried_in }));
    records.push(summary(k.balance, { date: d.periodTo, earning: payout.balance }));
    if (payout.status === 'payable') {
      records.push(summary(k.fee, { earning: feeDeduction(payout.fee) }));
      records.push(summary(k.transfer, { date: payout.pay_date, earning: payout.transfer }));
    } else {
      records.push(summary(k.transfer, { earning: 0, status: ja.money.itemStatus[payout.status] }));
    }
  }
  records.push(summary(k.payee, { text: d.payeeName }));
  records.push(summary(k.month, { text: e.monthLabel(d.month) }));
  records.push(summary(k.period, { text: `${d.periodFrom}〜${d.periodTo}` }));
  records.push(summary(k.issuedOn, { date: d.issuedOn }));
  records.push(summary(k.issuer, { text: d.issuer.name }));
  records.push(summary(k.issuerAddress, { text: d.issuer.address }));
  records.push(summary(k.registrationNumber, { text: d.issuer.registrationNumber }));
  return UTF8_BOM + records.map((cells) => csvRecord(cells, '\r\n')).join('');
}
