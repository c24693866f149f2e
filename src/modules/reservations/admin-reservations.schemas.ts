// The administrators' reservations lookup (/admin/reservations, GET /api/v1/admin/reservations[/{id}], the CLI's
// list-reservations and show-reservation): one query schema for the API's query, the page's URL and the CLI's options,
// and the answers' shapes. Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import {
  countJson,
  dateJson,
  dateTimeJson,
  idJson,
  pageMetaJson,
  reservationNumber,
  timeJson,
  type InputOf,
} from '#src/lib/isomorphic/validate';
import { choiceFilter, dayFilter, keywordFilter, type ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import { REFUND_LIST_STATUSES, RESERVATION_STATUSES, type ReservationStatus } from './reservations.shared';

const t = ja.adminReservations;

/** Reservations per page in the admin list. */
export const ADMIN_RESERVATIONS_PAGE_SIZE = 20;

/** The filters the admin's reservations page carries in its URL (the names of adminReservationListQuerySchema). */
export const ADMIN_RESERVATION_FILTER_NAMES = [
  'number',
  'q',
  'status',
  'slot_since',
  'slot_until',
  'booked_since',
  'booked_until',
] as const;

const inOrder = (since: string | undefined, until: string | undefined) => !since || !until || since <= until;

/**
 * GET /api/v1/admin/reservations?page=&number=&q=&status=&slot_since=&slot_until=&booked_since=&booked_until= (newest
 * booking first): the reservation number (exact, full-width digits accepted), a keyword over the guest's name and
 * e-mail and the experience's title and host name, the status, and two Japan-time day ranges (both days included):
 * a slot of the reservation on those days, and the day it was booked.
 */
export const adminReservationListQuerySchema = listQuerySchema
  .extend({
    number: reservationNumber(t.numberInvalid),
    q: keywordFilter(),
    status: choiceFilter(RESERVATION_STATUSES, t.statusInvalid),
    slot_since: dayFilter(t.slotSinceInvalid),
    slot_until: dayFilter(t.slotUntilInvalid),
    booked_since: dayFilter(t.bookedSinceInvalid),
    booked_until: dayFilter(t.bookedUntilInvalid),
  })
  .refine((q) => inOrder(q.slot_since, q.slot_until), { error: t.rangeOrder, path: ['slot_until'] })
  .refine((q) => inOrder(q.booked_since, q.booked_until), { error: t.rangeOrder, path: ['booked_until'] });
export type AdminReservationListQuery = InputOf<typeof adminReservationListQuerySchema>;

/** A row of the admin's reservations list. */
export interface AdminReservationListItem {
  id: number;
  status: ReservationStatus;
  guest_id: number;
  guest_name: string;
  guest_email: string;
  experience_id: number;
  experience_title: string;
  /** The first slot (date order, then start time); null only for a reservation without slots. */
  first_date: string | null;
  first_start_time: string | null;
  number_of_people: number;
  total_amount: number;
  created_at: string;
}

export interface AdminReservationListResponse {
  reservations: AdminReservationListItem[];
  meta: ListPageMeta;
}

export interface AdminReservationRefund {
  id: number;
  amount: number;
  status: (typeof REFUND_LIST_STATUSES)[number];
  attempts: number;
  last_error: string | null;
  succeeded_at: string | null;
  created_at: string;
}

/** GET /api/v1/admin/reservations/{id}: everything support is asked about one reservation. */
export interface AdminReservationDetail {
  id: number;
  status: ReservationStatus;
  created_at: string;
  guest: { id: number; name: string; email: string; left: boolean };
  experience: { id: number; title: string };
  host: { name: string; user_id: number | null; ambassador_id: number | null };
  slots: { date: string; start_time: string; end_time: string }[];
  option_name: string | null;
  number_of_people: number;
  message_to_host: string | null;
  tour_amount: number;
  option_amount: number;
  coupon_code: string | null;
  discount_amount: number;
  service_fee: number;
  processing_fee: number;
  total_amount: number;
  payment_reference: string | null;
  confirmed_at: string | null;
  hold_expires_at: string | null;
  failure_message: string | null;
  cancelled_at: string | null;
  cancelled_by: 'guest' | 'host' | 'operator' | null;
  cancellation_reason: string | null;
  refund_amount: number | null;
  refund: AdminReservationRefund | null;
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

const yen = () => countJson().meta({ description: '円（整数）' });

export const adminReservationListJsonSchema = z
  .object({
    reservations: z.array(
      z.object({
        id: idJson(),
        status: z.enum(RESERVATION_STATUSES),
        guest_id: idJson(),
        guest_name: z.string(),
        guest_email: z.string(),
        experience_id: idJson(),
        experience_title: z.string(),
        first_date: dateJson().nullable(),
        first_start_time: timeJson().nullable(),
        number_of_people: z.number().int().min(1),
        total_amount: yen(),
        created_at: dateTimeJson(),
      }),
    ),
    meta: pageMetaJson(),
  })
  .meta({
    id: 'AdminReservationList',
    description: `予約の一覧（管理者、予約の新しい順に ${ADMIN_RESERVATIONS_PAGE_SIZE} 件ずつ）`,
  }) satisfies z.ZodType<AdminReservationListResponse>;

export const adminReservationDetailJsonSchema = z
  .object({
    id: idJson(),
    status: z.enum(RESERVATION_STATUSES),
    created_at: dateTimeJson(),
    guest: z.object({ id: idJson(), name: z.string(), email: z.string(), left: z.boolean() }),
    experience: z.object({ id: idJson(), title: z.string() }),
    host: z.object({ name: z.string(), user_id: idJson().nullable(), ambassador_id: idJson().nullable() }),
    slots: z.array(z.object({ date: dateJson(), start_time: timeJson(), end_time: timeJson() })),
    option_name: z.string().nullable(),
    number_of_people: z.number().int().min(1),
    message_to_host: z.string().nullable(),
    tour_amount: yen(),
    option_amount: yen(),
    coupon_code: z.string().nullable(),
    discount_amount: yen(),
    service_fee: yen(),
    processing_fee: yen(),
    total_amount: yen(),
    payment_reference: z.string().nullable(),
    confirmed_at: dateTimeJson().nullable(),
    hold_expires_at: dateTimeJson().nullable(),
    failure_message: z.string().nullable(),
    cancelled_at: dateTimeJson().nullable(),
    cancelled_by: z.enum(['guest', 'host', 'operator']).nullable(),
    cancellation_reason: z.string().nullable(),
    refund_amount: yen().nullable(),
    refund: z
      .object({
        id: idJson(),
        amount: yen(),
        status: z.enum(REFUND_LIST_STATUSES),
        attempts: countJson(),
        last_error: z.string().nullable(),
        succeeded_at: dateTimeJson().nullable(),
        created_at: dateTimeJson(),
      })
      .nullable(),
  })
  .meta({
    id: 'AdminReservation',
    description: '予約の詳細（管理者）: ゲスト、体験とホスト、日程、オプション、人数、金額の内訳、支払いとキャンセル・返金',
  }) satisfies z.ZodType<AdminReservationDetail>;
