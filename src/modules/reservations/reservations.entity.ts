import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '#src/modules/users/users.entity';
import { Experience, ExperienceOption } from '#src/modules/experiences/experiences.entity';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { Coupon } from '#src/modules/coupons/coupons.entity';
import { Timestamped } from '#src/lib/base.entity';
import { RESERVATION_STATUSES } from './reservations.shared';

const CANCELLED_BY = ['guest', 'host', 'operator'] as const;
const REFUND_STATUSES = ['pending', 'succeeded'] as const;

/**
 * A booking of one or more slots (reservation_calendars), all-or-nothing. Amounts are the quote at booking
 * time in integer yen; the CHECKs repeat the pricing identity of ARCHITECTURE.md so a wrong sum cannot be stored.
 * While status is pending/requires_action the seats are held until hold_expires_at.
 */
export const Reservation = defineEntity({
  name: 'Reservation',
  tableName: 'reservations',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('restrict'),
    experience: () => p.manyToOne(Experience).deleteRule('restrict'),
    numberOfPeople: p.integer(),
    // SET NULL: a host may delete an option later; option_name and option_amount keep what was booked.
    option: () => p.manyToOne(ExperienceOption).nullable().deleteRule('set null'),
    optionName: p.string().length(255).nullable(),
    coupon: () => p.manyToOne(Coupon).nullable().deleteRule('restrict'),
    couponCode: p.string().length(50).nullable(),
    messageToHost: p.text().nullable(),
    tourAmount: p.integer(),
    discountAmount: p.integer().default(0),
    optionAmount: p.integer().default(0),
    serviceFee: p.integer(),
    processingFee: p.integer(),
    totalAmount: p.integer(),
    /** The gateway's payment intent id. */
    paymentReference: p.string().length(255).nullable().unique(),
    /** Derived from the request; a retried request finds the same row and never charges twice. */
    idempotencyKey: p.string().length(255).unique(),
    status: p.enum([...RESERVATION_STATUSES]).default('pending'),
    holdExpiresAt: p.datetime().nullable(),
    /** Last payment failure, for support (never shown raw to guests). */
    failureMessage: p.text().nullable(),
    confirmedAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    /** Who cancelled a confirmed reservation (the guest under the policy, or the host's whole-slot cancellation). */
    cancelledBy: p.enum([...CANCELLED_BY]).nullable(),
    /** The host's reason, mailed to the guest (host cancellations only). */
    cancellationReason: p.text().nullable(),
    /** What the cancellation refunds (integer yen; 0 after the policy's deadline). */
    refundAmount: p.integer().nullable(),
    calendars: () => p.oneToMany(ReservationCalendar).mappedBy('reservation'),
  },
  checks: [
    { name: 'reservations_number_of_people_positive', expression: 'number_of_people >= 1' },
    {
      name: 'reservations_amounts_non_negative',
      expression:
        'tour_amount >= 0 and discount_amount >= 0 and option_amount >= 0 and service_fee >= 0 and processing_fee >= 0 and total_amount >= 0',
    },
    { name: 'reservations_discount_max', expression: 'discount_amount <= tour_amount + option_amount' },
    {
      name: 'reservations_total_amount_sum',
      expression: 'total_amount = tour_amount + option_amount - discount_amount + service_fee + processing_fee',
    },
    { name: 'reservations_confirmed_at', expression: "status <> 'confirmed' or confirmed_at is not null" },
    {
      name: 'reservations_refund_amount_range',
      expression: 'refund_amount is null or (refund_amount >= 0 and refund_amount <= total_amount)',
    },
  ],
  indexes: [
    { properties: ['user', 'createdAt'] },
    { properties: ['experience', 'status'] },
    { properties: ['coupon'] },
    // The sweeper that releases expired holds.
    { name: 'reservations_hold_expires_at_index', properties: ['holdExpiresAt'], where: "status in ('pending', 'requires_action')" },
    // The dashboards' weekly bookings and cancellations (Migration20261129140000_dashboard_indexes).
    {
      name: 'reservations_confirmed_at_index',
      expression:
        'create index "reservations_confirmed_at_index" on "reservations" ("confirmed_at") include ("total_amount") where confirmed_at is not null',
    },
    {
      name: 'reservations_cancelled_at_index',
      expression: 'create index "reservations_cancelled_at_index" on "reservations" ("cancelled_at") where cancelled_at is not null',
    },
    // The admin's reservations list, newest first, and its status filter (Migration20261204100000_admin_reservations_list).
    {
      name: 'reservations_created_at_index',
      expression: 'create index "reservations_created_at_index" on "reservations" ("created_at" desc, "id" desc)',
    },
    {
      name: 'reservations_status_created_at_index',
      expression: 'create index "reservations_status_created_at_index" on "reservations" ("status", "created_at" desc, "id" desc)',
    },
  ],
});

/** The slots of a reservation. A slot with reservations cannot be deleted (RESTRICT): money and history. */
export const ReservationCalendar = defineEntity({
  name: 'ReservationCalendar',
  tableName: 'reservation_calendars',
  properties: {
    id: p.integer().primary(),
    reservation: () => p.manyToOne(Reservation).deleteRule('cascade'),
    calendar: () => p.manyToOne(Calendar).deleteRule('restrict'),
  },
  uniques: [{ name: 'reservation_calendars_reservation_id_calendar_id_unique', properties: ['reservation', 'calendar'] }],
  indexes: [
    {
      // Covering: "the reservations of these slots" reads the index alone.
      name: 'reservation_calendars_calendar_id_index',
      expression:
        'create index "reservation_calendars_calendar_id_index" on "reservation_calendars" ("calendar_id") include ("reservation_id")',
    },
  ],
});

/**
 * The refund of a cancelled reservation, at most one per reservation (the unique reservation_id), so a
 * replayed or concurrent cancellation can never refund twice. 'pending' until the gateway confirmed it; the worker
 * retries pending rows (next_attempt_at) with the same idempotency key, so a retry never creates a second refund.
 */
export const Refund = defineEntity({
  name: 'Refund',
  tableName: 'refunds',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    reservation: () => p.manyToOne(Reservation).deleteRule('restrict').unique(),
    /** Integer yen, more than 0 (a cancellation without money back has no refund row). */
    amount: p.integer(),
    status: p.enum([...REFUND_STATUSES]).default('pending'),
    /** Derived from the reservation (the gateway's idempotency key). */
    idempotencyKey: p.string().length(255).unique(),
    /** The gateway's refund id once it succeeded. */
    gatewayReference: p.string().length(255).nullable(),
    attempts: p.integer().default(0),
    nextAttemptAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    lastError: p.text().nullable(),
    succeededAt: p.datetime().nullable(),
  },
  checks: [
    { name: 'refunds_amount_positive', expression: 'amount > 0' },
    { name: 'refunds_attempts_non_negative', expression: 'attempts >= 0' },
    { name: 'refunds_succeeded_at', expression: "status <> 'succeeded' or succeeded_at is not null" },
  ],
  indexes: [
    { name: 'refunds_pending_index', properties: ['nextAttemptAt'], where: "status = 'pending'" },
    // The dashboards' weekly refunds (Migration20261129140000_dashboard_indexes).
    {
      name: 'refunds_created_at_index',
      expression: 'create index "refunds_created_at_index" on "refunds" ("created_at") include ("amount")',
    },
  ],
});

export type IReservation = InferEntity<typeof Reservation>;
