// A キャンセル待ち offer taken by its guest: the hold becomes their booking (run inside booking.ts's hold
// transaction, after the guest's hold lock and with the offer's reservation row locked). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ValidationError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';
import * as coupons from '#src/modules/coupons/coupon-rules';
import type { Quoter } from './quote';
import type { Settlement } from './settlement';
import type { HeldOffer } from './waitlist-offers';
import type { ReserveInput } from './reservations.schemas';

/**
 * Books the seats an offer holds (inside hold's transaction, the hold's row locked): the booking rules with those
 * seats counted as the guest's, then the held reservation takes the guest's option, coupon, message, price and
 * attempt key, and is charged like any hold (free: confirmed at once). Its hold keeps the offer's end.
 */
export async function takeOffer(
  tx: EntityManager,
  deps: { prepare: Quoter; settlement: Settlement },
  offer: HeldOffer,
  attempt: { userId: number; tourId: number; data: ReserveInput; key: string; now: Date },
): Promise<{ id: number; free: boolean }> {
  const { prepare, settlement } = deps;
  const { userId, tourId, data, key, now } = attempt;
  const p = await prepare(tx, tourId, data, now, userId, offer);
  const free = p.quote.total === 0;
  if (!free && !data.payment_token) throw ValidationError.of('payment_token', ja.reservations.paymentTokenRequired);
  await tx.execute(
    `UPDATE reservations SET option_id = ?, option_name = ?, coupon_id = ?, coupon_code = ?, message_to_host = ?, tour_amount = ?,
       discount_amount = ?, option_amount = ?, service_fee = ?, processing_fee = ?, total_amount = ?, idempotency_key = ?, updated_at = now()
     WHERE id = ?`,
    [
      p.option?.id ?? null,
      p.option?.name ?? null,
      p.coupon?.id ?? null,
      p.coupon?.code ?? null,
      data.message_to_host || null,
      p.quote.tour,
      p.quote.discount,
      p.quote.option,
      p.quote.service_fee,
      p.quote.processing_fee,
      p.quote.total,
      key,
      offer.reservationId,
    ],
  );
  if (p.coupon && !(await coupons.consume(tx, p.coupon.id))) throw ValidationError.of('coupon_code', ja.reservations.couponUsedUp);
  if (free) {
    await tx.execute(
      `UPDATE reservations SET status = 'confirmed', confirmed_at = now(), hold_expires_at = NULL, updated_at = now() WHERE id = ?`,
      [offer.reservationId],
    );
    await tx.execute(`UPDATE waitlist_entries SET status = 'booked', updated_at = now() WHERE reservation_id = ? AND status = 'offered'`, [
      offer.reservationId,
    ]);
    await settlement.recordConfirmation(tx, offer.reservationId);
  }
  return { id: offer.reservationId, free };
}
