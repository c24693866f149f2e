// The administrators' reservations lookup (/admin/reservations, GET /api/v1/admin/reservations[/{id}], the CLI's
// list-reservations and show-reservation; docs/decisions/admin-lists.md): every reservation newest first, with the
// number, keyword, status and day filters, and one reservation's detail. It only reads: an operator's cancellation is
// reservations.service.ts cancelByOperator, refunds are the refunds' own commands. ADMIN or the operator. Server-only.
import { requireAdmin, type Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { idFrom, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import { inIdOrder, listKeywordPattern, listKeywordText, pageOfIds, Where } from '#src/lib/list-sql';
import * as ja from '#src/i18n/ja';
import {
  ADMIN_RESERVATIONS_PAGE_SIZE,
  adminReservationListQuerySchema,
  type AdminReservationDetail,
  type AdminReservationListQuery,
  type AdminReservationListResponse,
} from './admin-reservations.schemas';
import { adminReservationDetailRow, adminReservationRows, type AdminReservationDetailRow } from './admin-reservation-rows';

const notFound = () => new NotFoundError(ja.adminReservations.notFound, 'reservation');

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function detailJson(row: AdminReservationDetailRow): AdminReservationDetail {
  return {
    id: row.id,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    guest: { id: row.guest_id, name: row.guest_name, email: row.guest_email, left: row.guest_left },
    experience: { id: row.experience_id, title: row.experience_title },
    host: { name: row.hosted_by, user_id: row.host_user_id, ambassador_id: row.host_ambassador_id },
    slots: row.slots ?? [],
    option_name: row.option_name,
    number_of_people: row.number_of_people,
    message_to_host: row.message_to_host,
    tour_amount: row.tour_amount,
    option_amount: row.option_amount,
    coupon_code: row.coupon_code,
    discount_amount: row.discount_amount,
    service_fee: row.service_fee,
    processing_fee: row.processing_fee,
    total_amount: row.total_amount,
    payment_reference: row.payment_reference,
    confirmed_at: iso(row.confirmed_at),
    hold_expires_at: iso(row.hold_expires_at),
    failure_message: row.failure_message,
    cancelled_at: iso(row.cancelled_at),
    cancelled_by: row.cancelled_by,
    cancellation_reason: row.cancellation_reason,
    refund_amount: row.refund_amount,
    refund:
      row.refund_id === null
        ? null
        : {
            id: row.refund_id,
            amount: row.refund_paid ?? 0,
            status: row.refund_status ?? 'pending',
            attempts: row.refund_attempts ?? 0,
            last_error: row.refund_last_error,
            succeeded_at: iso(row.refund_succeeded_at),
            created_at: new Date(row.refund_created_at ?? row.created_at).toISOString(),
          },
  };
}

export type AdminReservationsDeps = Record<string, never>;

export function createAdminReservationsService(_deps: AdminReservationsDeps = {}) {
  async function list(ctx: Ctx, input: AdminReservationListQuery = {}): Promise<AdminReservationListResponse> {
    requireAdmin(ctx);
    const query = parseInput(adminReservationListQuerySchema, input);
    const where = new Where();
    if (query.number !== undefined) where.add('r.id = ?', query.number);
    if (query.status) where.add('r.status = ?', query.status);
    where.days('r.created_at', { since: query.booked_since, until: query.booked_until });
    if (query.slot_since || query.slot_until) {
      // A reservation with a slot on those days (its slots' days are Japan-time dates already).
      const days = new Where();
      if (query.slot_since) days.add('c.date >= ?::date', query.slot_since);
      if (query.slot_until) days.add('c.date <= ?::date', query.slot_until);
      where.add(
        `r.id IN (SELECT rc.reservation_id FROM calendars c JOIN reservation_calendars rc ON rc.calendar_id = c.id ${days.sql})`,
        ...days.params,
      );
    }
    // The guest's name and e-mail (the users' keyword text, whose trigram index holds the accounts that have not
    // left: a departed guest's name and address are erased anyway) or the experience's title and host name (the
    // approval queue's keyword text). The matching guests and experiences are read first, each into an array (an
    // InitPlan run once), so their reservations come from the (user_id, created_at) and (experience_id, status)
    // indexes instead of a walk through every reservation in the list's order testing each one.
    const pattern = listKeywordPattern(query.q);
    if (pattern) {
      where.planPerValue = true;
      where.add(
        `(r.user_id = ANY(ARRAY(SELECT u.id FROM users u WHERE u.left_at IS NULL AND ${listKeywordText('u')} LIKE ? ESCAPE '\\'))
          OR r.experience_id = ANY(ARRAY(SELECT e.id FROM experiences e WHERE ${listKeywordText('e')} LIKE ? ESCAPE '\\')))`,
        pattern,
        pattern,
      );
    }
    const { ids, meta } = await pageOfIds(
      ctx,
      {
        from: 'reservations r',
        id: 'r.id',
        where,
        order: [
          ['r.created_at', 'DESC'],
          ['r.id', 'DESC'],
        ],
        size: ADMIN_RESERVATIONS_PAGE_SIZE,
      },
      query.page,
    );
    const rows = inIdOrder(ids, await adminReservationRows(ctx.sql, ids));
    return {
      reservations: rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
      meta,
    };
  }

  /** One reservation by its number; an unknown or malformed number is the reservation's 404. */
  async function detail(ctx: Ctx, input: { id: IdInput }): Promise<AdminReservationDetail> {
    requireAdmin(ctx);
    const row = await adminReservationDetailRow(ctx.sql, idFrom(input, 'id', notFound));
    if (!row) throw notFound();
    return detailJson(row);
  }

  return { list, detail };
}

export type AdminReservationsService = ReturnType<typeof createAdminReservationsService>;
