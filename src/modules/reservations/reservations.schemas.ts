// Shared by the reservation form, the API and the service. Browser-safe.
import { z } from 'zod';
import { countJson, dateJson, dateTimeJson, idJson, MAX_ID, parseId, timeJson } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { PriceQuote } from './pricing';
import type { PaymentConfig } from '#src/modules/payments/payments.schemas';

/** guest-and-host.md §9: at most 30 slots in one reservation. */
const MAX_SLOTS = 30;
const MESSAGE_TO_HOST_MAX = 1000;

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
    z.string({ error: ja.reservations.couponNotFound }).trim().max(50, ja.reservations.couponNotFound).optional(),
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

// ---- The guest's reservations, cancellation, the host's slot cancellation (their texts: `gr`).
const gr = ja.guestReservations;

/** The last page number GET /reservations accepts (the /reservations page shows page 1 for a larger one). */
export const RESERVATIONS_MAX_PAGE = 10_000;

const pageNumber = z.preprocess(
  (v) => (v === undefined || v === '' ? 1 : typeof v === 'string' ? Number(v) : v),
  z.number({ error: gr.pageInvalid }).int(gr.pageInvalid).min(1, gr.pageInvalid).max(RESERVATIONS_MAX_PAGE, gr.pageInvalid),
);

/** GET /reservations?scope=upcoming|past&page= */
export const reservationListQuerySchema = z.object({
  scope: z.preprocess((v) => (v === undefined || v === '' ? 'upcoming' : v), z.enum(['upcoming', 'past'], { error: gr.scopeInvalid })),
  page: pageNumber,
});

/** POST /reservations/{id}/cancellation: the refund the guest was shown (optional); a different one now is a 409. */
export const cancelReservationSchema = z.object({
  expected_refund_amount: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: gr.expectedRefundInvalid })
      .int(gr.expectedRefundInvalid)
      .min(0, gr.expectedRefundInvalid)
      .max(100_000_000, gr.expectedRefundInvalid)
      .optional(),
  ),
});

const SLOT_CANCELLATION_REASON_MAX = 1000;

/** POST /host/calendars/{id}/cancellation */
export const slotCancellationSchema = z.object({
  reason: z
    .string({ error: gr.reasonRequired })
    .trim()
    .min(1, gr.reasonRequired)
    .max(SLOT_CANCELLATION_REASON_MAX, gr.reasonTooLong(SLOT_CANCELLATION_REASON_MAX)),
});

/**
 * What the guest sees as the state: 確定, キャンセル済み (no money back), 返金処理中 (refund not yet confirmed by the
 * gateway), 返金済み; the payment states of an unfinished attempt only appear on its own detail page.
 */
export type DisplayStatus = 'confirmed' | 'cancelled' | 'refund_pending' | 'refunded' | 'pending' | 'failed' | 'expired';

export interface CancellationInfo {
  cancelled_at: string;
  cancelled_by: 'guest' | 'host';
  /** The host's reason (whole-slot cancellation). */
  reason: string | null;
  refund_amount: number;
  refund_status: 'pending' | 'succeeded' | null;
}

/** GET /reservations/{id}/cancellation: what cancelling now would give. */
export interface CancellationPreview {
  reservation_id: number;
  cancellable: boolean;
  /** Why not, when not cancellable. */
  reason: string | null;
  policy: { days: number; name: string };
  /** The last date with a full refund (Japan time) and the instant from which there is none. */
  last_full_refund_date: string;
  deadline_at: string;
  deadline_label: string;
  total_amount: number;
  refund_amount: number;
  full_refund: boolean;
}

export interface ReservationSummary {
  id: number;
  status: string;
  display_status: DisplayStatus;
  tour_id: number;
  title: string;
  image_url: string | null;
  number_of_people: number;
  option: { id: number | null; name: string } | null;
  amounts: PriceQuote;
  calendars: { id: number; date: string; start_time: string; end_time: string }[];
  cancellation: CancellationInfo | null;
  created_at: string;
}

export interface ReservationList {
  scope: 'upcoming' | 'past';
  page: number;
  per_page: number;
  total: number;
  reservations: ReservationSummary[];
}

export interface ReservationDetail extends ReservationSummary {
  coupon_code: string | null;
  message_to_host: string | null;
  confirmed_at: string | null;
  host: { name: string };
  online: boolean;
  /** Only when the host lets it be displayed (in person). */
  address: string | null;
  state: string | null;
  /** Only to the guest of a confirmed reservation, from the day before the first slot (Japan time). */
  online_url: string | null;
  online_url_from: string | null;
  cancellation_preview: CancellationPreview | null;
}

export interface SlotCancellationResult {
  calendar_id: number;
  cancelled_reservations: number;
  refunded_amount: number;
}

// ---- Response schemas of the guest's list, detail, cancellation preview and the slot cancellation.

const slotJson = z.object({ id: idJson(), date: dateJson(), start_time: timeJson(), end_time: timeJson() });

const cancellationInfoJsonSchema = z.object({
  cancelled_at: dateTimeJson(),
  cancelled_by: z.enum(['guest', 'host']),
  reason: z.string().nullable(),
  refund_amount: countJson(),
  refund_status: z.enum(['pending', 'succeeded']).nullable(),
}) satisfies z.ZodType<CancellationInfo>;

export const cancellationPreviewJsonSchema = z
  .object({
    reservation_id: idJson(),
    cancellable: z.boolean(),
    reason: z.string().nullable(),
    policy: z.object({ days: z.number().int().min(1), name: z.string() }),
    last_full_refund_date: dateJson(),
    deadline_at: dateTimeJson(),
    deadline_label: z.string(),
    total_amount: countJson(),
    refund_amount: countJson(),
    full_refund: z.boolean(),
  })
  .meta({
    id: 'CancellationPreview',
    description: '今キャンセルした場合の返金額とキャンセル期限（日本時間）',
  }) satisfies z.ZodType<CancellationPreview>;

const summaryShape = {
  id: idJson(),
  status: z.string().meta({ description: 'confirmed / cancelled など（予約の行の状態）' }),
  display_status: z.enum(['confirmed', 'cancelled', 'refund_pending', 'refunded', 'pending', 'failed', 'expired']),
  tour_id: idJson(),
  title: z.string(),
  image_url: z.string().nullable(),
  number_of_people: z.number().int().min(1),
  option: z.object({ id: idJson().nullable(), name: z.string() }).nullable(),
  amounts: priceQuoteJsonSchema,
  calendars: z.array(slotJson),
  cancellation: cancellationInfoJsonSchema.nullable(),
  created_at: dateTimeJson(),
};

export const reservationSummaryJsonSchema = z
  .object(summaryShape)
  .meta({ id: 'ReservationSummary', description: '予約一覧の1件' }) satisfies z.ZodType<ReservationSummary>;

export const reservationListJsonSchema = z
  .object({
    scope: z.enum(['upcoming', 'past']),
    page: z.number().int().min(1),
    per_page: z.number().int().min(1),
    total: countJson(),
    reservations: z.array(reservationSummaryJsonSchema),
  })
  .meta({ id: 'ReservationList', description: '自分の予約（今後・過去）' }) satisfies z.ZodType<ReservationList>;

export const reservationDetailJsonSchema = z
  .object({
    ...summaryShape,
    coupon_code: z.string().nullable(),
    message_to_host: z.string().nullable(),
    confirmed_at: dateTimeJson().nullable(),
    host: z.object({ name: z.string() }),
    online: z.boolean(),
    address: z.string().nullable(),
    state: z.string().nullable(),
    online_url: z.string().nullable(),
    online_url_from: dateTimeJson().nullable(),
    cancellation_preview: cancellationPreviewJsonSchema.nullable(),
  })
  .meta({ id: 'ReservationDetail', description: '予約の詳細（本人のみ）' }) satisfies z.ZodType<ReservationDetail>;

export const slotCancellationResultJsonSchema = z
  .object({ calendar_id: idJson(), cancelled_reservations: countJson(), refunded_amount: countJson() })
  .meta({ id: 'SlotCancellationResult', description: '開催日程の中止の結果' }) satisfies z.ZodType<SlotCancellationResult>;
