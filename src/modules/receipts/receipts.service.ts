// Guests' receipts (領収書): the state the reservation page shows (GET /api/v1/reservations/{id}/receipt) and the
// PDF (POST /api/v1/reservations/{id}/receipt). A receipt exists for a reservation that was paid (confirmed_at set,
// amount above zero), whatever happened to it after: a cancelled one prints its refund. The first download fixes the
// receipt number; every later one is the same number marked 再発行. Anyone else's reservation is the reservation's 404.
import type { FileAnswer } from '#src/lib/file-answer';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import { requireAdmin, requireUser, type Ctx } from '#src/lib/context';
import { ConflictError, NotFoundError, ValidationError, type FieldMessages } from '#src/lib/isomorphic/errors';
import { idFrom, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import { todayInJapan } from '#src/lib/isomorphic/dates';
import { transaction } from '#src/lib/transaction';
import * as ja from '#src/i18n/ja';
import { reservationForReceipt, type ReservationForReceipt } from '#src/modules/reservations/reservations.repository';
import { Receipt, ReceiptIssuance } from './receipts.entity';
import {
  receiptCopySchema,
  receiptRequestSchema,
  type ReceiptRequestInput,
  type ReceiptState,
  type ReceiptCopyInput,
} from './receipts.schemas';
import type { ReceiptDocument } from './receipt-pdf';

export interface ReceiptsDeps {
  env: Pick<Env, 'PLATFORM_NAME' | 'PLATFORM_ADDRESS' | 'INVOICE_REGISTRATION_NUMBER'>;
}

const reservationNotFound = () => new NotFoundError(ja.reservations.reservationNotFound, 'reservation');

/** Why a reservation has no receipt (null: it has one). */
/**
 * The typed fields with characters neither of the PDF's faces can draw (each would print as an empty box; 𠮷 and the
 * other kanji BIZ UDPGothic lacks print in the fallback face). The PDF kit (and its fonts) loads with the first
 * receipt asked for, as `draw` does, not when the server or the CLI starts.
 */
async function unprintable(fields: Record<string, string | null | undefined>): Promise<FieldMessages> {
  const { charactersWithoutGlyph } = await import('#src/lib/pdf-fonts');
  const messages: FieldMessages = {};
  for (const [field, value] of Object.entries(fields)) {
    // Invisible ones (a joiner, a variation selector) are named by their code point.
    const missing = charactersWithoutGlyph(value ?? '').map((c) =>
      /[\p{L}\p{N}\p{S}\p{P}]/u.test(c) ? c : `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`,
    );
    if (missing.length > 0) messages[field] = [ja.receipts.unprintable(missing.join(' '))];
  }
  return messages;
}

/** What a receipt prints of its reservation (the amounts, dates and refund as they are when it is drawn). */
function printedReservation(r: ReservationForReceipt) {
  return {
    amount: r.totalAmount,
    paidOn: todayInJapan(r.confirmedAt ?? new Date()),
    reservationId: r.id,
    experienceTitle: r.experienceTitle,
    dates: r.dates,
    refund: r.refund ? { amount: r.refund.amount, refundedOn: r.refund.succeededAt ? todayInJapan(r.refund.succeededAt) : null } : null,
  };
}

/** Draws a receipt; the PDF kit loads with the first one, not when the server or the CLI starts. */
async function draw(document: ReceiptDocument, now: Date): Promise<Buffer> {
  const { renderReceiptPdf } = await import('./receipt-pdf');
  return renderReceiptPdf(document, now);
}

function unavailableReason(r: ReservationForReceipt): string | null {
  if (!r.confirmedAt) return ja.receipts.notPaid;
  if (r.totalAmount <= 0) return ja.receipts.nothingPaid;
  return null;
}

export function createReceiptsService(deps: ReceiptsDeps) {
  const issuer = {
    name: deps.env.PLATFORM_NAME,
    address: deps.env.PLATFORM_ADDRESS,
    registrationNumber: deps.env.INVOICE_REGISTRATION_NUMBER,
  };

  /** The caller's own reservation as the receipt reads it, or the reservation's 404. */
  async function ownReservation(ctx: Ctx, input: { id: IdInput }): Promise<ReservationForReceipt> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', reservationNotFound);
    const r = await reservationForReceipt(ctx.em, id);
    if (!r || r.userId !== user.id) throw reservationNotFound();
    return r;
  }

  /** GET /api/v1/reservations/{id}/receipt and the reservation page: whether there is a receipt and the form's values. */
  async function state(ctx: Ctx, input: { id: IdInput }): Promise<ReceiptState> {
    const r = await ownReservation(ctx, input);
    const receipt = await ctx.em.findOne(Receipt, { reservation: r.id }, { refresh: true });
    const reason = unavailableReason(r);
    return {
      reservation_id: r.id,
      available: reason === null,
      reason,
      number: receipt?.number ?? null,
      issued_count: receipt?.issuedCount ?? 0,
      first_issued_at: receipt ? new Date(receipt.createdAt).toISOString() : null,
      addressee: receipt?.addressee ?? r.userName,
      purpose: receipt?.purpose ?? ja.receipts.defaultPurpose,
      refunded: reason === null && r.refund !== null,
    };
  }

  /**
   * Counts one issuance and returns the receipt row: the existing one (a re-issue), else a new one whose number
   * comes from its id. The insert's ON CONFLICT makes two first downloads at once one receipt with two issuances.
   * `purpose` null keeps the stored 但し書き (体験料として on a first issue); the row returns the one to print.
   */
  async function recordIssuance(em: EntityManager, reservationId: number, addressee: string, purpose: string | null) {
    type Row = { id: number; number: string; issued_count: number; created_at: Date; purpose: string };
    const updated = await em.execute<Row[]>(
      `UPDATE receipts SET issued_count = issued_count + 1, addressee = ?, purpose = coalesce(?, purpose), updated_at = now()
       WHERE reservation_id = ? RETURNING id, number, issued_count, created_at, purpose`,
      [addressee, purpose, reservationId],
    );
    if (updated[0]) return updated[0];
    const inserted = await em.execute<Row[]>(
      `WITH n AS (SELECT nextval(pg_get_serial_sequence('receipts', 'id')) AS id)
       INSERT INTO receipts (id, reservation_id, number, addressee, purpose, issued_count)
       SELECT n.id, ?, 'R' || lpad(n.id::text, 8, '0'), ?, ?, 1 FROM n
       ON CONFLICT (reservation_id) DO UPDATE SET issued_count = receipts.issued_count + 1, addressee = excluded.addressee,
         purpose = coalesce(?, receipts.purpose), updated_at = now()
       RETURNING id, number, issued_count, created_at, purpose`,
      [reservationId, addressee, purpose ?? ja.receipts.defaultPurpose, purpose],
    );
    return inserted[0];
  }

  /**
   * POST /api/v1/reservations/{id}/receipt (input: { id, addressee, purpose? }): the receipt PDF. A reservation that
   * was never paid is a 409 with the reason, and nothing is recorded.
   */
  async function issue(ctx: Ctx, input: { id: IdInput } & ReceiptRequestInput): Promise<FileAnswer<Buffer>> {
    const r = await ownReservation(ctx, input);
    const data = parseInput(receiptRequestSchema, input);
    const refused = await unprintable({ addressee: data.addressee, purpose: data.purpose });
    if (Object.keys(refused).length > 0) throw new ValidationError(refused);
    const reason = unavailableReason(r);
    if (reason !== null || !r.confirmedAt) throw new ConflictError(reason ?? ja.receipts.notPaid);
    // Without a purpose the re-issue keeps the stored 但し書き; an empty one (the form's cleared field) is the default.
    const purpose = input.purpose === undefined || input.purpose === null ? null : (data.purpose ?? ja.receipts.defaultPurpose);
    const now = new Date();
    // The issuance is counted and recorded in the same transaction that draws the PDF: a failure counts nothing.
    return transaction(ctx.em, async (em) => {
      const row = await recordIssuance(em, r.id, data.addressee, purpose);
      const document: ReceiptDocument = {
        number: row.number,
        reissue: Number(row.issued_count) > 1,
        firstIssuedOn: todayInJapan(new Date(row.created_at)),
        issuedOn: todayInJapan(now),
        ...printedReservation(r),
        addressee: data.addressee,
        purpose: row.purpose,
        issuer,
      };
      // What was printed, whole: the platform reproduces it from this row (copy), whatever changes later.
      await em.execute('INSERT INTO receipt_issuances (receipt_id, issue_no, document) VALUES (?, ?, ?::jsonb)', [
        row.id,
        Number(row.issued_count),
        JSON.stringify(document),
      ]);
      return { filename: ja.receipts.filename(row.number), type: 'application/pdf', body: await draw(document, now) };
    });
  }

  /**
   * The platform's copy (控え) of an issued receipt, by its number (ADMIN or the operator: CLI `receipt-copy`): the
   * issuance `issue_no` (default: the latest) exactly as it was printed, addressee included, also after the guest
   * left (docs/decisions/leaving.md), marked 発行者控え with today's date. Recorded nowhere: it is not an issuance.
   * A receipt issued before the issuances were recorded is drawn from its row and reservation as they are now.
   */
  async function copy(ctx: Ctx, input: ReceiptCopyInput): Promise<FileAnswer<Buffer>> {
    requireAdmin(ctx);
    const data = parseInput(receiptCopySchema, input);
    const receipt = await ctx.em.findOne(Receipt, { number: data.number });
    if (!receipt) throw new NotFoundError(ja.receipts.receiptNotFound, 'receipt');
    const issuances = await ctx.em.find(
      ReceiptIssuance,
      data.issue_no ? { receipt: receipt.id, issueNo: data.issue_no } : { receipt: receipt.id },
      { orderBy: { issueNo: 'desc' }, limit: 1 },
    );
    const now = new Date();
    let document: ReceiptDocument;
    if (issuances[0]) document = issuances[0].document as unknown as ReceiptDocument;
    else if (data.issue_no && data.issue_no !== receipt.issuedCount) throw new NotFoundError(ja.receipts.issuanceNotFound, 'issue_no');
    else {
      const r = await reservationForReceipt(ctx.em, receipt.reservation.id);
      if (!r) throw new NotFoundError(ja.receipts.receiptNotFound, 'receipt');
      document = {
        number: receipt.number,
        reissue: receipt.issuedCount > 1,
        firstIssuedOn: todayInJapan(new Date(receipt.createdAt)),
        issuedOn: todayInJapan(new Date(receipt.updatedAt)),
        ...printedReservation(r),
        addressee: receipt.addressee,
        purpose: receipt.purpose,
        issuer,
      };
    }
    return {
      filename: ja.receipts.copyFilename(document.number),
      type: 'application/pdf',
      body: await draw({ ...document, recordCopyOn: todayInJapan(now) }, now),
    };
  }

  return { state, issue, copy };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
