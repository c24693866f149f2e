// Cancellation and refunds. Correct under concurrency and gateway faults:
//
//  1. cancel (one transaction): lock the reservation row (FOR UPDATE: a second cancel waits, then sees 'cancelled'
//     and is refused), decide the refund with the policy (cancellation-policy.ts) at this instant, mark it cancelled,
//     give the seats back in calendar id order (the same order as a booking takes them, so a new booking of the freed
//     seat simply waits for this commit), insert at most ONE refunds row (unique reservation_id), the reversal of
//     the host's earning (earnings/ledger.ts: a refunding cancellation takes it back) and the mails.
//  2. refund (after the commit, no other lock held; refund-attempts.ts): the gateway refund with an idempotency key
//     derived from the reservation. Success marks the row 'succeeded'; any failure leaves it 'pending' with a backoff,
//     and the worker (retryPendingRefunds) tries again with the same key: never two refunds, never a lost one.
//
// Lock order everywhere: reservation rows (id order), then calendar rows (id order), like booking.ts and the sweeper.
// Server-only.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import type { Logger } from '#src/lib/logger';
import { ConflictError } from '#src/lib/isomorphic/errors';
import { formatYen } from '#src/lib/isomorphic/money';
import * as ja from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { recordReversal } from '#src/modules/earnings/ledger';
import { paymentKeys, type PaymentGateway } from '#src/modules/payments/gateway';
import { cancellationTerms, type CancellationTerms } from './cancellation-policy';
import { buildCancellationMails, type FreedSeats } from './reservation-mails';
import { lockSlot, slotOpen } from './waitlist-offers';
import { slotCancellationMails, type CancelledReservation } from './slot-cancellation-mail';
import type { Settlement } from './settlement';
import type { SweepExpiredHolds } from './hold-sweeper';
import type { CancelledBy } from './reservation-mails';
import { transaction } from '#src/lib/transaction';
import { createRefundAttempts } from './refund-attempts';

export interface CancellationDeps {
  orm: MikroORM;
  env: Pick<Env, 'OFFICE_EMAIL'>;
  /** publicBaseUrl(env): the links of the host's mail of a slot's cancellation. */
  baseUrl: string;
  log: Logger;
  gateway: PaymentGateway;
  settlement: Settlement;
  sweepExpiredHolds: SweepExpiredHolds;
}

interface LockedReservation {
  id: number;
  user_id: number;
  status: string;
  total_amount: number;
  number_of_people: number;
  payment_reference: string | null;
  idempotency_key: string;
  cancellation_period: number;
}

async function slotsOf(em: EntityManager, reservationId: number) {
  return em.execute<{ calendar_id: number; date: string; start_time: string }[]>(
    `SELECT rc.calendar_id, to_char(c.date, 'YYYY-MM-DD') AS date, c.start_time FROM reservation_calendars rc
     JOIN calendars c ON c.id = rc.calendar_id WHERE rc.reservation_id = ? ORDER BY rc.calendar_id`,
    [reservationId],
  );
}

/**
 * What became of the seats a cancellation gave back, once the slots' lines were offered them (`offered`): the host's
 * notice says whether they went to the キャンセル待ち line, are open to anyone, or neither (a slot that no longer takes
 * bookings: closed by the host, or past its booking deadline). The slots' rows are locked already.
 */
async function freedSeats(tx: EntityManager, calendarIds: number[], offered: boolean, now: Date): Promise<FreedSeats> {
  let open = false;
  for (const calendarId of calendarIds) {
    const slot = await lockSlot(tx, calendarId);
    if (slot && slotOpen(slot, now) && slot.participant_number < slot.recruitment_number) open = true;
  }
  if (offered) return open ? 'offered_and_open' : 'offered';
  return open ? 'open' : 'closed';
}

export function createCancellation(deps: CancellationDeps) {
  const { orm, env, baseUrl, log, gateway, settlement, sweepExpiredHolds } = deps;
  const { processRefund, retryPendingRefunds, markRefundedAtGateway } = createRefundAttempts({ orm, log, gateway });

  /** Locks the reservation (the caller's transaction); null when it does not exist or is not this guest's. */
  async function lock(tx: EntityManager, id: number, userId: number | null): Promise<LockedReservation | null> {
    const rows = await tx.execute<LockedReservation[]>(
      `SELECT r.id, r.user_id, r.status, r.total_amount, r.number_of_people, r.payment_reference, r.idempotency_key,
              e.cancellation_period
       FROM reservations r JOIN experiences e ON e.id = r.experience_id
       WHERE r.id = ? ${userId === null ? '' : 'AND r.user_id = ?'} FOR UPDATE OF r`,
      userId === null ? [id] : [id, userId],
    );
    return rows[0] ?? null;
  }

  async function termsOf(tx: EntityManager, r: Pick<LockedReservation, 'id' | 'total_amount' | 'cancellation_period'>, now: Date) {
    const slots = await slotsOf(tx, r.id);
    return cancellationTerms({ policyDays: r.cancellation_period, slots, total: r.total_amount, now });
  }

  /**
   * confirmed -> cancelled: seats back, the refund row (when money goes back), the earning's reversal and the mails.
   * `fullRefund`: the host cancelled or the guest cancelled within the policy (the whole earning goes back).
   */
  async function cancelIn(
    tx: EntityManager,
    r: LockedReservation,
    by: CancelledBy,
    refund: { amount: number; full: boolean },
    reason: string | null,
    now: Date,
  ): Promise<void> {
    const refundAmount = refund.amount;
    await tx.execute(
      `UPDATE reservations SET status = 'cancelled', cancelled_at = ?, cancelled_by = ?, cancellation_reason = ?, refund_amount = ?,
         updated_at = now() WHERE id = ? AND status = 'confirmed'`,
      [now, by, reason, refundAmount, r.id],
    );
    const slots = await slotsOf(tx, r.id);
    for (const slot of slots) {
      await tx.execute('UPDATE calendars SET participant_number = participant_number - ?, updated_at = now() WHERE id = ?', [
        r.number_of_people,
        slot.calendar_id,
      ]);
    }
    // The seats given back go to the slots' キャンセル待ち lines (a slot the host is cancelling is closed already).
    const calendarIds = slots.map((slot) => Number(slot.calendar_id));
    const offered = await settlement.offerIn(tx, calendarIds, now);
    if (refundAmount > 0 && r.payment_reference) {
      await tx.execute('INSERT INTO refunds (reservation_id, amount, status, idempotency_key) VALUES (?, ?, ?, ?)', [
        r.id,
        refundAmount,
        'pending',
        paymentKeys(r.id, r.idempotency_key).refund,
      ]);
    }
    await recordReversal(tx, r.id, { full: refund.full, refundAmount, totalAmount: r.total_amount });
    // Read after the reversal: the host's notice says what the host keeps, as /host/earnings will.
    const data = await settlement.loadMailData(tx, r.id, now);
    const seats = by === 'host' ? 'closed' : await freedSeats(tx, calendarIds, offered.length > 0, now);
    await enqueueMail(tx, buildCancellationMails({ ...data, by, reason, refundAmount, seats }));
  }

  /**
   * The guest cancels their own confirmed reservation. 404 for anyone else's; 409 when already cancelled, not
   * confirmed, once the first slot has started, or when the refund differs from the one the guest was shown.
   */
  async function cancelByGuest(
    userId: number,
    id: number,
    expectedRefund: number | undefined,
    notFound: () => Error,
    now: Date,
  ): Promise<CancellationTerms> {
    const terms = await transaction(orm.em.fork(), async (tx) => {
      const r = await lock(tx, id, userId);
      if (!r) throw notFound();
      if (r.status === 'cancelled') throw new ConflictError(ja.guestReservations.alreadyCancelled);
      if (r.status !== 'confirmed') throw new ConflictError(ja.guestReservations.notCancellable);
      const t = await termsOf(tx, r, now);
      if (t.started) throw new ConflictError(ja.guestReservations.slotStarted);
      if (expectedRefund !== undefined && expectedRefund !== t.refundAmount) {
        throw new ConflictError(ja.guestReservations.refundChanged(formatYen(t.refundAmount)));
      }
      await cancelIn(tx, r, 'guest', { amount: t.refundAmount, full: t.fullRefund }, null, now);
      return t;
    });
    await processRefund(id);
    return terms;
  }

  /**
   * An operator (ADMIN, or the CLI) cancels a confirmed reservation for its guest, at any time, even once its first
   * slot has started (a host who did not come). `refund`: 'full' gives everything back and takes back the whole
   * earning, as a host's cancellation does; 'policy' gives what the guest's own cancellation would give now (nothing
   * once the policy's deadline or the first slot has passed). The guest and the host are mailed with the reason;
   * `audit` records the change inside the same transaction. 404 through `notFound`, 409 when not confirmed.
   */
  async function cancelByOperator(
    id: number,
    input: { refund: 'full' | 'policy'; reason: string },
    notFound: () => Error,
    audit: (tx: EntityManager, refundAmount: number) => void,
    now: Date,
  ): Promise<{ refundAmount: number }> {
    const refundAmount = await transaction(orm.em.fork(), async (tx) => {
      const r = await lock(tx, id, null);
      if (!r) throw notFound();
      if (r.status === 'cancelled') throw new ConflictError(ja.guestReservations.alreadyCancelled);
      if (r.status !== 'confirmed') throw new ConflictError(ja.guestReservations.notCancellable);
      const t = await termsOf(tx, r, now);
      const full = input.refund === 'full';
      const amount = full ? r.total_amount : t.refundAmount;
      await cancelIn(tx, r, 'operator', { amount, full: full || t.fullRefund }, input.reason, now);
      audit(tx, amount);
      await tx.flush();
      return amount;
    });
    await processRefund(id);
    return { refundAmount };
  }

  /**
   * The host cancels a whole slot: every confirmed reservation on it is cancelled with a full refund whatever the
   * policy (a reservation of several slots is cancelled as a whole), each guest mailed with the reason, the host
   * mailed what was done (slot-cancellation-mail.ts), and the slot stops accepting reservations. The caller has
   * checked the rights.
   */
  async function cancelSlot(calendarId: number, reason: string, now: Date): Promise<{ ids: number[]; refunded: number }> {
    const cancelConfirmed = (late: boolean) =>
      transaction(orm.em.fork(), async (tx) => {
        // Reservations first (id order), then the calendar row: the lock order of a guest's cancellation.
        const reservations = await tx.execute<LockedReservation[]>(
          `SELECT r.id, r.user_id, r.status, r.total_amount, r.number_of_people, r.payment_reference, r.idempotency_key,
                  e.cancellation_period
           FROM reservations r JOIN experiences e ON e.id = r.experience_id
           WHERE r.status = 'confirmed' AND EXISTS (SELECT 1 FROM reservation_calendars rc WHERE rc.reservation_id = r.id AND rc.calendar_id = ?)
           ORDER BY r.id FOR UPDATE OF r`,
          [calendarId],
        );
        // The slot closes before its seats come back, so they are offered to nobody; its line ends, each guest in it told.
        await tx.execute('UPDATE calendars SET accepting_reservation = false, updated_at = now() WHERE id = ?', [calendarId]);
        const waitlist = await settlement.closeLineIn(tx, calendarId, reason);
        const cancelled: CancelledReservation[] = [];
        for (const r of reservations) {
          await cancelIn(tx, r, 'host', { amount: r.total_amount, full: true }, reason, now);
          cancelled.push({
            id: r.id,
            userId: Number(r.user_id),
            people: r.number_of_people,
            refund: r.payment_reference ? r.total_amount : 0,
          });
        }
        const mails = await slotCancellationMails(
          tx,
          { calendarId, reason, reservations: cancelled, waitlist, late },
          { officeEmail: env.OFFICE_EMAIL, baseUrl },
        );
        await enqueueMail(tx, mails);
        return { ids: cancelled.map((r) => r.id), refunded: cancelled.reduce((sum, r) => sum + r.refund, 0) };
      });
    const result = await cancelConfirmed(false);
    // Payments still in progress on the slot (a 3-D Secure window): settled now like an expired hold (the intent is
    // cancelled at the gateway first); one that had in fact been paid is confirmed, then cancelled with its refund.
    if ((await sweepExpiredHolds({ calendarIds: [calendarId], unexpiredToo: true })) > 0) {
      const late = await cancelConfirmed(true);
      result.ids.push(...late.ids);
      result.refunded += late.refunded;
    }
    for (const id of result.ids) await processRefund(id);
    return result;
  }

  /** What cancelling now would give (no lock: a preview). */
  async function preview(em: EntityManager, r: Pick<LockedReservation, 'id' | 'total_amount' | 'cancellation_period'>, now: Date) {
    return termsOf(em, r, now);
  }

  return { cancelByGuest, cancelByOperator, cancelSlot, processRefund, retryPendingRefunds, preview, markRefundedAtGateway };
}
