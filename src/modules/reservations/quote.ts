// The quote: every rule that decides whether slots, party size, option and coupon can be booked, and the price.
// Used by the price call, the reservation form and the hold (inside its transaction). Collects every message per
// field, then throws one 422. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import { NotFoundError, ValidationError, type FieldMessages } from '#src/lib/isomorphic/errors';
import { formatInstantDateTimeJa, formatYmdJa } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import { findBookableExperience, type IExperience, type IExperienceOption } from '#src/modules/experiences/experiences.repository';
import { findSlots, type ICalendar } from '#src/modules/calendars/calendars.repository';
import { bookingClosed, slotStarted } from '#src/modules/calendars/slots';
import { hostIdsOf, userHostsExperience } from '#src/modules/experiences/experiences.policy';
import * as coupons from '#src/modules/coupons/coupon-rules';
import type { ICoupon } from '#src/modules/coupons/coupon-rules';
import { slotsBookedBy, type OwnSlot } from './reservations.repository';
import { slotsWaitedBy, type HeldOffer } from './waitlist-offers';
import { quotePrice, toBasisPoints, type PriceQuote } from './pricing';
import type { QuoteInput, QuoteQuery } from './reservations.schemas';

export interface Prepared {
  experience: IExperience;
  calendars: ICalendar[];
  option: IExperienceOption | null;
  coupon: ICoupon | null;
  quote: PriceQuote;
}

export const experienceNotFound = () => new NotFoundError(ja.reservations.experienceNotFound, 'experience');

/** `calendar_ids[]=1&calendar_ids[]=2` (simple query parser) or `calendar_ids=1,2`. */
export function normalizeQuery(input: QuoteQuery & { 'calendar_ids[]'?: unknown }): Record<string, unknown> {
  const q: Record<string, unknown> = { ...input };
  if (q['calendar_ids[]'] !== undefined && q.calendar_ids === undefined) q.calendar_ids = q['calendar_ids[]'];
  delete q['calendar_ids[]'];
  return q;
}

export function createQuoter(env: Pick<Env, 'SERVICE_FEE_RATE' | 'PROCESSING_FEE_RATE'>) {
  const rates = { serviceBp: toBasisPoints(env.SERVICE_FEE_RATE), processingBp: toBasisPoints(env.PROCESSING_FEE_RATE) };

  /** Every rule of the quote; collects all messages per field, then throws one 422. */
  /** `userId`: the guest who would book (null for a visitor); refuses the slots this guest already holds or booked. */
  return async function prepare(
    em: EntityManager,
    tourId: number,
    q: QuoteInput,
    now: Date,
    userId: number | null = null,
    offer: HeldOffer | null = null,
  ): Promise<Prepared> {
    const experience = await findBookableExperience(em, tourId);
    if (!experience) throw experienceNotFound();
    // The host's own experience is never theirs to book (nor to price for booking): one refusal, before the slots.
    if (userId !== null && (await userHostsExperience(em, userId, hostIdsOf(experience))))
      throw ValidationError.of('base', ja.reservations.ownExperience);
    const messages: FieldMessages = {};
    const add = (field: string, message: string) => {
      messages[field] ??= [];
      const list = messages[field];
      if (!list.includes(message)) list.push(message);
    };

    const calendars = await findSlots(em, q.calendar_ids);
    const byId = new Map(calendars.map((c) => [c.id, c]));
    const booked = userId === null ? new Map<number, OwnSlot>() : await slotsBookedBy(em, userId, q.calendar_ids, now);
    // The guest's own キャンセル待ち offer is theirs to book: its held seats count as free for them.
    if (offer) booked.delete(offer.calendarId);
    const waiting = userId === null ? new Set<number>() : await slotsWaitedBy(em, userId, q.calendar_ids);
    for (const id of q.calendar_ids) {
      const slot = byId.get(id);
      if (!slot) {
        add('calendar_ids', ja.reservations.slotNotFound);
        continue;
      }
      if (slot.experience.id !== tourId) {
        add('calendar_ids', ja.reservations.slotOfOtherExperience);
        continue;
      }
      const own = booked.get(id);
      if (own) {
        // A payment left unfinished (e.g. at 3-D Secure) holds the seat until its hold ends: the guest is told so and
        // when, not that the slot is booked (their reservation list shows no booking for it).
        const date = formatYmdJa(slot.date);
        if (own.kind === 'booked') add('calendar_ids', ja.bookingRules.alreadyBooked(date));
        else if (own.until) add('calendar_ids', ja.bookingRules.paymentInProgress(date, formatInstantDateTimeJa(own.until)));
        else add('calendar_ids', ja.bookingRules.paymentInProgressNoEnd(date));
        continue;
      }
      if (waiting.has(id)) {
        add('calendar_ids', ja.waitlist.errors.waitingOnSlot);
        continue;
      }
      if (!slot.acceptingReservation) {
        add('calendar_ids', ja.reservations.slotClosed);
        continue;
      }
      if (slotStarted(slot.date, slot.startTime, now)) {
        add('calendar_ids', ja.reservations.slotPast);
        continue;
      }
      // The one booking deadline rule (calendars/slots.ts), the same the calendar JSON shows.
      if (bookingClosed(slot.date, slot.startTime, experience.reservationDeadline, now)) {
        add('calendar_ids', ja.reservations.deadlinePassed);
        continue;
      }
      const remaining = slot.recruitmentNumber - slot.participantNumber + (offer?.calendarId === id ? offer.people : 0);
      if (offer?.calendarId === id && q.number_of_people !== offer.people) {
        add('number_of_people', ja.waitlist.errors.partyMismatch(offer.people));
        continue;
      }
      if (remaining <= 0) add('calendar_ids', ja.reservations.noAvailability);
      else if (q.number_of_people > remaining) add('number_of_people', ja.reservations.tooManyPeople(remaining));
    }
    if ((experience.price === 0 || q.calendar_ids.length > 1) && q.number_of_people > 1)
      add('number_of_people', ja.reservations.onlyOnePerson);

    let option: IExperienceOption | null = null;
    if (q.option_id !== undefined) {
      option = experience.options.getItems().find((o) => o.id === q.option_id) ?? null;
      if (!option) add('option_id', ja.reservations.optionNotFound);
    }

    let coupon: ICoupon | null = null;
    let terms = null;
    if (q.coupon_code) {
      const subtotal = (experience.price + (option?.price ?? 0)) * q.number_of_people * q.calendar_ids.length;
      const check = await coupons.findApplicable(em, q.coupon_code, now, { userId, subtotal });
      if (check.ok) {
        coupon = check.coupon;
        terms = check.terms;
      } else add('coupon_code', check.message);
    }

    if (Object.keys(messages).length > 0) throw new ValidationError(messages);
    const quote = quotePrice({
      unitPrice: experience.price,
      optionUnitPrice: option?.price ?? 0,
      people: q.number_of_people,
      dates: q.calendar_ids.length,
      coupon: terms,
      rates,
    });
    return { experience, calendars, option, coupon, quote };
  };
}

export type Quoter = ReturnType<typeof createQuoter>;
