// The monthly statement (支払明細書) as a PDF, from plain values, with the PDF kit of src/lib/pdf.ts: the payee, the
// period, every reservation of the month with its amount, commission and earning, the totals with the consumption
// tax included in the commission, the month's adjustments and the payout it led to, and the platform as issuer.
// Server-only (no database: the service reads, this draws).
import * as ja from '#src/i18n/ja';
import { formatYmdJa } from '#src/lib/isomorphic/dates';
import { CONSUMPTION_TAX_PERCENT, formatYen } from '#src/lib/isomorphic/money';
import { createPdf, heading, keyValues, paragraph, pdfBuffer, table } from '#src/lib/pdf';
import type { EarningRowJson } from './earnings.schemas';

const t = ja.earnings;

export interface StatementDocument {
  payeeName: string;
  month: string;
  periodFrom: string;
  periodTo: string;
  rows: (EarningRowJson & { commission_tax: number })[];
  adjustments: number;
  /** The payout of this month's close, when it was prepared. */
  payout: { payDate: string; balance: number; fee: number; transfer: number; status: 'payable' | 'carried_over' | 'blocked' } | null;
  issuer: { name: string; address: string; registrationNumber: string };
}

export async function renderStatementPdf(s: StatementDocument, createdAt = new Date()): Promise<Buffer> {
  const doc = createPdf({ title: `${t.statementTitle} ${s.month}`, author: s.issuer.name, createdAt, pageNumbers: true });
  heading(doc, t.statementTitle, { size: 20, align: 'center' });
  doc.moveDown(0.4);
  paragraph(doc, `${s.payeeName} ${ja.receipts.honorific}`, { size: 13, bold: true });
  doc.moveDown(0.4);
  keyValues(doc, [
    [t.statementMonth, t.monthLabel(s.month)],
    [t.statementPeriod, `${formatYmdJa(s.periodFrom)} 〜 ${formatYmdJa(s.periodTo)}`],
    [t.statementIssuedOn, formatYmdJa(createdAt.toISOString().slice(0, 10))],
  ]);
  doc.moveDown(0.8);
  const sum = (f: (r: StatementDocument['rows'][number]) => number) => s.rows.reduce((total, r) => total + f(r), 0);
  table(doc, {
    columns: [
      { header: t.columns.date, weight: 2.6 },
      { header: t.columns.experience, weight: 3.6 },
      { header: t.columns.guests, weight: 1, align: 'right' },
      { header: t.columns.amount, weight: 2, align: 'right' },
      { header: t.columns.commission, weight: 2, align: 'right' },
      { header: t.columns.earning, weight: 2, align: 'right' },
      { header: t.columns.status, weight: 1.5 },
    ],
    rows: s.rows.map((r) => [
      t.dateWithOthers(formatYmdJa(r.date), r.date_count),
      r.experience_title,
      String(r.guests),
      formatYen(r.amount),
      formatYen(r.commission),
      formatYen(r.earning),
      t.statusText(t.status[r.status], r.cancelled_without_refund),
    ]),
    footer: [
      t.totals,
      '',
      String(sum((r) => r.guests)),
      formatYen(sum((r) => r.amount)),
      formatYen(sum((r) => r.commission)),
      formatYen(sum((r) => r.earning)),
      '',
    ],
  });
  doc.moveDown(0.6);
  paragraph(doc, t.statementTaxNote(CONSUMPTION_TAX_PERCENT, formatYen(sum((r) => r.commission_tax))), { size: 9.5 });
  doc.moveDown(0.8);
  const lines: [string, string][] = [[t.statementEarnings, formatYen(sum((r) => r.earning))]];
  if (s.adjustments !== 0) lines.push([t.adjustments, formatYen(s.adjustments)]);
  if (s.payout) {
    lines.push([t.statementBalance, formatYen(s.payout.balance)]);
    if (s.payout.status === 'payable') {
      lines.push([ja.money.itemColumns.fee, formatYen(s.payout.fee)]);
      lines.push([t.statementTransfer(formatYmdJa(s.payout.payDate)), formatYen(s.payout.transfer)]);
    } else {
      lines.push([t.statementTransferNone, ja.money.itemStatus[s.payout.status]]);
    }
  }
  keyValues(doc, lines, { labelWidth: 200 });
  doc.moveDown(1.2);
  paragraph(doc, s.issuer.name, { bold: true, align: 'right' });
  paragraph(doc, s.issuer.address, { size: 9.5, align: 'right' });
  paragraph(doc, ja.receipts.registrationNumber(s.issuer.registrationNumber), { size: 9.5, align: 'right' });
  return pdfBuffer(doc);
}
