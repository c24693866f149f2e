// The monthly statement (支払明細書) as a PDF, from the same values as the CSV (earnings-statement.ts), with the PDF
// kit of src/lib/pdf.ts: the payee, the period, every reservation of the month with its amount, commission and
// earning, the totals with the consumption tax included in the month's commission, each adjustment with its date and
// reason, the balance lines (the month's earnings, the adjustments and the part carried over from earlier months add
// up to the balance at the close; the balance less the fee is the transfer) and the platform as issuer.
// Server-only (no database: the service reads, this draws).
import * as ja from '#src/i18n/ja';
import { formatYmdJa } from '#src/lib/isomorphic/dates';
import { CONSUMPTION_TAX_PERCENT, formatYen } from '#src/lib/isomorphic/money';
import { createPdf, heading, keyValues, paragraph, pdfBuffer, table } from '#src/lib/pdf';
import { feeDeduction, type StatementDocument } from './earnings-statement';

const t = ja.earnings;

export async function renderStatementPdf(d: StatementDocument, createdAt = new Date()): Promise<Buffer> {
  const { rows, totals, adjustments, payout } = d.statement;
  const doc = createPdf({ title: `${t.statementTitle} ${d.month}`, author: d.issuer.name, createdAt, pageNumbers: true });
  heading(doc, t.statementTitle, { size: 20, align: 'center' });
  doc.moveDown(0.4);
  paragraph(doc, `${d.payeeName} ${ja.receipts.honorific}`, { size: 13, bold: true });
  doc.moveDown(0.4);
  keyValues(doc, [
    [t.statementMonth, t.monthLabel(d.month)],
    [t.statementPeriod, `${formatYmdJa(d.periodFrom)} 〜 ${formatYmdJa(d.periodTo)}`],
    [t.statementIssuedOn, formatYmdJa(d.issuedOn)],
  ]);
  doc.moveDown(0.8);
  // The date column is wide enough for the longest date (2026年12月25日) on one line.
  table(doc, {
    columns: [
      { header: t.columns.date, weight: 3 },
      { header: t.columns.experience, weight: 3.4 },
      { header: t.columns.guests, weight: 0.9, align: 'right' },
      { header: t.columns.amount, weight: 2, align: 'right' },
      { header: t.columns.commission, weight: 1.9, align: 'right' },
      { header: t.columns.earning, weight: 2, align: 'right' },
      { header: t.columns.status, weight: 1.5 },
    ],
    rows: rows.map((r) => [
      t.dateWithOthers(formatYmdJa(r.date), r.date_count),
      r.experience_title,
      String(r.guests),
      formatYen(r.amount),
      formatYen(r.commission),
      formatYen(r.earning),
      t.statusText(t.status[r.status], r.cancelled_without_refund),
    ]),
    footer: [t.totals, '', String(totals.guests), formatYen(totals.amount), formatYen(totals.commission), formatYen(totals.earning), ''],
  });
  doc.moveDown(0.2);
  paragraph(doc, t.statementTaxNote(CONSUMPTION_TAX_PERCENT, formatYen(totals.commission_tax)), { size: 9.5 });
  paragraph(doc, t.statementGuestsNote, { size: 9.5 });
  if (adjustments.length > 0) {
    doc.moveDown(0.8);
    paragraph(doc, t.statementAdjustmentsTitle, { bold: true });
    doc.moveDown(0.2);
    table(doc, {
      columns: [
        { header: t.adjustmentColumns.date, weight: 3 },
        { header: t.adjustmentColumns.reason, weight: 8.7 },
        { header: t.adjustmentColumns.amount, weight: 3, align: 'right' },
      ],
      rows: adjustments.map((a) => [formatYmdJa(a.date), a.reason, formatYen(a.amount)]),
      footer: [t.totals, '', formatYen(totals.adjustments)],
    });
  }
  doc.moveDown(0.8);
  const lines: [string, string][] = [[t.statementEarnings, formatYen(totals.earning)]];
  if (adjustments.length > 0) lines.push([t.adjustments, formatYen(totals.adjustments)]);
  if (payout) {
    lines.push([t.statementCarriedIn, formatYen(payout.carried_in)]);
    lines.push([t.statementBalance, formatYen(payout.balance)]);
    if (payout.status === 'payable') {
      lines.push([t.statementFee, formatYen(feeDeduction(payout.fee))]);
      lines.push([t.statementTransfer(formatYmdJa(payout.pay_date)), formatYen(payout.transfer)]);
    } else {
      lines.push([t.statementTransferNone, ja.money.itemStatus[payout.status]]);
    }
  }
  keyValues(doc, lines, { labelWidth: 200 });
  if (!payout) paragraph(doc, t.statementAwaitingPayout, { size: 9.5 });
  doc.moveDown(1.2);
  paragraph(doc, d.issuer.name, { bold: true, align: 'right' });
  paragraph(doc, d.issuer.address, { size: 9.5, align: 'right' });
  paragraph(doc, ja.receipts.registrationNumber(d.issuer.registrationNumber), { size: 9.5, align: 'right' });
  return pdfBuffer(doc);
}
