// A reservation's state transitions, each run inside the caller's transaction and guarded by the current status
// (so replays are harmless): confirm (with the mails in the outbox and the host's earning in the ledger) and release
// (seats and coupon given back).
// Seats given back go to the slot's キャンセル待ち line in the same transaction (waitlist-offers.ts), and an offer's
// hold confirmed or released ends its waitlist entry.
// Used by the booking flow and the hold sweeper. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import { userContact } from '#src/modules/users/users.repository';
import { ambassadorContact } from '#src/modules/ambassadors/ambassadors.repository';
import * as coupons from '#src/modules/coupons/coupon-rules';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { recordEarning } from '#src/modules/earnings/ledger';
import { reservationEarning } from '#src/modules/earnings/earnings.repository';
import { Reservation } from './reservations.entity';
import { inTimeOrder } from '#src/modules/calendars/slots';
import { slotJson, storedAmounts } from './views';
import { guestVenue } from './guest-venue';
import { reminderAt } from './reminders';
import { buildReservationMails, type ReservationMailData } from './reservation-mails';
import { createWaitlistOffers } from './waitlist-offers';

export interface SettlementDeps {
  env: Pick<Env, 'OFFICE_EMAIL' | 'PLATFORM_COMMISSION_RATE' | 'WAITLIST_OFFER_HOURS' | 'SERVICE_FEE_RATE' | 'PROCESSING_FEE_RATE'>;
  /** publicBaseUrl(env): links in the mails. */
  baseUrl: string;
}

export function createSettlement(deps: SettlementDeps) {
  const { env, baseUrl } = deps;
  const waitlist = createWaitlistOffers(env, baseUrl);

  /**
   * Everything the reservation's mails say (guest, host contact, slots, amounts, the venue as the guest sees it at
   * `now`, the host's earning), read inside `tx`.
   */
  async function loadMailData(tx: EntityManager, id: number, now: Date = new Date()): Promise<ReservationMailData> {
    const r = await tx.findOneOrFail(
      Reservation,
      { id },
      { populate: ['experience.prefecture', 'experience.hostUser', 'user', 'calendars.calendar'], refresh: true },
    );
    const experience = r.experience;
    const { optional, ...guest } = await userContact(tx, r.user.id);
    let host: ReservationMailData['host'] = { name: experience.hostedBy, email: env.OFFICE_EMAIL, footer: null };
    if (experience.hostUser) {
      const contact = await userContact(tx, experience.hostUser.id);
      host = { name: contact.name, email: contact.email, footer: 'user' };
    } else if (experience.hostAmbassador) {
      const ambassador = await ambassadorContact(tx, experience.hostAmbassador.id);
      host = { name: ambassador.name, email: ambassador.email ?? env.OFFICE_EMAIL, footer: null };
    }
    const slots = inTimeOrder(
      r.calendars
        .getItems()
        .map((rc) => rc.calendar)
        .map(slotJson),
    );
    const firstDate = slots[0]?.date ?? null;
    // The first slot's day-before reminder goes to a guest who wants reminders and booked before its time; it carries
    // the online URL when the reservation page shows it at that time.
    const remindAt = firstDate ? reminderAt(firstDate) : null;
    const reminded = remindAt !== null && optional.reminders && new Date(r.confirmedAt ?? now).getTime() <= remindAt.getTime();
    return {
      reservationId: r.id,
      experienceId: experience.id,
      title: experience.title,
      guest,
      host,
      slots,
      numberOfPeople: r.numberOfPeople,
      optionName: r.optionName ?? null,
      couponCode: r.couponCode ?? null,
      amounts: storedAmounts(r),
      venue: guestVenue(experience, { status: r.status, firstDate }, now),
      reminderCarriesUrl: reminded && guestVenue(experience, { status: 'confirmed', firstDate }, remindAt).onlineUrl !== null,
      earning: await reservationEarning(tx, r.id),
      cancellationPeriod: experience.cancellationPeriod,
      messageToHost: r.messageToHost ?? null,
      appUrl: baseUrl,
    };
  }

  /**
   * What every confirmation records, in the confirming transaction, whether a charge confirmed it (confirmIn) or
   * nothing was to be charged (a free experience, or a coupon that covers the whole total): the host's earning (the
   * platform funds coupons, so a fully discounted booking still earns its tour and option), then the mails, which
   * show the host that earning.
   */
  async function recordConfirmation(tx: EntityManager, id: number): Promise<void> {
    await recordEarning(tx, id, env.PLATFORM_COMMISSION_RATE);
    await enqueueMail(tx, buildReservationMails(await loadMailData(tx, id)));
  }

  /** pending/requires_action -> confirmed, with the mails and the earning in the same transaction. */
  async function confirmIn(tx: EntityManager, id: number): Promise<boolean> {
    const rows = await tx.execute<{ id: number }[]>(
      `UPDATE reservations SET status = 'confirmed', confirmed_at = now(), hold_expires_at = NULL, updated_at = now()
       WHERE id = ? AND status IN ('pending', 'requires_action') RETURNING id`,
      [id],
    );
    if (rows.length === 0) return false;
    await tx.execute(`UPDATE waitlist_entries SET status = 'booked', updated_at = now() WHERE reservation_id = ? AND status = 'offered'`, [
      id,
    ]);
    await recordConfirmation(tx, id);
    return true;
  }

  /** pending/requires_action -> failed/expired, giving the seats and the coupon use back (calendars in id order). */
  async function releaseIn(tx: EntityManager, id: number, status: 'failed' | 'expired', failure: string | null): Promise<boolean> {
    const rows = await tx.execute<{ number_of_people: number; coupon_id: number | null }[]>(
      `UPDATE reservations SET status = ?, failure_message = ?, hold_expires_at = NULL, updated_at = now()
       WHERE id = ? AND status IN ('pending', 'requires_action') RETURNING number_of_people, coupon_id`,
      [status, failure, id],
    );
    if (rows.length === 0) return false;
    const slots = await tx.execute<{ calendar_id: number }[]>(
      'SELECT calendar_id FROM reservation_calendars WHERE reservation_id = ? ORDER BY calendar_id',
      [id],
    );
    for (const slot of slots) {
      await tx.execute('UPDATE calendars SET participant_number = participant_number - ?, updated_at = now() WHERE id = ?', [
        rows[0].number_of_people,
        slot.calendar_id,
      ]);
    }
    if (rows[0].coupon_id) await coupons.release(tx, rows[0].coupon_id);
    // An offer that was not paid in time (or was declined) ends; its seats go to the next in line.
    await tx.execute(`UPDATE waitlist_entries SET status = 'lapsed', updated_at = now() WHERE reservation_id = ? AND status = 'offered'`, [
      id,
    ]);
    await waitlist.offerIn(
      tx,
      slots.map((slot) => Number(slot.calendar_id)),
    );
    return true;
  }

  return { loadMailData, recordConfirmation, confirmIn, releaseIn, offerIn: waitlist.offerIn, closeLineIn: waitlist.closeLineIn };
}

export type Settlement = ReturnType<typeof createSettlement>;
