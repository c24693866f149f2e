// The receipt PDF (領収書) from plain values: what a 適格簡易請求書 must state (the issuer's name and registration
// number, the date of the transaction, what it was for, the tax-included amount and the consumption tax at its
// rate), the addressee the guest typed, the receipt number, 再発行 on every copy after the first, and the refund of a
// cancelled reservation. Server-only (no database: the service reads, this draws).
import * as ja from '#src/i18n/ja';
import { formatYmdJa } from '#src/lib/isomorphic/dates';
import { CONSUMPTION_TAX_PERCENT, consumptionTaxIncluded, formatYen } from '#src/lib/isomorphic/money';
import { contentWidth, createPdf, fitText, keyValues, pdfBuffer, rule, table } from '#src/lib/pdf';
import { PDF_FONT } from '#src/lib/pdf-fonts';
import { writeText } from '#src/lib/pdf-text';

const t = ja.receipts;

export interface ReceiptDocument {
  number: string;
  /** A copy after the first download: marked 再発行. */
  reissue: boolean;
  /** The first issuance's date and this copy's ('yyyy-MM-dd', Japan time). */
  firstIssuedOn: string;
  issuedOn: string;
  addressee: string;
  purpose: string;
  /** What the guest paid (integer yen, tax included). */
  amount: number;
  paidOn: string;
  reservationId: number;
  experienceTitle: string;
  /** The booked slots' dates ('yyyy-MM-dd'). */
  dates: string[];
  /** The refund (refundedOn null while the refund is still being processed). */
  refund: { amount: number; refundedOn: string | null } | null;
  issuer: { name: string; address: string; registrationNumber: string };
  /** The platform's copy of what was issued (the receipts service's `copy`): marked 発行者控え with this date. */
  recordCopyOn?: string;
}

const RED = '#c0392b';

export async function renderReceiptPdf(r: ReceiptDocument, createdAt = new Date()): Promise<Buffer> {
  const doc = createPdf({ title: `${t.title} ${r.number}`, author: r.issuer.name, createdAt });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const right = left + width;

  // Title, and the re-issue mark in a red frame at the top right.
  doc.font(PDF_FONT.bold).fontSize(26).text(t.title, left, 56, { width, align: 'center' });
  if (r.reissue) {
    doc
      .save()
      .lineWidth(1.5)
      .strokeColor(RED)
      .rect(right - 78, 54, 78, 30)
      .stroke()
      .restore();
    doc
      .font(PDF_FONT.bold)
      .fontSize(15)
      .fillColor(RED)
      .text(t.reissued, right - 78, 61, { width: 78, align: 'center' });
    doc.fillColor('#000000');
  }

  // The platform's copy says so above the title, so it is never taken for a receipt handed out.
  if (r.recordCopyOn) {
    doc
      .font(PDF_FONT.regular)
      .fontSize(9)
      .fillColor('#555555')
      .text(t.recordCopy(formatYmdJa(r.recordCopyOn)), left, 36, { width });
    doc.fillColor('#000000');
  }

  // Number and dates on the right, the addressee on the left.
  doc.font(PDF_FONT.regular).fontSize(10);
  const meta = [`${t.numberLabel} ${r.number}`, t.issuedOn(formatYmdJa(r.firstIssuedOn))];
  if (r.reissue) meta.push(t.reissuedOn(formatYmdJa(r.issuedOn)));
  doc.text(meta.join('\n'), right - 200, 110, { width: 200, align: 'right' });
  const addresseeWidth = 290;
  const { height } = fitText(doc, `${r.addressee} ${t.honorific}`, {
    x: left,
    y: 126,
    width: addresseeWidth,
    maxSize: 16,
    minSize: 9,
    bold: true,
  });
  const underline = Math.max(150, 126 + height + 4);
  rule(doc, { y: underline, width: 1 });

  // The amount, large, in a shaded band.
  const bandY = underline + 22;
  doc.save().rect(left, bandY, width, 48).fill('#f2f2f2').restore();
  doc
    .font(PDF_FONT.bold)
    .fontSize(12)
    .text(t.amountLabel, left + 16, bandY + 18);
  doc
    .font(PDF_FONT.bold)
    .fontSize(24)
    .text(t.amountValue(formatYen(r.amount)), left, bandY + 11, { width, align: 'center' });
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .text(t.taxIncludedShort, right - 80, bandY + 20, { width: 64, align: 'right' });

  writeText(doc, t.purposeLine(r.purpose), left, bandY + 62, { size: 11, width });
  doc.text(t.received, left, doc.y + 2, { width });
  doc.moveDown(1.2);

  // The transaction.
  doc.font(PDF_FONT.bold).fontSize(11).text(t.detailsTitle, left, doc.y);
  doc.moveDown(0.4);
  keyValues(doc, [
    [t.paidOn, formatYmdJa(r.paidOn)],
    [t.paymentMethod, t.card],
    [t.reservationNumber, String(r.reservationId)],
    [t.experience, r.experienceTitle],
    [t.experienceDates, r.dates.map(formatYmdJa).join('、')],
  ]);
  doc.moveDown(0.6);

  // The consumption tax at its rate (all of it is at the standard rate).
  const tax = consumptionTaxIncluded(r.amount);
  doc.font(PDF_FONT.bold).fontSize(11).text(t.taxBreakdown, left, doc.y);
  doc.moveDown(0.4);
  table(doc, {
    columns: [
      { header: t.taxRate, weight: 1 },
      { header: t.taxableAmount, weight: 2, align: 'right' },
      { header: t.taxAmount, weight: 2, align: 'right' },
    ],
    rows: [[t.taxRateValue(CONSUMPTION_TAX_PERCENT), formatYen(r.amount), formatYen(tax)]],
  });

  if (r.refund) {
    // The refund states its own tax, and what remains paid after it (the tax of what remains: the difference, so
    // the three lines add up).
    const refundTax = consumptionTaxIncluded(r.refund.amount);
    doc.font(PDF_FONT.bold).fontSize(11).text(t.refundTitle, left, doc.y);
    doc.moveDown(0.4);
    keyValues(doc, [
      [t.refundAmount, formatYen(r.refund.amount)],
      [t.refundTax(CONSUMPTION_TAX_PERCENT), formatYen(refundTax)],
      [t.refundedOn, r.refund.refundedOn ? formatYmdJa(r.refund.refundedOn) : t.refundPending],
      [t.netAmount, formatYen(r.amount - r.refund.amount)],
      [t.netTax(CONSUMPTION_TAX_PERCENT), formatYen(tax - refundTax)],
    ]);
    doc.moveDown(0.6);
  }

  // The issuer, at the bottom right.
  const issuerWidth = 240;
  const issuerY = Math.max(doc.y + 16, 640);
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .fillColor('#555555')
    .text(t.issuer, right - issuerWidth, issuerY, { width: issuerWidth });
  doc
    .fillColor('#000000')
    .font(PDF_FONT.bold)
    .fontSize(12)
    .text(r.issuer.name, right - issuerWidth, doc.y + 2, { width: issuerWidth });
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .text(r.issuer.address, right - issuerWidth, doc.y + 2, { width: issuerWidth });
  doc.text(t.registrationNumber(r.issuer.registrationNumber), right - issuerWidth, doc.y + 2, { width: issuerWidth });
  return pdfBuffer(doc);
}
