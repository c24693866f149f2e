// Shared by the reservation form, the API and the service. Browser-safe.
import { z } from 'zod';
import { countJson, dateJson, dateTimeJson, idJson, MAX_ID, oneLine, parseId, timeJson, type InputOf } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { PriceQuote } from './pricing';
import type { PaymentConfig } from '#src/modules/payments/payments.schemas';
import { MESSAGE_TO_HOST_MAX } from './reservations.shared';

/** guest-and-host.md §9: at most 30 slots in one reservation. */
const MAX_SLOTS = 30;

/**
 * calendar_ids arrive as a JSON array, as repeated `calendar_ids[]=` query parameters (Express 5's simple query
 * parser keeps the brackets in the key), or as the page URL's comma-separated `cid`.
 */
function toIdList(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [v],
  );
}

const positiveId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (parseId(v.trim()) ?? v) : v),
    z.number({ error: message }).int(message).positive(message).max(MAX_ID, message),
  );

const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null || v === 'null' ? undefined : v), positiveId(message).optional());

const calendarIdsSchema = z.preprocess(
  toIdList,
  z
    .array(positiveId(ja.reservations.slotNotFound), { error: ja.reservations.selectDates })
    .min(1, ja.reservations.selectDates)
    .max(MAX_SLOTS, ja.reservations.tooManySlots(MAX_SLOTS))
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
);

export const quoteSchema = z.object({
  calendar_ids: calendarIdsSchema,
  number_of_people: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: ja.reservations.peopleInvalid })
      .int(ja.reservations.peopleInvalid)
      .min(1, ja.reservations.peopleInvalid)
      .max(30, ja.reservations.peopleInvalid),
  ),
  option_id: optionalId(ja.reservations.optionNotFound),
  coupon_code: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v),
    z.string({ error: ja.reservations.couponNotFound }).trim().max(50, ja.reservations.couponNotFound).check(oneLine()).optional(),
  ),
});

export const reserveSchema = quoteSchema.extend({
  payment_token: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: ja.reservations.paymentTokenRequired })
      .trim()
      .min(1, ja.reservations.paymentTokenRequired)
      .max(255, ja.reservations.paymentTokenRequired)
      .check(oneLine())
      .optional(),
  ),
  message_to_host: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: ja.reservations.messageTooLong(MESSAGE_TO_HOST_MAX) })
      .trim()
      .max(MESSAGE_TO_HOST_MAX, ja.reservations.messageTooLong(MESSAGE_TO_HOST_MAX))
      .optional(),
  ),
  /** One per form load (an attempt): the same key from the same user returns the same reservation. */
  idempotency_key: z
    .string({ error: ja.reservations.idempotencyKeyInvalid })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, ja.reservations.idempotencyKeyInvalid)
    .optional(),
});

export type QuoteInput = z.infer<typeof quoteSchema>;
export type ReserveInput = z.infer<typeof reserveSchema>;
/** The price call's query and the reservation's body as their callers send them. */
export type QuoteQuery = InputOf<typeof quoteSchema>;
export type ReserveRequest = InputOf<typeof reserveSchema>;

/** The session flag that lets /reservations/complete show the completion screen once. */
export function completionFlagKey(tourId: number | string, calendarIds: readonly (number | string)[]): string {
  const ids = [...new Set(calendarIds.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))].sort((a, b) => a - b);
  return `reservation:${Number(tourId)}:${ids.join(',')}`;
}

/** 'HH:MM' slots as the form shows them. */
export interface SlotSummary {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  recruitment_number: number;
  participant_number: number;
}

export interface OptionSummary {
  id: number;
  name: string;
  description: string;
  price: number;
}

/** Everything /reservations/new renders on the server. */
export interface ReservationForm {
  experience: {
    id: number;
    title: string;
    price: number;
    price_side_note: string;
    note: string;
    reservation_notice: string | null;
    cancellation_period: number;
    online: boolean;
    /** Only when address_displayable. */
    address: string | null;
    state: string | null;
    options: OptionSummary[];
  };
  calendars: SlotSummary[];
  /** 1 when the fee is 0 or several dates are booked, else the first slot's remaining seats; a キャンセル待ち offer's party (waitlist_offer). */
  max_people: number;
  quote: QuoteJson;
  payment: PaymentConfig;
  waitlist_offer: { number_of_people: number; expires_at: string; expires_label: string } | null;
}

/** What cancelling a reservation of these dates would refund, as it stands when the quote is made. */
export interface QuoteCancellation {
  /** The policy: a full refund until this many days before the first date. */
  policy_days: number;
  /** The last date (Japan time, 'yyyy-MM-dd') on which a cancellation refunds in full. */
  last_full_refund_date: string;
  /** The first instant at which a cancellation no longer refunds. */
  deadline_at: string;
  /** false: the free-cancellation deadline of these dates has already passed (a booking now is never refunded). */
  full_refund: boolean;
}

/** GET /experiences/{tour_id}/price and the form's first quote: the price and what a cancellation would refund. */
export interface QuoteJson extends PriceQuote {
  cancellation: QuoteCancellation;
}

export interface ReservationView {
  id: number;
  status: string;
  tour_id: number;
  title: string;
  number_of_people: number;
  option: { id: number | null; name: string } | null;
  coupon_code: string | null;
  message_to_host: string | null;
  amounts: PriceQuote;
  calendars: { id: number; date: string; start_time: string; end_time: string }[];
  confirmed_at: string | null;
  created_at: string;
}

/** 202 answer: the card needs authentication (3-D Secure) before the reservation can be confirmed. */
export interface ReservationActionRequired {
  status: 'requires_action';
  reservation_id: number;
  gateway: 'test' | 'stripe';
  client_secret: string;
  /** Test gateway: the stand-in authentication endpoint. Stripe: a redirect URL when Stripe gives one, else null. */
  next_action_url: string | null;
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

export const priceQuoteJsonSchema = z
  .object({
    tour: countJson(),
    discount: countJson(),
    option: countJson(),
    service_fee: countJson(),
    processing_fee: countJson(),
    total: countJson(),
  })
  .meta({ id: 'PriceQuote', description: '料金の内訳（円、整数）' }) satisfies z.ZodType<PriceQuote>;

export const quoteJsonSchema = priceQuoteJsonSchema
  .extend({
    cancellation: z
      .object({
        policy_days: z.number().int().min(1).meta({ description: '開催日の何日前まで全額返金か' }),
        last_full_refund_date: dateJson().meta({ description: '全額返金される最後の日（日本時間）' }),
        deadline_at: dateTimeJson().meta({ description: 'この時刻以降のキャンセルは返金されない' }),
        full_refund: z.boolean().meta({ description: 'false: この日程は全額返金の期限を過ぎており、予約後のキャンセルは返金されない' }),
      })
      .meta({ id: 'QuoteCancellation', description: 'この日程を今予約した場合のキャンセル時の返金' }),
  })
  .meta({ id: 'Quote', description: '料金の見積もりとキャンセル時の返金' }) satisfies z.ZodType<QuoteJson>;

export const reservationJsonSchema = z
  .object({
    id: idJson(),
    status: z.string().meta({ description: 'pending / confirmed / failed / expired など' }),
    tour_id: idJson(),
    title: z.string(),
    number_of_people: z.number().int().min(1),
    option: z.object({ id: idJson().nullable(), name: z.string() }).nullable(),
    coupon_code: z.string().nullable(),
    message_to_host: z.string().nullable(),
    amounts: priceQuoteJsonSchema,
    calendars: z.array(z.object({ id: idJson(), date: dateJson(), start_time: timeJson(), end_time: timeJson() })),
    confirmed_at: dateTimeJson().nullable(),
    created_at: dateTimeJson(),
  })
  .meta({ id: 'Reservation', description: '予約' }) satisfies z.ZodType<ReservationView>;

export const reservationActionRequiredJsonSchema = z
  .object({
    status: z.literal('requires_action'),
    reservation_id: idJson(),
    gateway: z.enum(['test', 'stripe']),
    client_secret: z.string(),
    next_action_url: z.string().nullable(),
  })
  .meta({
    id: 'ReservationActionRequired',
    description: 'カードの追加認証（3-D セキュア）が必要です',
  }) satisfies z.ZodType<ReservationActionRequired>;
