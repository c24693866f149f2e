// The booking flow: hold seats, charge the card, settle. Correct under concurrency and faults:
//
//  1. hold  (one transaction): insert the reservation (its unique idempotency key makes a concurrent twin wait and
//     then fail), take the seats with conditional UPDATEs in calendar id order (never more than recruitment_number,
//     backed by the CHECK; all slots or none), use the coupon; status 'pending' until hold_expires_at.
//  2. charge (no transaction open): create the gateway intent, store its id, confirm it with the card token. Both
//     calls carry idempotency keys derived from the reservation, so a retried request never charges twice.
//  3. settle (another transaction): confirmed + mails in the outbox, or released (seats and coupon given back).
//
// A process that dies between 1 and 3 leaves a pending row; the hold sweeper (hold-sweeper.ts) settles it.
// Server-only.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import type { Logger } from '#src/lib/logger';
import { AppError, ConflictError, PaymentError, ValidationError } from '#src/lib/isomorphic/errors';
import { isUniqueViolation } from '#src/lib/db-errors';
import * as ja from '#src/i18n/ja';
import * as coupons from '#src/modules/coupons/coupon-rules';
import { GatewayUnavailableError, paymentKeys, type IntentOutcome, type PaymentGateway } from '#src/modules/payments/gateway';
import { Reservation, ReservationCalendar, type IReservation } from './reservations.entity';
import type { Quoter } from './quote';
import type { Settlement } from './settlement';
import type { SweepExpiredHolds } from './hold-sweeper';
import { reservationView } from './views';
import type { ReservationActionRequired, ReservationView, ReserveInput } from './reservations.schemas';
import { transaction } from '#src/lib/transaction';
import { findOffer } from './waitlist-offers';
import { takeOffer } from './offer-booking';
import { lockAccountForBooking } from '#src/modules/users/users.repository';

export type ReserveResult =
  | { kind: 'confirmed'; reservation: ReservationView }
  | { kind: 'requires_action'; action: ReservationActionRequired };

/** The advisory lock namespace of a guest's holds (pg_advisory_xact_lock(int, int)). */
export const USER_HOLD_LOCK = 14_011;
const ACTIVE_STATUSES: readonly string[] = ['pending', 'requires_action'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BookingDeps {
  orm: MikroORM;
  env: Pick<Env, 'SEAT_HOLD_SECONDS'>;
  log: Logger;
  gateway: PaymentGateway;
  /** publicBaseUrl(env): the card authentication's return URL. */
  baseUrl: string;
  prepare: Quoter;
  settlement: Settlement;
  sweepExpiredHolds: SweepExpiredHolds;
}

export function createBooking(deps: BookingDeps) {
  const { orm, env, log, gateway, baseUrl, prepare, settlement, sweepExpiredHolds } = deps;
  const fresh = (): EntityManager => orm.em.fork();

  async function load(id: number): Promise<IReservation> {
    return fresh().findOneOrFail(Reservation, { id }, { populate: ['experience'] });
  }

  async function confirmReservation(id: number): Promise<void> {
    const confirmed = await transaction(fresh(), (tx) => settlement.confirmIn(tx, id));
    if (!confirmed) {
      const r = await load(id);
      // Cannot happen while the sweeper cancels before releasing; if it ever does, a person must refund.
      if (r.status !== 'confirmed')
        log.error(
          { reservationId: id, status: r.status, payment: r.paymentReference },
          'payment succeeded for a reservation that is no longer held: refund needed',
        );
    }
  }

  async function releaseReservation(id: number, status: 'failed' | 'expired', failure: string | null): Promise<void> {
    await transaction(fresh(), (tx) => settlement.releaseIn(tx, id, status, failure));
  }

  function actionRequired(r: IReservation, outcome: Extract<IntentOutcome, { status: 'requires_action' }>): ReserveResult {
    return {
      kind: 'requires_action',
      action: {
        status: 'requires_action',
        reservation_id: r.id,
        gateway: gateway.kind,
        client_secret: outcome.clientSecret,
        next_action_url: outcome.nextActionUrl,
      },
    };
  }

  /** Maps the stored state to the answer; the same for a first request and for any replay. */
  async function answer(id: number, depth = 0): Promise<ReserveResult> {
    const r = await load(id);
    switch (r.status) {
      case 'confirmed':
        return { kind: 'confirmed', reservation: await reservationView(fresh(), id) };
      case 'failed':
        throw new PaymentError(r.failureMessage?.includes('authentication') ? ja.payments.authenticationFailed : ja.payments.declined);
      case 'expired':
      case 'cancelled':
        throw new ValidationError({ base: [ja.reservations.holdExpired] });
      case 'requires_action': {
        const intentId = r.paymentReference;
        if (intentId && depth === 0) return settle(id, await guarded(() => gateway.retrieveIntent(intentId)), depth + 1);
        throw new ConflictError(ja.reservations.inProgress);
      }
      default:
        throw new ConflictError(ja.reservations.inProgress);
    }
  }

  /**
   * Applies a gateway outcome to the stored reservation (idempotent: every transition is guarded by the current
   * status). Answers the card-authentication step when the outcome asks for one, else null.
   */
  async function apply(id: number, outcome: IntentOutcome): Promise<ReserveResult | null> {
    switch (outcome.status) {
      case 'succeeded':
        await confirmReservation(id);
        break;
      case 'requires_action': {
        await fresh().execute(
          `UPDATE reservations SET status = 'requires_action', updated_at = now() WHERE id = ? AND status = 'pending'`,
          [id],
        );
        const r = await load(id);
        if (r.status === 'requires_action') return actionRequired(r, outcome);
        break;
      }
      case 'declined':
        await releaseReservation(id, 'failed', outcome.code);
        break;
      case 'canceled':
        await releaseReservation(id, 'expired', 'payment intent canceled');
        break;
      case 'processing':
        // Another request (a double click) is confirming the same intent: wait for it to settle the row.
        for (let i = 0; i < 20; i++) {
          const r = await load(id);
          if (!ACTIVE_STATUSES.includes(r.status)) break;
          await sleep(250);
        }
        break;
    }
    return null;
  }

  /** Applies a gateway outcome, then answers from the stored state. */
  async function settle(id: number, outcome: IntentOutcome, depth = 0): Promise<ReserveResult> {
    return (await apply(id, outcome)) ?? answer(id, depth + 1);
  }

  /** Gateway calls whose outcome is unknown on failure: the hold stays (the sweeper settles it), the guest may retry. */
  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof GatewayUnavailableError) {
        log.warn({ err: error }, 'payment gateway unavailable');
        throw new AppError(503, 'payment_unavailable', ja.payments.unavailable);
      }
      throw error;
    }
  }

  /** Step 2: create (once) and confirm the intent. Safe to run again for the same reservation. */
  async function charge(id: number, paymentToken: string): Promise<ReserveResult> {
    const r = await load(id);
    const keys = paymentKeys(r.id, r.idempotencyKey);
    let intentId = r.paymentReference;
    if (!intentId) {
      const created = await guarded(() =>
        gateway.createIntent({
          amount: r.totalAmount,
          idempotencyKey: keys.create,
          description: ja.payments.intentDescription(r.experience.title, r.id),
          reservationId: r.id,
        }),
      );
      intentId = created.intentId;
      await fresh().execute(
        'UPDATE reservations SET payment_reference = ?, updated_at = now() WHERE id = ? AND payment_reference IS NULL',
        [intentId, id],
      );
    }
    const confirmId = intentId;
    const slots = await fresh().execute<{ calendar_id: number }[]>(
      'SELECT calendar_id FROM reservation_calendars WHERE reservation_id = ? ORDER BY calendar_id',
      [id],
    );
    const returnUrl = `${baseUrl}/reservations/new?cid=${slots.map((s) => s.calendar_id).join(',')}&tour_id=${r.experience.id}&confirm_reservation=${r.id}`;
    const outcome = await guarded(() =>
      gateway.confirmIntent({ intentId: confirmId, paymentToken, idempotencyKey: keys.confirm, returnUrl }),
    );
    return settle(id, outcome);
  }

  /** Step 1: validate, quote and hold in one transaction. Returns the new reservation's id. */
  async function hold(userId: number, tourId: number, data: ReserveInput, key: string, now: Date): Promise<{ id: number; free: boolean }> {
    return transaction(fresh(), async (tx) => {
      // One hold at a time per guest: two attempts with different keys for the same slot cannot both pass the
      // "already booked" rule (released at commit or rollback).
      await tx.execute('SELECT pg_advisory_xact_lock(?, ?)', [USER_HOLD_LOCK, userId]);
      // Serialised with leaving (退会) on the user row: a left account books nothing.
      if (!(await lockAccountForBooking(tx, userId))) throw new ConflictError(ja.reservations.accountLeft);
      // The guest's キャンセル待ち offer on this slot: its hold becomes this booking (no seats taken twice).
      const offer = await findOffer(tx, userId, data.calendar_ids, now, true);
      if (offer) return takeOffer(tx, { prepare, settlement }, offer, { userId, tourId, data, key, now });
      const p = await prepare(tx, tourId, data, now, userId);
      const free = p.quote.total === 0;
      if (!free && !data.payment_token) throw ValidationError.of('payment_token', ja.reservations.paymentTokenRequired);
      const reservation = tx.create(Reservation, {
        user: userId,
        experience: tourId,
        numberOfPeople: data.number_of_people,
        option: p.option?.id ?? null,
        optionName: p.option?.name ?? null,
        coupon: p.coupon?.id ?? null,
        couponCode: p.coupon?.code ?? null,
        messageToHost: data.message_to_host || null,
        tourAmount: p.quote.tour,
        discountAmount: p.quote.discount,
        optionAmount: p.quote.option,
        serviceFee: p.quote.service_fee,
        processingFee: p.quote.processing_fee,
        totalAmount: p.quote.total,
        idempotencyKey: key,
        status: free ? 'confirmed' : 'pending',
        holdExpiresAt: free ? null : new Date(now.getTime() + env.SEAT_HOLD_SECONDS * 1000),
        confirmedAt: free ? now : null,
      });
      // The unique idempotency key first: a concurrent twin request blocks here until this commits, then fails.
      await tx.flush();
      for (const slot of p.calendars) {
        const taken = await tx.execute<{ id: number }[]>(
          `UPDATE calendars SET participant_number = participant_number + ?, updated_at = now()
           WHERE id = ? AND accepting_reservation AND participant_number + ? <= recruitment_number RETURNING id`,
          [data.number_of_people, slot.id, data.number_of_people],
        );
        if (taken.length === 0) throw ValidationError.of('calendar_ids', ja.reservations.noAvailability);
      }
      if (p.coupon && !(await coupons.consume(tx, p.coupon.id))) throw ValidationError.of('coupon_code', ja.reservations.couponUsedUp);
      for (const slot of p.calendars) tx.create(ReservationCalendar, { reservation, calendar: slot.id });
      await tx.flush();
      if (free) await settlement.recordConfirmation(tx, reservation.id);
      return { id: reservation.id, free };
    });
  }

  async function findByKey(key: string): Promise<IReservation | null> {
    return fresh().findOne(Reservation, { idempotencyKey: key });
  }

  /** A repeated attempt (double click, retry after a timeout): the same reservation, never a second charge. */
  async function resume(existing: IReservation, paymentToken: string | undefined): Promise<ReserveResult> {
    const held = ACTIVE_STATUSES.includes(existing.status);
    if (held && existing.holdExpiresAt && new Date(existing.holdExpiresAt) <= new Date()) {
      // The attempt was abandoned long enough ago that its hold ended: settle it now rather than answer "in progress".
      const slots = await fresh().execute<{ calendar_id: number }[]>(
        'SELECT calendar_id FROM reservation_calendars WHERE reservation_id = ?',
        [existing.id],
      );
      await sweepExpiredHolds({ calendarIds: slots.map((s) => s.calendar_id), limit: 10 });
      return answer(existing.id);
    }
    if (existing.status === 'pending' && paymentToken) return charge(existing.id, paymentToken);
    return answer(existing.id);
  }

  /** The whole attempt for a user: replay by key, else hold then charge (or confirm at once when free). */
  async function book(userId: number, data: ReserveInput, key: string, tourIdOf: () => Promise<number>): Promise<ReserveResult> {
    const existing = await findByKey(key);
    if (existing) return resume(existing, data.payment_token);
    const tourId = await tourIdOf();
    await sweepExpiredHolds({ calendarIds: data.calendar_ids, limit: 10 });
    let held: { id: number; free: boolean };
    try {
      held = await hold(userId, tourId, data, key, new Date());
    } catch (error) {
      // A twin request with the same key won the race: answer with its reservation.
      if (isUniqueViolation(error) || error instanceof ValidationError) {
        const twin = await findByKey(key);
        if (twin) return resume(twin, data.payment_token);
      }
      throw error;
    }
    if (held.free) return { kind: 'confirmed', reservation: await reservationView(fresh(), held.id) };
    // hold() refuses a paid reservation without a token, so the token is there.
    return charge(held.id, data.payment_token ?? '');
  }

  /** After the browser finished 3-D Secure: ask the gateway, then answer from the stored state. */
  async function confirmAfterAction(r: IReservation): Promise<ReserveResult> {
    const intentId = r.paymentReference;
    if (ACTIVE_STATUSES.includes(r.status) && intentId) {
      return settle(r.id, await guarded(() => gateway.retrieveIntent(intentId)));
    }
    return answer(r.id);
  }

  /**
   * The gateway says something happened to an intent (the Stripe webhook): the same path as the browser's confirm
   * call (ask the gateway for the intent's state, apply it), without an answer for a browser. A browser confirm and
   * a webhook racing each other confirm once: confirmIn is guarded by the status. Answers the reservation's id and
   * status afterwards, or null when no reservation has this intent. GatewayUnavailableError propagates (retry later).
   */
  async function syncIntent(intentId: string): Promise<{ id: number; status: IReservation['status'] } | null> {
    const r = await fresh().findOne(Reservation, { paymentReference: intentId });
    if (!r) return null;
    if (ACTIVE_STATUSES.includes(r.status)) await apply(r.id, await gateway.retrieveIntent(intentId));
    const after = await load(r.id);
    return { id: after.id, status: after.status };
  }

  return { book, confirmAfterAction, syncIntent };
}
