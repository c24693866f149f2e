import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Created, Timestamped } from '#src/lib/base.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';

/**
 * The receipt (領収書) of a paid reservation: at most one per reservation (the unique reservation_id), so however
 * often and however concurrently it is downloaded there is one receipt number, fixed by the first issuance
 * (created_at). Each later download is a re-issue (再発行) of the same number: issued_count counts the downloads,
 * updated_at is the latest; the addressee and 但し書き are the latest ones the guest typed (the form's next values;
 * what each download printed is its ReceiptIssuance).
 */
export const Receipt = defineEntity({
  name: 'Receipt',
  tableName: 'receipts',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    reservation: () => p.manyToOne(Reservation).deleteRule('restrict').unique(),
    /** R and 8 digits of the row's id: sequential in the order of first issuance. */
    number: p.string().length(20).unique(),
    /** 宛名 */
    addressee: p.string().length(100),
    /** 但し書き */
    purpose: p.string().length(100),
    issuedCount: p.integer().default(1),
  },
  checks: [
    { name: 'receipts_issued_count_positive', expression: 'issued_count >= 1' },
    { name: 'receipts_number_format', expression: "number ~ '^R[0-9]{8,}$'" },
  ],
});

export type IReceipt = InferEntity<typeof Receipt>;

/**
 * One issuance of a receipt as it was printed (issue_no 1 the original, then each 再発行): the whole document, so the
 * platform can reproduce any of them (the receipts service's `copy`). Append-only (a trigger refuses UPDATE, DELETE
 * and TRUNCATE) and kept when the guest leaves: the issuer keeps what it issued (docs/decisions/leaving.md).
 */
export const ReceiptIssuance = defineEntity({
  name: 'ReceiptIssuance',
  tableName: 'receipt_issuances',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    receipt: () => p.manyToOne(Receipt).deleteRule('restrict'),
    issueNo: p.integer(),
    /** The printed document (receipt-pdf.ts ReceiptDocument). */
    document: p.json<Record<string, unknown>>(),
  },
  uniques: [{ name: 'receipt_issuances_receipt_id_issue_no_unique', properties: ['receipt', 'issueNo'] }],
  checks: [{ name: 'receipt_issuances_issue_no_positive', expression: 'issue_no >= 1' }],
});

export type IReceiptIssuance = InferEntity<typeof ReceiptIssuance>;
