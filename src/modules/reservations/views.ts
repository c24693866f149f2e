// What reservations look like to their guest (the API's reservation JSON) and what /reservations/new renders.
// Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentConfig } from '#src/modules/payments/payments.schemas';
import { Reservation } from './reservations.entity';
import type { Prepared } from './quote';
import type { ReservationForm, ReservationView } from './reservations.schemas';

/** The reservation JSON (read fresh from the database). */
export async function reservationView(em: EntityManager, id: number): Promise<ReservationView> {
  const r = await em.findOneOrFail(Reservation, { id }, { populate: ['experience', 'calendars.calendar'], refresh: true });
  const slots = r.calendars
    .getItems()
    .map((rc) => rc.calendar)
    .sort((a, b) => a.id - b.id);
  return {
    id: r.id,
    status: r.status,
    tour_id: r.experience.id,
    title: r.experience.title,
    number_of_people: r.numberOfPeople,
    option: r.optionName ? { id: r.option?.id ?? null, name: r.optionName } : null,
    coupon_code: r.couponCode ?? null,
    message_to_host: r.messageToHost ?? null,
    amounts: {
      tour: r.tourAmount,
      discount: r.discountAmount,
      option: r.optionAmount,
      service_fee: r.serviceFee,
      processing_fee: r.processingFee,
      total: r.totalAmount,
    },
    calendars: slots.map((c) => ({ id: c.id, date: c.date, start_time: c.startTime, end_time: c.endTime })),
    confirmed_at: r.confirmedAt ? new Date(r.confirmedAt).toISOString() : null,
    created_at: new Date(r.createdAt).toISOString(),
  };
}

/** The reservation form's data from a prepared quote. */
export function reservationFormView(p: Prepared, payment: PaymentConfig): ReservationForm {
  const e = p.experience;
  const first = p.calendars[0];
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
      address: !e.online && e.addressDisplayable ? (e.address ?? null) : null,
      state: !e.online && e.addressDisplayable ? (e.prefecture?.name ?? null) : null,
      options: e.options.getItems().map((o) => ({ id: o.id, name: o.name, description: o.description, price: o.price })),
    },
    calendars: p.calendars.map((c) => ({
      id: c.id,
      date: c.date,
      start_time: c.startTime,
      end_time: c.endTime,
      recruitment_number: c.recruitmentNumber,
      participant_number: c.participantNumber,
    })),
    max_people: e.price === 0 || p.calendars.length > 1 ? 1 : Math.max(1, first.recruitmentNumber - first.participantNumber),
    quote: p.quote,
    payment,
  };
}
