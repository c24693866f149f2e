// The money path (issue 4): price quote, reservation with seat hold and card payment, 3-D Secure confirmation, and
// the sweeper that releases abandoned holds. Correct under concurrency and faults:
//
//  1. hold  (one transaction): insert the reservation (its unique idempotency key makes a concurrent twin wait and
//     then fail), take the seats with conditional UPDATEs in calendar id order (never more than recruitment_number,
//     backed by the CHECK; all slots or none), use the coupon; status 'pending' until hold_expires_at.
//  2. charge (no transaction open): create the gateway intent, store its id, confirm it with the card token. Both
//     calls carry idempotency keys derived from the reservation, so a retried request never charges twice.
//  3. settle (another transaction): confirmed + mails in the outbox, or released (seats and coupon given back).
//
// A process that dies between 1 and 3 leaves a pending row; once its hold expires the sweeper cancels the intent at
// the gateway FIRST (if that answers "already succeeded", the reservation is confirmed instead) and only then
// releases the seats, so no charge can ever succeed for seats that were given away.
import { randomUUID } from 'node:crypto';
import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import type { Logger } from '#src/lib/logger';
import { requireUser, type Ctx } from '#src/lib/context';
import { AppError, ConflictError, NotFoundError, PaymentError, ValidationError, type FieldMessages } from '#src/lib/errors';
import { parseId, parseInput } from '#src/lib/validate';
import { japanInstant } from '#src/lib/dates';
import { ja } from '#src/i18n/ja';
import { Experience, type IExperience, type IExperienceOption } from '#src/modules/experiences/experiences.entity';
import { Calendar, type ICalendar } from '#src/modules/calendars/calendars.entity';
import { User } from '#src/modules/users/users.entity';
import { Ambassador, AmbassadorMember } from '#src/modules/ambassadors/ambassadors.entity';
import type { ICoupon } from '#src/modules/coupons/coupons.entity';
import * as coupons from '#src/modules/coupons/coupons.service';
import { enqueueMail } from '#src/modules/mail/mail.service';
import { getGateway } from '#src/modules/payments/payments.service';
import { GatewayUnavailableError, paymentKeys, type IntentOutcome } from '#src/modules/payments/gateway';
import { Reservation, ReservationCalendar, type IReservation } from './reservations.entity';
import { quotePrice, toBasisPoints, type PriceQuote } from './pricing';
import { buildReservationMails } from './reservation-mails';
import {
  quoteSchema,
  reserveSchema,
  type QuoteInput,
  type ReservationActionRequired,
  type ReservationForm,
  type ReservationView,
  type ReserveInput,
} from './reservations.schemas';

export interface ReservationsDeps {
  orm: MikroORM;
  env: Env;
  log: Logger;
}

export type ReserveResult =
  | { kind: 'confirmed'; reservation: ReservationView }
  | { kind: 'requires_action'; action: ReservationActionRequired };

interface Prepared {
  experience: IExperience;
  calendars: ICalendar[];
  option: IExperienceOption | null;
  coupon: ICoupon | null;
  quote: PriceQuote;
}

const ACTIVE = ['pending', 'requires_action'] as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isUniqueViolation(error: unknown): boolean {
  return (error as { name?: string })?.name === 'UniqueConstraintViolationException';
}

/** `calendar_ids[]=1&calendar_ids[]=2` (simple query parser) or `calendar_ids=1,2`. */
function normalizeQuery(input: unknown): Record<string, unknown> {
  const q = { ...((input ?? {}) as Record<string, unknown>) };
  if (q['calendar_ids[]'] !== undefined && q.calendar_ids === undefined) q.calendar_ids = q['calendar_ids[]'];
  delete q['calendar_ids[]'];
  return q;
}

export function createReservationsService(deps: ReservationsDeps) {
  const { orm, env, log } = deps;
  const rates = { serviceBp: toBasisPoints(env.SERVICE_FEE_RATE), processingBp: toBasisPoints(env.PROCESSING_FEE_RATE) };
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const gateway = () => getGateway(deps);
  const fresh = (): EntityManager => orm.em.fork();

  // ---------------------------------------------------------------- validation and quote

  /** Every rule of the quote; collects all messages per field, then throws one 422. */
  async function prepare(em: EntityManager, tourId: number, q: QuoteInput, now: Date): Promise<Prepared> {
    const experience = await em.findOne(Experience, { id: tourId, approve: true }, { populate: ['options', 'prefecture'] });
    if (!experience) throw new NotFoundError(ja.reservations.experienceNotFound, 'experience');
    const messages: FieldMessages = {};
    const add = (field: string, message: string) => {
      const list = (messages[field] ??= []);
      if (!list.includes(message)) list.push(message);
    };

    const calendars = await em.find(Calendar, { id: { $in: q.calendar_ids } }, { orderBy: { id: 'asc' } });
    const byId = new Map(calendars.map((c) => [c.id, c]));
    for (const id of q.calendar_ids) {
      const slot = byId.get(id);
      if (!slot) {
        add('calendar_ids', ja.reservations.slotNotFound);
        continue;
      }
      if (slot.experience.id !== tourId) {
        add('calendar_ids', ja.reservations.slotOfOtherExperience);
        continue;
      }
      if (!slot.acceptingReservation) {
        add('calendar_ids', ja.reservations.slotClosed);
        continue;
      }
      const start = japanInstant(slot.date, slot.startTime);
      if (now >= start) {
        add('calendar_ids', ja.reservations.slotPast);
        continue;
      }
      // on_the_day: until the start time; the_day_before: until the end of the previous day (Japan time).
      const deadline = experience.reservationDeadline === 'the_day_before' ? japanInstant(slot.date, '00:00') : start;
      if (now >= deadline) {
        add('calendar_ids', ja.reservations.deadlinePassed);
        continue;
      }
      const remaining = slot.recruitmentNumber - slot.participantNumber;
      if (remaining <= 0) add('calendar_ids', ja.reservations.noAvailability);
      else if (q.number_of_people > remaining) add('number_of_people', ja.reservations.tooManyPeople(remaining));
    }
    if ((experience.price === 0 || q.calendar_ids.length > 1) && q.number_of_people > 1)
      add('number_of_people', ja.reservations.onlyOnePerson);

    let option: IExperienceOption | null = null;
    if (q.option_id !== undefined) {
      option = experience.options.getItems().find((o) => o.id === q.option_id) ?? null;
      if (!option) add('option_id', ja.reservations.optionNotFound);
    }

    let coupon: ICoupon | null = null;
    let terms = null;
    if (q.coupon_code) {
      const check = await coupons.findApplicable(em, q.coupon_code, now);
      if (check.ok) {
        coupon = check.coupon;
        terms = check.terms;
      } else add('coupon_code', check.message);
    }

    if (Object.keys(messages).length > 0) throw new ValidationError(messages);
    const quote = quotePrice({
      unitPrice: experience.price,
      optionUnitPrice: option?.price ?? 0,
      people: q.number_of_people,
      dates: q.calendar_ids.length,
      coupon: terms,
      rates,
    });
    return { experience, calendars, option, coupon, quote };
  }

  function tourIdOf(raw: unknown): number {
    const id = parseId(raw);
    if (!id) throw new NotFoundError(ja.reservations.experienceNotFound, 'experience');
    return id;
  }

  // ---------------------------------------------------------------- reading

  async function view(em: EntityManager, id: number): Promise<ReservationView> {
    const r = await em.findOneOrFail(Reservation, { id }, { populate: ['experience', 'calendars.calendar'], refresh: true });
    const slots = r.calendars
      .getItems()
      .map((rc) => rc.calendar)
      .sort((a, b) => a.id - b.id);
    return {
      id: r.id,
      status: r.status,
      tour_id: r.experience.id,
      title: r.experience.title,
      number_of_people: r.numberOfPeople,
      option: r.optionName ? { id: r.option?.id ?? null, name: r.optionName } : null,
      coupon_code: r.couponCode ?? null,
      message_to_host: r.messageToHost ?? null,
      amounts: {
        tour: r.tourAmount,
        discount: r.discountAmount,
        option: r.optionAmount,
        service_fee: r.serviceFee,
        processing_fee: r.processingFee,
        total: r.totalAmount,
      },
      calendars: slots.map((c) => ({ id: c.id, date: c.date, start_time: c.startTime, end_time: c.endTime })),
      confirmed_at: r.confirmedAt ? new Date(r.confirmedAt).toISOString() : null,
      created_at: new Date(r.createdAt).toISOString(),
    };
  }

  async function load(id: number): Promise<IReservation> {
    return fresh().findOneOrFail(Reservation, { id }, { populate: ['experience'] });
  }

  // ---------------------------------------------------------------- state transitions (each its own transaction)

  /** The mails that report a confirmed reservation; called inside the confirming transaction. */
  async function enqueueConfirmationMails(tx: EntityManager, id: number): Promise<void> {
    const r = await tx.findOneOrFail(
      Reservation,
      { id },
      { populate: ['experience.prefecture', 'experience.hostUser', 'user', 'calendars.calendar'] },
    );
    const experience = r.experience;
    const guest = await tx.findOneOrFail(User, { id: r.user.id });
    let host = { name: experience.hostedBy, email: env.OFFICE_EMAIL };
    if (experience.hostUser) {
      const hostUser = await tx.findOneOrFail(User, { id: experience.hostUser.id });
      host = { name: hostUser.name, email: hostUser.email };
    } else if (experience.hostAmbassador) {
      const ambassador = await tx.findOneOrFail(Ambassador, { id: experience.hostAmbassador.id });
      const member = ambassador.email
        ? null
        : await tx.findOne(AmbassadorMember, { ambassador: ambassador.id }, { populate: ['user'], orderBy: { id: 'asc' } });
      host = { name: ambassador.name, email: ambassador.email ?? member?.user.email ?? env.OFFICE_EMAIL };
    }
    const slots = r.calendars
      .getItems()
      .map((rc) => rc.calendar)
      .sort((a, b) => a.id - b.id)
      .map((c) => ({ date: c.date, start_time: c.startTime, end_time: c.endTime }));
    await enqueueMail(
      tx,
      buildReservationMails({
        reservationId: r.id,
        experienceId: experience.id,
        title: experience.title,
        guest: { name: guest.name, email: guest.email },
        host,
        slots,
        numberOfPeople: r.numberOfPeople,
        optionName: r.optionName ?? null,
        couponCode: r.couponCode ?? null,
        amounts: {
          tour: r.tourAmount,
          discount: r.discountAmount,
          option: r.optionAmount,
          service_fee: r.serviceFee,
          processing_fee: r.processingFee,
          total: r.totalAmount,
        },
        online: experience.online,
        onlineUrl: experience.onlineUrl ?? null,
        address: experience.address ?? null,
        state: experience.prefecture?.name ?? null,
        cancellationPeriod: experience.cancellationPeriod,
        messageToHost: r.messageToHost ?? null,
        appUrl,
      }),
    );
  }

  /** pending/requires_action -> confirmed, with the mails in the same transaction. */
  async function confirmIn(tx: EntityManager, id: number): Promise<boolean> {
    const rows = await tx.execute<{ id: number }[]>(
      `UPDATE reservations SET status = 'confirmed', confirmed_at = now(), hold_expires_at = NULL, updated_at = now()
       WHERE id = ? AND status IN ('pending', 'requires_action') RETURNING id`,
      [id],
    );
    if (rows.length === 0) return false;
    await enqueueConfirmationMails(tx, id);
    return true;
  }

  /** pending/requires_action -> failed/expired, giving the seats and the coupon use back (calendars in id order). */
  async function releaseIn(tx: EntityManager, id: number, status: 'failed' | 'expired', failure: string | null): Promise<boolean> {
    const rows = await tx.execute<{ number_of_people: number; coupon_id: number | null }[]>(
      `UPDATE reservations SET status = ?, failure_message = ?, hold_expires_at = NULL, updated_at = now()
       WHERE id = ? AND status IN ('pending', 'requires_action') RETURNING number_of_people, coupon_id`,
      [status, failure, id],
    );
    if (rows.length === 0) return false;
    const slots = await tx.execute<{ calendar_id: number }[]>(
      'SELECT calendar_id FROM reservation_calendars WHERE reservation_id = ? ORDER BY calendar_id',
      [id],
    );
    for (const slot of slots) {
      await tx.execute('UPDATE calendars SET participant_number = participant_number - ?, updated_at = now() WHERE id = ?', [
        rows[0].number_of_people,
        slot.calendar_id,
      ]);
    }
    if (rows[0].coupon_id) await coupons.release(tx, rows[0].coupon_id);
    return true;
  }

  async function confirmReservation(id: number): Promise<void> {
    const confirmed = await fresh().transactional((tx) => confirmIn(tx, id));
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
    await fresh().transactional((tx) => releaseIn(tx, id, status, failure));
  }

  // ---------------------------------------------------------------- answers

  function actionRequired(r: IReservation, outcome: Extract<IntentOutcome, { status: 'requires_action' }>): ReserveResult {
    return {
      kind: 'requires_action',
      action: {
        status: 'requires_action',
        reservation_id: r.id,
        gateway: gateway().kind,
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
        return { kind: 'confirmed', reservation: await view(fresh(), id) };
      case 'failed':
        throw new PaymentError(r.failureMessage?.includes('authentication') ? ja.payments.authenticationFailed : ja.payments.declined);
      case 'expired':
      case 'cancelled':
        throw new ValidationError({ base: [ja.reservations.holdExpired] });
      case 'requires_action': {
        if (r.paymentReference && depth === 0)
          return settle(id, await guarded(() => gateway().retrieveIntent(r.paymentReference!)), depth + 1);
        throw new ConflictError(ja.reservations.inProgress);
      }
      default:
        throw new ConflictError(ja.reservations.inProgress);
    }
  }

  /** Applies a gateway outcome (idempotent: every transition is guarded by the current status). */
  async function settle(id: number, outcome: IntentOutcome, depth = 0): Promise<ReserveResult> {
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
          if (!(ACTIVE as readonly string[]).includes(r.status)) break;
          await sleep(250);
        }
        break;
    }
    return answer(id, depth + 1);
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
      ({ intentId } = await guarded(() =>
        gateway().createIntent({
          amount: r.totalAmount,
          idempotencyKey: keys.create,
          description: ja.payments.intentDescription(r.experience.title, r.id),
          reservationId: r.id,
        }),
      ));
      await fresh().execute(
        'UPDATE reservations SET payment_reference = ?, updated_at = now() WHERE id = ? AND payment_reference IS NULL',
        [intentId, id],
      );
    }
    const slots = await fresh().execute<{ calendar_id: number }[]>(
      'SELECT calendar_id FROM reservation_calendars WHERE reservation_id = ? ORDER BY calendar_id',
      [id],
    );
    const returnUrl = `${appUrl}/reservations/new?cid=${slots.map((s) => s.calendar_id).join(',')}&tour_id=${r.experience.id}&confirm_reservation=${r.id}`;
    const outcome = await guarded(() =>
      gateway().confirmIntent({ intentId: intentId!, paymentToken, idempotencyKey: keys.confirm, returnUrl }),
    );
    return settle(id, outcome);
  }

  /** Step 1: validate, quote and hold in one transaction. Returns the new reservation's id. */
  async function hold(actorId: number, tourId: number, data: ReserveInput, key: string, now: Date): Promise<{ id: number; free: boolean }> {
    return fresh().transactional(async (tx) => {
      const p = await prepare(tx, tourId, data, now);
      const free = p.quote.total === 0;
      if (!free && !data.payment_token) throw ValidationError.of('payment_token', ja.reservations.paymentTokenRequired);
      const reservation = tx.create(Reservation, {
        user: actorId,
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
      if (free) await enqueueConfirmationMails(tx, reservation.id);
      return { id: reservation.id, free };
    });
  }

  async function findByKey(key: string): Promise<IReservation | null> {
    return fresh().findOne(Reservation, { idempotencyKey: key });
  }

  /** A repeated attempt (double click, retry after a timeout): the same reservation, never a second charge. */
  async function resume(existing: IReservation, paymentToken: string | undefined): Promise<ReserveResult> {
    const held = (ACTIVE as readonly string[]).includes(existing.status);
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

  // ---------------------------------------------------------------- the sweeper

  /** Settles one abandoned hold inside its own transaction (row locked, so two sweepers never both act). */
  async function sweepOne(afterId: number, calendarIds: number[] | null): Promise<number | null> {
    return fresh().transactional(async (tx) => {
      const filter = calendarIds?.length
        ? `AND EXISTS (SELECT 1 FROM reservation_calendars rc WHERE rc.reservation_id = r.id AND rc.calendar_id IN (${calendarIds.map(() => '?').join(',')}))`
        : '';
      const rows = await tx.execute<{ id: number; payment_reference: string | null; idempotency_key: string; total_amount: number }[]>(
        `SELECT r.id, r.payment_reference, r.idempotency_key, r.total_amount FROM reservations r
         WHERE r.status IN ('pending', 'requires_action') AND r.hold_expires_at < now() AND r.id > ? ${filter}
         ORDER BY r.id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [afterId, ...(calendarIds ?? [])],
      );
      const row = rows[0];
      if (!row) return null;
      const keys = paymentKeys(row.id, row.idempotency_key);
      try {
        // Replaying the create key finds the intent even when the process died before storing its id.
        const intentId =
          row.payment_reference ??
          (
            await gateway().createIntent({
              amount: row.total_amount,
              idempotencyKey: keys.create,
              description: ja.payments.intentDescriptionShort(row.id),
              reservationId: row.id,
            })
          ).intentId;
        const outcome = await gateway().cancelIntent(intentId, keys.cancel);
        if (outcome.status === 'succeeded') {
          await confirmIn(tx, row.id);
          log.info({ reservationId: row.id }, 'abandoned hold had been paid: confirmed');
        } else {
          await releaseIn(tx, row.id, 'expired', 'seat hold expired');
          log.info({ reservationId: row.id }, 'expired seat hold released');
        }
      } catch (error) {
        // Outcome unknown: keep the seats held and try again on the next run.
        log.warn({ err: error, reservationId: row.id }, 'could not settle an expired seat hold');
      }
      return row.id;
    });
  }

  async function sweepExpiredHolds(options: { calendarIds?: number[]; limit?: number } = {}): Promise<number> {
    let afterId = 0;
    let count = 0;
    for (let i = 0; i < (options.limit ?? 50); i++) {
      const id = await sweepOne(afterId, options.calendarIds ?? null);
      if (id === null) break;
      afterId = id;
      count += 1;
    }
    return count;
  }

  // ---------------------------------------------------------------- public functions

  return {
    /** GET /api/v1/experiences/{tour_id}/price */
    async quote(ctx: Ctx, tourIdRaw: unknown, input: unknown): Promise<PriceQuote> {
      const tourId = tourIdOf(tourIdRaw);
      const q = parseInput(quoteSchema, normalizeQuery(input));
      await sweepExpiredHolds({ calendarIds: q.calendar_ids, limit: 10 });
      return (await prepare(ctx.em, tourId, q, new Date())).quote;
    },

    /** What /reservations/new renders (404 / 422 like the price call). */
    async form(ctx: Ctx, input: { tour_id?: unknown; cid?: unknown }): Promise<ReservationForm> {
      const tourId = tourIdOf(input.tour_id);
      const q = parseInput(quoteSchema, { calendar_ids: input.cid, number_of_people: 1 });
      await sweepExpiredHolds({ calendarIds: q.calendar_ids, limit: 10 });
      const p = await prepare(ctx.em, tourId, q, new Date());
      const e = p.experience;
      const first = p.calendars[0];
      const paymentsConfig =
        gateway().kind === 'stripe'
          ? { gateway: 'stripe' as const, publishable_key: env.STRIPE_PUBLISHABLE_KEY ?? null }
          : { gateway: 'test' as const, publishable_key: null };
      return {
        experience: {
          id: e.id,
          title: e.title,
          price: e.price,
          price_side_note: e.priceSideNote,
          note: e.note,
          reservation_notice: e.reservationNotice ?? null,
          cancellation_period: e.cancellationPeriod,
          online: e.online,
          address: !e.online && e.addressDisplayable ? (e.address ?? null) : null,
          state: !e.online && e.addressDisplayable ? (e.prefecture?.name ?? null) : null,
          options: e.options.getItems().map((o) => ({ id: o.id, name: o.name, description: o.description, price: o.price })),
        },
        calendars: p.calendars.map((c) => ({
          id: c.id,
          date: c.date,
          start_time: c.startTime,
          end_time: c.endTime,
          recruitment_number: c.recruitmentNumber,
          participant_number: c.participantNumber,
        })),
        max_people: e.price === 0 || p.calendars.length > 1 ? 1 : Math.max(1, first.recruitmentNumber - first.participantNumber),
        quote: p.quote,
        payment: paymentsConfig,
      };
    },

    /** POST /api/v1/reservations */
    async reserve(ctx: Ctx, input: unknown): Promise<ReserveResult> {
      const actor = requireUser(ctx);
      const data = parseInput(reserveSchema, input);
      const raw = (input ?? {}) as Record<string, unknown>;
      // Scoped by user: the same attempt key from another account is another attempt.
      const key = `u${actor.id}:${data.idempotency_key ?? randomUUID()}`;
      const existing = await findByKey(key);
      if (existing) return resume(existing, data.payment_token);

      // The experience: tour_id when the client sends it, else the first slot's.
      let tourId = parseId(raw.tour_id);
      if (!tourId) {
        const slot = await ctx.em.findOne(Calendar, { id: { $in: data.calendar_ids } }, { orderBy: { id: 'asc' } });
        if (!slot) throw ValidationError.of('calendar_ids', ja.reservations.slotNotFound);
        tourId = slot.experience.id;
      }
      await sweepExpiredHolds({ calendarIds: data.calendar_ids, limit: 10 });

      let held: { id: number; free: boolean };
      try {
        held = await hold(actor.id, tourId, data, key, new Date());
      } catch (error) {
        // A twin request with the same key won the race: answer with its reservation.
        if (isUniqueViolation(error) || error instanceof ValidationError) {
          const twin = await findByKey(key);
          if (twin) return resume(twin, data.payment_token);
        }
        throw error;
      }
      if (held.free) return { kind: 'confirmed', reservation: await view(fresh(), held.id) };
      return charge(held.id, data.payment_token!);
    },

    /** POST /api/v1/reservations/{id}/confirm: after the browser finished 3-D Secure. */
    async confirm(ctx: Ctx, idRaw: unknown): Promise<ReserveResult> {
      const user = requireUser(ctx);
      const id = parseId(idRaw);
      const r = id ? await fresh().findOne(Reservation, { id, user: user.id }) : null;
      if (!r) throw new NotFoundError(ja.reservations.reservationNotFound, 'reservation');
      if ((ACTIVE as readonly string[]).includes(r.status) && r.paymentReference) {
        return settle(r.id, await guarded(() => gateway().retrieveIntent(r.paymentReference!)));
      }
      return answer(r.id);
    },

    /** The caller's own reservation. */
    async get(ctx: Ctx, idRaw: unknown): Promise<ReservationView> {
      const user = requireUser(ctx);
      const id = parseId(idRaw);
      const r = id ? await ctx.em.findOne(Reservation, { id, user: user.id }) : null;
      if (!r) throw new NotFoundError(ja.reservations.reservationNotFound, 'reservation');
      return view(ctx.em, r.id);
    },

    /** Releases expired holds (worker, and lazily before availability checks). */
    sweepExpiredHolds,

    /** The title for the completion page's share text (published experiences only). */
    async experienceTitle(ctx: Ctx, tourIdRaw: unknown): Promise<string | null> {
      const id = parseId(tourIdRaw);
      if (!id) return null;
      const e = await ctx.em.findOne(Experience, { id, approve: true }, { fields: ['title'] });
      return e?.title ?? null;
    },
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
