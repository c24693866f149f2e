// Reservations: the price quote, the reservation form, booking with seat hold and card payment, 3-D Secure
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
import { requireAdmin, requireUser, userOf, withEm, type Ctx } from '#src/lib/context';
import type { AuditService } from '#src/modules/audit/audit.service';
import { ForbiddenError, NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import { emailVerified } from '#src/modules/users/users.repository';
import { idFrom, parseId, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { publishedTitle } from '#src/modules/experiences/experiences.repository';
import { experienceIdOfFirstSlot } from '#src/modules/calendars/calendars.repository';
import type { PaymentGateway } from '#src/modules/payments/gateway';
import { paymentConfig } from '#src/modules/payments/payments.config';
import { Reservation } from './reservations.entity';
import { createQuoter, experienceNotFound, normalizeQuery } from './quote';
import { createSettlement } from './settlement';
import { createHoldSweeper } from './hold-sweeper';
import { createBooking, type ReserveResult } from './booking';
import { quoteJson, reservationDetail, reservationFormView, reservationSummaries, reservationView } from './views';
import {
  quoteSchema,
  reserveSchema,
  type QuoteJson,
  type QuoteQuery,
  type ReservationForm,
  type ReservationView,
  type ReserveRequest,
} from './reservations.schemas';
import {
  cancelReservationSchema,
  reservationListQuerySchema,
  slotCancellationSchema,
  type CancellationPreview,
  type CancelReservationInput,
  type ReservationListQuery,
  type SlotCancellationInput,
  type ReservationDetail,
  type ReservationList,
  type SlotCancellationResult,
} from './guest-reservations.schemas';
import { createCancellation } from './cancellation';
import {
  operatorCancellationSchema,
  type OperatorCancellationInput,
  type OperatorCancellationResult,
} from './operator-cancellation.schemas';
import { findOffer } from './waitlist-offers';
import type { CancellationTerms } from './cancellation-policy';
import { ConflictError } from '#src/lib/isomorphic/errors';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import { findSlots } from '#src/modules/calendars/calendars.repository';
import { canManageExperience } from '#src/modules/experiences/experiences.policy';
import { slotStarted } from '#src/modules/calendars/slots';

export type { ReserveResult };

export interface ReservationsDeps {
  orm: MikroORM;
  env: Env;
  log: Logger;
  gateway: PaymentGateway;
  audit: AuditService;
}

const reservationNotFound = () => new NotFoundError(ja.reservations.reservationNotFound, 'reservation');
const calendarNotFound = () => new NotFoundError(ja.guestReservations.calendarNotFound, 'calendar');
const LIST_PER_PAGE = 20;

function previewJson(id: number, total: number, t: CancellationTerms, status: string): CancellationPreview {
  const reason =
    status === 'cancelled'
      ? ja.guestReservations.alreadyCancelled
      : status !== 'confirmed'
        ? ja.guestReservations.notCancellable
        : t.started
          ? ja.guestReservations.slotStarted
          : null;
  return {
    reservation_id: id,
    cancellable: reason === null,
    reason,
    policy: { days: t.policyDays, name: ja.guestReservations.policyName(t.policyDays) },
    last_full_refund_date: t.lastFullRefundDate,
    deadline_at: t.deadlineAt.toISOString(),
    deadline_label: ja.reservations.deadlineLabel(formatDateJa(t.lastFullRefundDate)),
    total_amount: total,
    refund_amount: reason === null ? t.refundAmount : 0,
    full_refund: reason === null && t.fullRefund,
  };
}

export function createReservationsService(deps: ReservationsDeps) {
  const { orm, env, log, gateway, audit } = deps;
  const baseUrl = publicBaseUrl(env);
  const prepare = createQuoter(env);
  const settlement = createSettlement({ env, baseUrl });
  const sweepExpiredHolds = createHoldSweeper({ orm, log, gateway, settlement });
  const booking = createBooking({ orm, env, log, gateway, baseUrl, prepare, settlement, sweepExpiredHolds });
  const cancellation = createCancellation({ orm, env, baseUrl, log, gateway, settlement, sweepExpiredHolds });

  /** GET /api/v1/experiences/{tour_id}/price (input: { tour_id, calendar_ids, number_of_people, option_id, coupon_code }). */
  async function quote(ctx: Ctx, input: { tour_id: IdInput; 'calendar_ids[]'?: unknown } & QuoteQuery): Promise<QuoteJson> {
    const tourId = idFrom(input, 'tour_id', experienceNotFound);
    const q = parseInput(quoteSchema, normalizeQuery(input));
    await sweepExpiredHolds({ calendarIds: q.calendar_ids, limit: 10 });
    const now = new Date();
    const userId = userOf(ctx)?.id ?? null;
    const offer = userId === null ? null : await findOffer(ctx.em, userId, q.calendar_ids, now);
    return quoteJson(await prepare(ctx.em, tourId, q, now, userId, offer), now);
  }

  /** What /reservations/new renders (input: { tour_id, cid }; 404 / 422 like the price call). */
  async function form(ctx: Ctx, input: { tour_id: IdInput; cid?: string }): Promise<ReservationForm> {
    const tourId = idFrom(input, 'tour_id', experienceNotFound);
    const q = parseInput(quoteSchema, { calendar_ids: input.cid, number_of_people: 1 });
    await sweepExpiredHolds({ calendarIds: q.calendar_ids, limit: 10 });
    const now = new Date();
    const userId = userOf(ctx)?.id ?? null;
    // A キャンセル待ち offer prefills the form with its party.
    const offer = userId === null ? null : await findOffer(ctx.em, userId, q.calendar_ids, now);
    const asked = offer ? { ...q, number_of_people: offer.people } : q;
    return reservationFormView(await prepare(ctx.em, tourId, asked, now, userId, offer), paymentConfig(env), now, offer);
  }

  /** POST /api/v1/reservations */
  async function reserve(ctx: Ctx, input: ReserveRequest & { tour_id?: IdInput }): Promise<ReserveResult> {
    const actor = requireUser(ctx);
    // The sign-up address check comes before the first booking (the confirmations go to that address).
    if (!(await emailVerified(ctx.em, actor.id))) throw new ForbiddenError(ja.emailVerification.requiredToBook);
    const data = parseInput(reserveSchema, input);
    // Scoped by user: the same attempt key from another account is another attempt.
    const key = `u${actor.id}:${data.idempotency_key ?? randomUUID()}`;
    // The experience: tour_id when the client sends it, else the first slot's.
    const tourIdOf = async () => {
      const tourId = parseId(input.tour_id);
      if (tourId) return tourId;
      const experienceId = await experienceIdOfFirstSlot(ctx.em, data.calendar_ids);
      if (!experienceId) throw ValidationError.of('calendar_ids', ja.reservations.slotNotFound);
      return experienceId;
    };
    return booking.book(actor.id, data, key, tourIdOf);
  }

  /** POST /api/v1/reservations/{id}/confirm: after the browser finished 3-D Secure (input: { id }). */
  async function confirm(ctx: Ctx, input: { id: IdInput }): Promise<ReserveResult> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', reservationNotFound);
    const r = await orm.em.fork().findOne(Reservation, { id, user: user.id });
    if (!r) throw reservationNotFound();
    return booking.confirmAfterAction(r);
  }

  /** The caller's own reservation row, or the reservation's 404 (anyone else's, unknown or malformed ids). */
  async function own(ctx: Ctx, input: { id: IdInput }) {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', reservationNotFound);
    const r = await ctx.em.findOne(Reservation, { id, user: user.id }, { populate: ['experience'], refresh: true });
    if (!r) throw reservationNotFound();
    return r;
  }

  async function previewOf(ctx: Ctx, r: Awaited<ReturnType<typeof own>>, now: Date): Promise<CancellationPreview> {
    const t = await cancellation.preview(
      ctx.em,
      { id: r.id, total_amount: r.totalAmount, cancellation_period: r.experience.cancellationPeriod },
      now,
    );
    return previewJson(r.id, r.totalAmount, t, r.status);
  }

  /** GET /api/v1/reservations/{id}: the caller's own reservation with what the detail page shows (input: { id }). */
  async function get(ctx: Ctx, input: { id: IdInput }): Promise<ReservationDetail> {
    const r = await own(ctx, input);
    const now = new Date();
    const preview = r.status === 'confirmed' ? await previewOf(ctx, r, now) : null;
    return reservationDetail(ctx.em, r.id, now, preview);
  }

  /** GET /api/v1/reservations?scope=upcoming|past&page=: the signed-in guest's confirmed and cancelled reservations. */
  async function list(ctx: Ctx, input: ReservationListQuery): Promise<ReservationList> {
    const user = requireUser(ctx);
    const q = parseInput(reservationListQuerySchema, input);
    const upcoming = q.scope === 'upcoming';
    // Upcoming while the last booked slot has not ended (Japan time); upcoming soonest first, past latest first.
    const base = `FROM reservations r JOIN reservation_calendars rc ON rc.reservation_id = r.id JOIN calendars c ON c.id = rc.calendar_id
      WHERE r.user_id = ? AND r.status IN ('confirmed', 'cancelled')
      GROUP BY r.id HAVING max((c.date + c.end_time::time) AT TIME ZONE 'Asia/Tokyo') ${upcoming ? '>' : '<='} ?`;
    const now = new Date();
    const counted = await ctx.em.execute<{ n: string }[]>(`SELECT count(*) AS n FROM (SELECT r.id ${base}) x`, [user.id, now]);
    const rows = await ctx.em.execute<{ id: number }[]>(
      `SELECT r.id ${base} ORDER BY min(c.date + c.start_time::time) ${upcoming ? 'ASC' : 'DESC'}, r.id ${upcoming ? 'ASC' : 'DESC'}
       LIMIT ? OFFSET ?`,
      [user.id, now, LIST_PER_PAGE, (q.page - 1) * LIST_PER_PAGE],
    );
    return {
      scope: q.scope,
      page: q.page,
      per_page: LIST_PER_PAGE,
      total: Number(counted[0]?.n ?? 0),
      reservations: await reservationSummaries(
        ctx.em,
        rows.map((row) => Number(row.id)),
      ),
    };
  }

  /** GET /api/v1/reservations/{id}/cancellation: the refund cancelling now would give and the policy's deadline. */
  async function cancellationPreview(ctx: Ctx, input: { id: IdInput }): Promise<CancellationPreview> {
    return previewOf(ctx, await own(ctx, input), new Date());
  }

  /** POST /api/v1/reservations/{id}/cancellation: the guest cancels (input: { id, expected_refund_amount? }). */
  async function cancel(ctx: Ctx, input: { id: IdInput } & CancelReservationInput): Promise<ReservationDetail> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', reservationNotFound);
    const data = parseInput(cancelReservationSchema, input);
    await cancellation.cancelByGuest(user.id, id, data.expected_refund_amount, reservationNotFound, new Date());
    return reservationDetail(ctx.em, id, new Date(), null);
  }

  /**
   * POST /api/v1/admin/reservations/{id}/cancellation (ADMIN, the CLI's cancel-reservation): an operator cancels a
   * confirmed reservation for its guest, with a reason and a full or policy refund (cancellation.ts
   * cancelByOperator); audited.
   */
  async function cancelByOperator(ctx: Ctx, input: { id: IdInput } & OperatorCancellationInput): Promise<OperatorCancellationResult> {
    requireAdmin(ctx);
    const id = idFrom(input, 'id', reservationNotFound);
    const data = parseInput(operatorCancellationSchema, input);
    const { refundAmount } = await cancellation.cancelByOperator(
      id,
      data,
      reservationNotFound,
      (tx, refundAmount) =>
        audit.record(withEm(ctx, tx), {
          entityType: 'reservation',
          entityId: id,
          action: 'cancel',
          before: { status: 'confirmed' },
          after: { status: 'cancelled', refund: data.refund, refund_amount: refundAmount, reason: data.reason },
        }),
      new Date(),
    );
    return { reservation_id: id, refund_amount: refundAmount };
  }

  /**
   * POST /api/v1/host/calendars/{id}/cancellation: the host (or an ambassador member, or an administrator) cancels a
   * whole slot: full refunds whatever the policy, each guest mailed with the reason (input: { id, reason }).
   */
  async function cancelSlot(ctx: Ctx, input: { id: IdInput } & SlotCancellationInput): Promise<SlotCancellationResult> {
    requireUser(ctx);
    const id = idFrom(input, 'id', calendarNotFound);
    const [slot] = await findSlots(ctx.em, [id]);
    if (!slot) throw calendarNotFound();
    await ctx.em.populate(slot, ['experience']);
    if (!(await canManageExperience(ctx, slot.experience))) throw calendarNotFound();
    const data = parseInput(slotCancellationSchema, input);
    const now = new Date();
    if (slotStarted(slot.date, slot.startTime, now)) throw new ConflictError(ja.guestReservations.slotAlreadyStarted);
    const result = await cancellation.cancelSlot(id, data.reason, now);
    return { calendar_id: id, cancelled_reservations: result.ids.length, refunded_amount: result.refunded };
  }

  /** The title for the completion page's share text (published experiences only; input: { tour_id }). */
  async function experienceTitle(ctx: Ctx, input: { tour_id: IdInput }): Promise<string | null> {
    const id = parseId(input.tour_id);
    if (!id) return null;
    return publishedTitle(ctx.em, id);
  }

  /**
   * The completion page's reservation (input: { tour_id, cid }): the caller's confirmed reservation of
   * exactly these slots of this experience, or null (signed out, someone else's, not confirmed).
   */
  async function completedReservation(ctx: Ctx, input: { tour_id: IdInput; cid?: string }): Promise<ReservationView | null> {
    const user = userOf(ctx);
    const tourId = parseId(input.tour_id);
    const wanted = [...new Set((input.cid ?? '').split(','))].map(parseId);
    if (!user || !tourId || wanted.length === 0 || wanted.some((id) => id === null)) return null;
    const key = (ids: (number | null)[]) => [...ids].sort((a, b) => Number(a) - Number(b)).join(',');
    const candidates = await ctx.em.find(
      Reservation,
      { user: user.id, experience: tourId, status: 'confirmed', calendars: { calendar: { $in: wanted as number[] } } },
      { fields: ['id'], orderBy: { id: 'desc' }, limit: 5 },
    );
    for (const candidate of candidates) {
      const view = await reservationView(ctx.em, candidate.id);
      if (key(view.calendars.map((c) => c.id)) === key(wanted)) return view;
    }
    return null;
  }

  return {
    quote,
    form,
    reserve,
    confirm,
    get,
    list,
    cancellationPreview,
    cancel,
    cancelSlot,
    cancelByOperator,
    experienceTitle,
    /** The job: retries refunds the gateway did not complete. */
    retryPendingRefunds: cancellation.retryPendingRefunds,
    completedReservation,
    /** The job: releases expired holds (the worker, and lazily before availability checks). */
    sweepExpiredHolds,
    /** The Stripe webhook's step: settle the reservation of an intent as the browser's confirm would. */
    syncPaymentIntent: booking.syncIntent,
    /** The Stripe webhook's charge.refunded: marks the reservation's pending refund done. */
    markRefundedAtGateway: cancellation.markRefundedAtGateway,
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
