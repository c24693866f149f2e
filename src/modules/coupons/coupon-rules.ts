// Not a service: rules over an EntityManager that the reservation flow calls inside its own transaction.
// Coupon rules for the price quote and the reservation: which code applies, and using it up under concurrency
// (a conditional UPDATE, backed by the coupons_used_count_range CHECK, like seats).
import type { EntityManager } from '@mikro-orm/postgresql';
import * as ja from '#src/i18n/ja';
import type { CouponTerms } from '#src/modules/reservations/pricing';
import { Coupon, type ICoupon } from './coupons.entity';
import { normalizeCouponCode } from './coupons.schemas';

export type { ICoupon };

export type CouponCheck = { ok: true; coupon: ICoupon; terms: CouponTerms } | { ok: false; message: string };

/** Who would use the coupon and for how much; per-guest limits are checked only when the guest is known. */
export interface CouponUse {
  /** The signed-in guest (null for a visitor's price quote: the reservation checks again with the guest). */
  userId: number | null;
  /** Yen: tour + option before the discount. */
  subtotal: number;
}

/** A reservation that counts as a use or a booking: confirmed, or held right now. */
const COUNTED = `(r.status = 'confirmed' OR (r.status IN ('pending', 'requires_action') AND (r.hold_expires_at IS NULL OR r.hold_expires_at > ?)))`;

/**
 * Finds a coupon usable at `now`, or the message that says why not. The per-guest rules (uses per guest, first
 * booking only) read the guest's reservations; the reservation holds a per-guest lock while it checks them, so two
 * attempts of one guest cannot both pass.
 */
export async function findApplicable(
  em: EntityManager,
  code: string,
  now: Date = new Date(),
  use: CouponUse = { userId: null, subtotal: 0 },
): Promise<CouponCheck> {
  const coupon = await em.findOne(Coupon, { code: normalizeCouponCode(code) });
  if (!coupon) return { ok: false, message: ja.reservations.couponNotFound };
  // A deactivated code is refused from the moment it is stopped; reservations made before keep their discount.
  if (!coupon.active) return { ok: false, message: ja.reservations.couponDeactivated };
  if (coupon.validFrom && coupon.validFrom > now) return { ok: false, message: ja.reservations.couponNotYetValid };
  if (coupon.validUntil && coupon.validUntil <= now) return { ok: false, message: ja.reservations.couponExpired };
  if (coupon.maxUses !== null && coupon.maxUses !== undefined && coupon.usedCount >= coupon.maxUses) {
    return { ok: false, message: ja.reservations.couponUsedUp };
  }
  if (coupon.minAmount !== null && coupon.minAmount !== undefined && use.subtotal < coupon.minAmount) {
    return { ok: false, message: ja.bookingRules.couponMinAmount(coupon.minAmount) };
  }
  if (use.userId !== null && coupon.firstBookingOnly) {
    const [row] = await em.execute<{ n: string }[]>(`SELECT count(*) AS n FROM reservations r WHERE r.user_id = ? AND ${COUNTED}`, [
      use.userId,
      now,
    ]);
    if (Number(row?.n ?? 0) > 0) return { ok: false, message: ja.bookingRules.couponFirstBookingOnly };
  }
  if (use.userId !== null && coupon.maxUsesPerUser !== null && coupon.maxUsesPerUser !== undefined) {
    const [row] = await em.execute<{ n: string }[]>(
      `SELECT count(*) AS n FROM reservations r WHERE r.user_id = ? AND r.coupon_id = ? AND ${COUNTED}`,
      [use.userId, coupon.id, now],
    );
    if (Number(row?.n ?? 0) >= coupon.maxUsesPerUser)
      return { ok: false, message: ja.bookingRules.couponPerUserUsedUp(coupon.maxUsesPerUser) };
  }
  return {
    ok: true,
    coupon,
    terms: { discountType: coupon.discountType as CouponTerms['discountType'], discountValue: coupon.discountValue },
  };
}

/** Counts one use; false when the last use was taken meanwhile. Call inside the reservation's transaction. */
export async function consume(em: EntityManager, couponId: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    `UPDATE coupons SET used_count = used_count + 1, updated_at = now()
     WHERE id = ? AND active AND (max_uses IS NULL OR used_count < max_uses) RETURNING id`,
    [couponId],
  );
  return rows.length === 1;
}

/** Gives a use back (the payment failed or the hold expired). */
export async function release(em: EntityManager, couponId: number): Promise<void> {
  await em.execute('UPDATE coupons SET used_count = used_count - 1, updated_at = now() WHERE id = ? AND used_count > 0', [couponId]);
}
