// Reservations (issue 4): the price quote, the reservation form, booking with seat hold and card payment, 3-D Secure
// confirmation, the guest's reservation, and the hold sweeper. This factory composes the parts, each in its own file:
//   quote.ts         the booking rules and the price (one 422 with every message)
//   booking.ts       hold -> charge -> settle, idempotent under retries and concurrency
//   settlement.ts    the state transitions (confirm with mails, release seats and coupon) inside a transaction
//   hold-sweeper.ts  settles abandoned holds (cancel at the gateway first, then release)
//   views.ts         the reservation JSON and the form's data
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { publicBaseUrl, type Env } from '#src/lib/env';
import type { Logger } from '#src/lib/logger';
import { requireUser, userOf, type Ctx } from '#src/lib/context';
import { NotFoundError, ValidationError } from '#src/lib/errors';
import { idFrom, parseId, parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { publishedTitle } from '#src/modules/experiences/experiences.repository';
import { experienceIdOfFirstSlot } from '#src/modules/calendars/calendars.repository';
import type { PaymentGateway } from '#src/modules/payments/gateway';
import { paymentConfig } from '#src/modules/payments/payments.config';
import { Reservation } from './reservations.entity';
import type { PriceQuote } from './pricing';
import { createQuoter, experienceNotFound, normalizeQuery } from './quote';
import { createSettlement } from './settlement';
import { createHoldSweeper } from './hold-sweeper';
import { createBooking, type ReserveResult } from './booking';
import { reservationFormView, reservationView } from './views';
import { quoteSchema, reserveSchema, type ReservationForm, type ReservationView } from './reservations.schemas';

export type { ReserveResult };

export interface ReservationsDeps {
  orm: MikroORM;
  env: Env;
  log: Logger;
  gateway: PaymentGateway;
}

const reservationNotFound = () => new NotFoundError(ja.reservations.reservationNotFound, 'reservation');

export function createReservationsService(deps: ReservationsDeps) {
  const { orm, env, log, gateway } = deps;
  const baseUrl = publicBaseUrl(env);
  const prepare = createQuoter(env);
  const settlement = createSettlement({ env, baseUrl });
  const sweepExpiredHolds = createHoldSweeper({ orm, log, gateway, settlement });
  const booking = createBooking({ orm, env, log, gateway, baseUrl, prepare, settlement, sweepExpiredHolds });

  /** GET /api/v1/experiences/{tour_id}/price (input: { tour_id, calendar_ids, number_of_people, option_id, coupon_code }). */
  async function quote(ctx: Ctx, input: unknown): Promise<PriceQuote> {
    const tourId = idFrom(input, 'tour_id', experienceNotFound);
    const q = parseInput(quoteSchema, normalizeQuery(input));
    await sweepExpiredHolds({ calendarIds: q.calendar_ids, limit: 10 });
    return (await prepare(ctx.em, tourId, q, new Date(), userOf(ctx)?.id ?? null)).quote;
  }

  /** What /reservations/new renders (input: { tour_id, cid }; 404 / 422 like the price call). */
  async function form(ctx: Ctx, input: unknown): Promise<ReservationForm> {
    const tourId = idFrom(input, 'tour_id', experienceNotFound);
    const q = parseInput(quoteSchema, { calendar_ids: (input as { cid?: unknown } | null)?.cid, number_of_people: 1 });
    await sweepExpiredHolds({ calendarIds: q.calendar_ids, limit: 10 });
    return reservationFormView(await prepare(ctx.em, tourId, q, new Date(), userOf(ctx)?.id ?? null), paymentConfig(env));
  }

  /** POST /api/v1/reservations */
  async function reserve(ctx: Ctx, input: unknown): Promise<ReserveResult> {
    const actor = requireUser(ctx);
    const data = parseInput(reserveSchema, input);
    // Scoped by user: the same attempt key from another account is another attempt.
    const key = `u${actor.id}:${data.idempotency_key ?? randomUUID()}`;
    // The experience: tour_id when the client sends it, else the first slot's.
    const tourIdOf = async () => {
      const tourId = parseId((input as { tour_id?: unknown } | null)?.tour_id);
      if (tourId) return tourId;
      const experienceId = await experienceIdOfFirstSlot(ctx.em, data.calendar_ids);
      if (!experienceId) throw ValidationError.of('calendar_ids', ja.reservations.slotNotFound);
      return experienceId;
    };
    return booking.book(actor.id, data, key, tourIdOf);
  }

  /** POST /api/v1/reservations/{id}/confirm: after the browser finished 3-D Secure (input: { id }). */
  async function confirm(ctx: Ctx, input: unknown): Promise<ReserveResult> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', reservationNotFound);
    const r = await orm.em.fork().findOne(Reservation, { id, user: user.id });
    if (!r) throw reservationNotFound();
    return booking.confirmAfterAction(r);
  }

  /** GET /api/v1/reservations/{id}: the caller's own reservation (input: { id }). */
  async function get(ctx: Ctx, input: unknown): Promise<ReservationView> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', reservationNotFound);
    const r = await ctx.em.findOne(Reservation, { id, user: user.id });
    if (!r) throw reservationNotFound();
    return reservationView(ctx.em, r.id);
  }

  /** The title for the completion page's share text (published experiences only; input: { tour_id }). */
  async function experienceTitle(ctx: Ctx, input: unknown): Promise<string | null> {
    const id = parseId((input as { tour_id?: unknown } | null)?.tour_id);
    if (!id) return null;
    return publishedTitle(ctx.em, id);
  }

  return {
    quote,
    form,
    reserve,
    confirm,
    get,
    experienceTitle,
    /** The job: releases expired holds (the worker, and lazily before availability checks). */
    sweepExpiredHolds,
    /** The Stripe webhook's step (issue 13): settle the reservation of an intent as the browser's confirm would. */
    syncPaymentIntent: booking.syncIntent,
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
