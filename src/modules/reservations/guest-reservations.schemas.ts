// The guest's reservations (list, detail, cancellation) and the host's cancellation of a whole slot: their query and
// body schemas, answers and response schemas. Browser-safe.
import { z } from 'zod';
import { countJson, dateJson, dateTimeJson, idJson, timeJson, type InputOf } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { PriceQuote } from './pricing';
import { priceQuoteJsonSchema } from './reservations.schemas';

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
export type ReservationListQuery = InputOf<typeof reservationListQuerySchema>;

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
export type CancelReservationInput = InputOf<typeof cancelReservationSchema>;

const SLOT_CANCELLATION_REASON_MAX = 1000;

/** POST /host/calendars/{id}/cancellation */
export const slotCancellationSchema = z.object({
  reason: z
    .string({ error: gr.reasonRequired })
    .trim()
    .min(1, gr.reasonRequired)
    .max(SLOT_CANCELLATION_REASON_MAX, gr.reasonTooLong(SLOT_CANCELLATION_REASON_MAX)),
});
export type SlotCancellationInput = InputOf<typeof slotCancellationSchema>;

/**
 * What the guest sees as the state: 確定, キャンセル済み (no money back), 返金処理中 (refund not yet confirmed by the
 * gateway), 返金済み; the payment states of an unfinished attempt only appear on its own detail page.
 */
export type DisplayStatus = 'confirmed' | 'cancelled' | 'refund_pending' | 'refunded' | 'pending' | 'failed' | 'expired';

export interface CancellationInfo {
  cancelled_at: string;
  cancelled_by: 'guest' | 'host' | 'operator';
  /** The host's reason (whole-slot cancellation) or the operator's. */
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
  /** The host's text for that photo; null where none is written. */
  image_alt: string | null;
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
  cancelled_by: z.enum(['guest', 'host', 'operator']),
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
  image_alt: z.string().nullable().meta({ description: 'ホストが書いた写真の説明（代替テキスト）。書かれていなければ null' }),
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
