// The receipt form (宛名 and 但し書き) and the receipt's state as the reservation page and the API show it.
// Isomorphic.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { countJson, dateTimeJson, idJson, optionalText, requiredText, type InputOf } from '#src/lib/isomorphic/validate';
import { ADDRESSEE_MAX, PURPOSE_MAX } from './receipts.shared';

export { ADDRESSEE_MAX, PURPOSE_MAX };

/**
 * POST /api/v1/reservations/{id}/receipt: the addressee (required) and the 但し書き (empty: 体験料として; left out:
 * the one stored by the last issue, else 体験料として), each one printed line (a line break or a tab would break it).
 */
export const receiptRequestSchema = z.object({
  addressee: requiredText(ja.receipts.addresseeRequired, ja.receipts.addresseeTooLong, ADDRESSEE_MAX).meta({
    description: `宛名（${ADDRESSEE_MAX}文字以内）`,
  }),
  purpose: optionalText(ja.receipts.purposeTooLong, PURPOSE_MAX).meta({
    description: '但し書き（40文字以内。空欄は「体験料として」、省略時は前回の但し書き、初回は「体験料として」）',
  }),
});
export type ReceiptRequestInput = InputOf<typeof receiptRequestSchema>;

/** The platform's copy of an issued receipt (CLI receipt-copy): its number, and the issuance (default: the latest). */
export const receiptCopySchema = z.object({
  number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^R[0-9]{8,}$/, { error: ja.receipts.numberInvalid }),
  issue_no: z.coerce
    .number({ error: ja.receipts.issueNoInvalid })
    .int({ error: ja.receipts.issueNoInvalid })
    .min(1, { error: ja.receipts.issueNoInvalid })
    .max(1_000_000, { error: ja.receipts.issueNoInvalid })
    .optional(),
});
export type ReceiptCopyInput = InputOf<typeof receiptCopySchema>;

export interface ReceiptState {
  reservation_id: number;
  /** Whether a receipt can be issued (a paid reservation). */
  available: boolean;
  /** Why not, in Japanese (null when available). */
  reason: string | null;
  /** The receipt number once issued (fixed by the first issuance). */
  number: string | null;
  /** How many times it was downloaded (0: never; from 1 on, the next download is a re-issue). */
  issued_count: number;
  first_issued_at: string | null;
  /** What the form starts with: the last addressee used, else the guest's name. */
  addressee: string;
  /** The last 但し書き used, else 体験料として. */
  purpose: string;
  /** Whether the receipt shows a refund. */
  refunded: boolean;
}

export const receiptStateJsonSchema = z
  .object({
    reservation_id: idJson(),
    available: z.boolean(),
    reason: z.string().nullable(),
    number: z.string().nullable(),
    issued_count: countJson(),
    first_issued_at: dateTimeJson().nullable(),
    addressee: z.string(),
    purpose: z.string(),
    refunded: z.boolean(),
  })
  .meta({ id: 'ReceiptState', description: '予約の領収書の状態（本人のみ）' }) satisfies z.ZodType<ReceiptState>;
