// The rows of the admin's reservations lookup, read by id in one prepared statement each (the list's ids come from
// `pageOfIds`): the list's rows with the guest, the experience and the first slot, and one reservation's detail with
// its slots in time order and its refund. Plain rows, as the other admin lists read theirs. Server-only.
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import type { AdminReservationListItem } from './admin-reservations.schemas';
import type { ReservationStatus } from './reservations.shared';

/** A row of the list as read: the list's item, its time as the driver gives it. */
export type AdminReservationRow = Omit<AdminReservationListItem, 'created_at'> & { created_at: Date };

// The first slot is the first in time order (date, start time, id: calendars/slots.ts inTimeOrder's order).
const LIST_ROWS = readStatement(
  `SELECT r.id, r.status, r.user_id AS guest_id, u.name AS guest_name, u.email AS guest_email,
          r.experience_id, e.title AS experience_title, f.date::text AS first_date, f.start_time AS first_start_time,
          r.number_of_people, r.total_amount, r.created_at
     FROM reservations r
     JOIN users u ON u.id = r.user_id
     JOIN experiences e ON e.id = r.experience_id
     LEFT JOIN LATERAL (SELECT c.date, c.start_time
                          FROM reservation_calendars rc JOIN calendars c ON c.id = rc.calendar_id
                         WHERE rc.reservation_id = r.id
                         ORDER BY c.date, c.start_time, c.id
                         LIMIT 1) f ON true
    WHERE r.id = ANY(?::int[])`,
);

export function adminReservationRows(sql: SqlReader, ids: number[]): Promise<AdminReservationRow[]> {
  return ids.length ? readRows(sql, LIST_ROWS, [ids]) : Promise.resolve([]);
}

export interface AdminReservationDetailRow {
  id: number;
  status: ReservationStatus;
  created_at: Date;
  guest_id: number;
  guest_name: string;
  guest_email: string;
  guest_left: boolean;
  experience_id: number;
  experience_title: string;
  hosted_by: string;
  host_user_id: number | null;
  host_ambassador_id: number | null;
  slots: { date: string; start_time: string; end_time: string }[] | null;
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
  confirmed_at: Date | null;
  hold_expires_at: Date | null;
  failure_message: string | null;
  cancelled_at: Date | null;
  cancelled_by: 'guest' | 'host' | null;
  cancellation_reason: string | null;
  refund_amount: number | null;
  refund_id: number | null;
  refund_paid: number | null;
  refund_status: 'pending' | 'succeeded' | null;
  refund_attempts: number | null;
  refund_last_error: string | null;
  refund_succeeded_at: Date | null;
  refund_created_at: Date | null;
}

const DETAIL_ROW = readStatement(
  `SELECT r.id, r.status, r.created_at, r.user_id AS guest_id, u.name AS guest_name, u.email AS guest_email,
          u.left_at IS NOT NULL AS guest_left, r.experience_id, e.title AS experience_title, e.hosted_by,
          e.host_user_id, e.host_ambassador_id,
          (SELECT json_agg(json_build_object('date', c.date::text, 'start_time', c.start_time, 'end_time', c.end_time)
                           ORDER BY c.date, c.start_time, c.id)
             FROM reservation_calendars rc JOIN calendars c ON c.id = rc.calendar_id
            WHERE rc.reservation_id = r.id) AS slots,
          r.option_name, r.number_of_people, r.message_to_host, r.tour_amount, r.option_amount, r.coupon_code,
          r.discount_amount, r.service_fee, r.processing_fee, r.total_amount, r.payment_reference, r.confirmed_at,
          r.hold_expires_at, r.failure_message, r.cancelled_at, r.cancelled_by, r.cancellation_reason, r.refund_amount,
          f.id AS refund_id, f.amount AS refund_paid, f.status AS refund_status, f.attempts AS refund_attempts,
          f.last_error AS refund_last_error, f.succeeded_at AS refund_succeeded_at, f.created_at AS refund_created_at
     FROM reservations r
     JOIN users u ON u.id = r.user_id
     JOIN experiences e ON e.id = r.experience_id
     LEFT JOIN refunds f ON f.reservation_id = r.id
    WHERE r.id = ?`,
);

export async function adminReservationDetailRow(sql: SqlReader, id: number): Promise<AdminReservationDetailRow | null> {
  const [row] = await readRows<AdminReservationDetailRow>(sql, DETAIL_ROW, [id]);
  return row ?? null;
}
