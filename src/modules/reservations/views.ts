// What reservations look like to their guest (the API's reservation JSON) and what /reservations/new renders.
// Server-only.
import type { HeldOffer } from './waitlist-offers';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentConfig } from '#src/modules/payments/payments.schemas';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { inTimeOrder } from '#src/modules/calendars/slots';
import { Refund, Reservation, type IReservation } from './reservations.entity';
import type { Prepared } from './quote';
import type { PriceQuote } from './pricing';
import { cancellationTerms } from './cancellation-policy';
import { guestVenue, shownAddress } from './guest-venue';
import type { QuoteJson, ReservationForm, ReservationView } from './reservations.schemas';
import type { CancellationPreview, DisplayStatus, ReservationDetail, ReservationSummary } from './guest-reservations.schemas';

/** The amounts a reservation stored at booking (its quote), as the JSON and the mails show them. */
export function storedAmounts(
  r: Pick<IReservation, 'tourAmount' | 'discountAmount' | 'optionAmount' | 'serviceFee' | 'processingFee' | 'totalAmount'>,
): PriceQuote {
  return {
    tour: r.tourAmount,
    discount: r.discountAmount,
    option: r.optionAmount,
    service_fee: r.serviceFee,
    processing_fee: r.processingFee,
    total: r.totalAmount,
  };
}

/** A booked slot as the reservation JSON and the mails show it. */
export function slotJson(c: { id: number; date: string; startTime: string; endTime: string }) {
  return { id: c.id, date: c.date, start_time: c.startTime, end_time: c.endTime };
}

/** The reservation JSON (read fresh from the database). */
export async function reservationView(em: EntityManager, id: number): Promise<ReservationView> {
  const r = await em.findOneOrFail(Reservation, { id }, { populate: ['experience', 'calendars.calendar'], refresh: true });
  const slots = inTimeOrder(r.calendars.getItems().map((rc) => rc.calendar));
  return {
    id: r.id,
    status: r.status,
    tour_id: r.experience.id,
    title: r.experience.title,
    number_of_people: r.numberOfPeople,
    option: r.optionName ? { id: r.option?.id ?? null, name: r.optionName } : null,
    coupon_code: r.couponCode ?? null,
    message_to_host: r.messageToHost ?? null,
    amounts: storedAmounts(r),
    calendars: slots.map(slotJson),
    confirmed_at: r.confirmedAt ? new Date(r.confirmedAt).toISOString() : null,
    created_at: new Date(r.createdAt).toISOString(),
  };
}

/** The price of a prepared quote with what cancelling these dates would refund if booked `now` (the one policy rule,
 * cancellation-policy.ts): the price call and the form's first quote, so the API and the page say the same. */
export function quoteJson(p: Prepared, now: Date): QuoteJson {
  const t = cancellationTerms({
    policyDays: p.experience.cancellationPeriod,
    slots: p.calendars.map((c) => ({ date: c.date, start_time: c.startTime })),
    total: p.quote.total,
    now,
  });
  return {
    ...p.quote,
    cancellation: {
      policy_days: t.policyDays,
      last_full_refund_date: t.lastFullRefundDate,
      deadline_at: t.deadlineAt.toISOString(),
      full_refund: t.fullRefund,
    },
  };
}

/** The reservation form's data from a prepared quote. */
export function reservationFormView(p: Prepared, payment: PaymentConfig, now: Date, offer: HeldOffer | null = null): ReservationForm {
  const e = p.experience;
  // The chosen dates in time order (the form lists them; the URL's ids follow the slots' creation, not time).
  const calendars = inTimeOrder(p.calendars);
  const first = calendars[0];
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
      ...shownAddress(e),
      options: e.options.getItems().map((o) => ({ id: o.id, name: o.name, description: o.description, price: o.price })),
    },
    calendars: calendars.map((c) => ({
      id: c.id,
      date: c.date,
      start_time: c.startTime,
      end_time: c.endTime,
      recruitment_number: c.recruitmentNumber,
      participant_number: c.participantNumber,
    })),
    max_people: offer
      ? offer.people
      : e.price === 0 || p.calendars.length > 1
        ? 1
        : Math.max(1, first.recruitmentNumber - first.participantNumber),
    quote: quoteJson(p, now),
    payment,
    waitlist_offer: offer
      ? {
          number_of_people: offer.people,
          expires_at: offer.expiresAt.toISOString(),
          expires_label: formatInstantDateTimeJa(offer.expiresAt),
        }
      : null,
  };
}

// ---- The guest's list and detail.

type LoadedReservation = IReservation;

function displayStatusOf(r: LoadedReservation, refund: { status: 'pending' | 'succeeded' } | null): DisplayStatus {
  switch (r.status) {
    case 'confirmed':
      return 'confirmed';
    case 'cancelled':
      if (refund) return refund.status === 'succeeded' ? 'refunded' : 'refund_pending';
      return 'cancelled';
    case 'failed':
      return 'failed';
    case 'expired':
      return 'expired';
    default:
      return 'pending';
  }
}

function summaryOf(r: LoadedReservation, refund: { status: 'pending' | 'succeeded' } | null): ReservationSummary {
  const slots = inTimeOrder(r.calendars.getItems().map((rc) => rc.calendar));
  const image = r.experience.images.isInitialized() ? r.experience.images.getItems()[0] : undefined;
  return {
    id: r.id,
    status: r.status,
    display_status: displayStatusOf(r, refund),
    tour_id: r.experience.id,
    title: r.experience.title,
    image_url: image?.url ?? null,
    image_alt: image?.alt ?? null,
    number_of_people: r.numberOfPeople,
    option: r.optionName ? { id: r.option?.id ?? null, name: r.optionName } : null,
    amounts: storedAmounts(r),
    calendars: slots.map(slotJson),
    cancellation:
      r.status === 'cancelled' && r.cancelledAt
        ? {
            cancelled_at: new Date(r.cancelledAt).toISOString(),
            cancelled_by: r.cancelledBy ?? 'guest',
            reason: r.cancellationReason ?? null,
            refund_amount: r.refundAmount ?? 0,
            refund_status: refund?.status ?? null,
          }
        : null,
    created_at: new Date(r.createdAt).toISOString(),
  };
}

async function refundsOf(em: EntityManager, ids: number[]): Promise<Map<number, { status: 'pending' | 'succeeded' }>> {
  if (ids.length === 0) return new Map();
  const rows = await em.find(Refund, { reservation: { $in: ids } }, { refresh: true });
  return new Map(rows.map((row) => [row.reservation.id, { status: row.status }]));
}

const POPULATE = ['experience.images', 'experience.prefecture', 'calendars.calendar'] as const;

/** The guest's reservations shown in the list (confirmed and cancelled; unfinished payment attempts are not). */
export async function reservationSummaries(em: EntityManager, ids: number[]): Promise<ReservationSummary[]> {
  if (ids.length === 0) return [];
  const rows = await em.find(Reservation, { id: { $in: ids } }, { populate: POPULATE, refresh: true });
  const refunds = await refundsOf(em, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [summaryOf(r, refunds.get(id) ?? null)] : [];
  });
}

/** The detail of one reservation for its guest; `preview` is what cancelling now would give (null when not confirmed). */
export async function reservationDetail(
  em: EntityManager,
  id: number,
  now: Date,
  preview: CancellationPreview | null,
): Promise<ReservationDetail> {
  const r = await em.findOneOrFail(Reservation, { id }, { populate: POPULATE, refresh: true });
  const refunds = await refundsOf(em, [id]);
  const summary = summaryOf(r, refunds.get(id) ?? null);
  const e = r.experience;
  const venue = guestVenue(e, { status: r.status, firstDate: summary.calendars[0]?.date ?? null }, now);
  return {
    ...summary,
    coupon_code: r.couponCode ?? null,
    message_to_host: r.messageToHost ?? null,
    confirmed_at: r.confirmedAt ? new Date(r.confirmedAt).toISOString() : null,
    host: { name: e.hostedBy },
    online: venue.online,
    address: venue.address,
    state: venue.state,
    online_url: venue.onlineUrl,
    online_url_from: venue.onlineUrlFrom ? venue.onlineUrlFrom.toISOString() : null,
    cancellation_preview: preview,
  };
}
