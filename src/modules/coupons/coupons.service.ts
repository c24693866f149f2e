// Coupon rules for the price quote and the reservation: which code applies, and using it up under concurrency
// (a conditional UPDATE, backed by the coupons_used_count_range CHECK, like seats).
import type { EntityManager } from '@mikro-orm/postgresql';
import { ja } from '#src/i18n/ja';
import type { CouponTerms } from '#src/modules/reservations/pricing';
import { Coupon, type ICoupon } from './coupons.entity';
import { requireAdmin, type Ctx } from '#src/lib/context';
import { ValidationError } from '#src/lib/errors';
import { parseInput } from '#src/lib/validate';
import { addDays, japanInstant, todayInJapan } from '#src/lib/dates';
import type { ListMeta } from '#src/modules/ambassadors/ambassadors.schemas';
import { COUPONS_PAGE_SIZE, couponCreateSchema, couponListSchema, type CouponJson } from './coupons.schemas';

export type CouponCheck = { ok: true; coupon: ICoupon; terms: CouponTerms } | { ok: false; message: string };

/** Codes are stored upper-cased (CHECK), so look-ups are case-insensitive. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Finds a coupon usable at `now`, or the message that says why not. */
export async function findApplicable(em: EntityManager, code: string, now: Date = new Date()): Promise<CouponCheck> {
  const coupon = await em.findOne(Coupon, { code: normalizeCouponCode(code) });
  if (!coupon?.active) return { ok: false, message: ja.reservations.couponNotFound };
  if (coupon.validFrom && coupon.validFrom > now) return { ok: false, message: ja.reservations.couponNotYetValid };
  if (coupon.validUntil && coupon.validUntil <= now) return { ok: false, message: ja.reservations.couponExpired };
  if (coupon.maxUses !== null && coupon.maxUses !== undefined && coupon.usedCount >= coupon.maxUses) {
    return { ok: false, message: ja.reservations.couponUsedUp };
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

// ---- Operator side: creating and listing coupons (CLI create-coupon / list-coupons, issue 12) ------------------

function toJson(coupon: ICoupon): CouponJson {
  const until = coupon.validUntil ? new Date(coupon.validUntil) : null;
  return {
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    discount_type: coupon.discountType as CouponJson['discount_type'],
    discount_value: coupon.discountValue,
    valid_from: coupon.validFrom ? new Date(coupon.validFrom).toISOString() : null,
    valid_until: until?.toISOString() ?? null,
    expires: until ? todayInJapan(new Date(until.getTime() - 1)) : null,
    max_uses: coupon.maxUses ?? null,
    used_count: coupon.usedCount,
    active: coupon.active,
    created_at: new Date(coupon.createdAt).toISOString(),
  };
}

const codeTaken = () => new ValidationError({ code: [ja.coupons.codeTaken] });

/**
 * The coupons service for administrators and the operator. max_uses is enforced when a reservation uses the
 * coupon (`consume`: a conditional UPDATE backed by the coupons_used_count_range CHECK); `expires` is the last
 * valid day in Japan time (valid_until is the next midnight there).
 */
export function createCouponsService() {
  async function create(ctx: Ctx, input: unknown): Promise<CouponJson> {
    requireAdmin(ctx);
    const data = parseInput(couponCreateSchema, input);
    if (data.expires && data.expires < todayInJapan()) throw new ValidationError({ expires: [ja.coupons.expiresPast] });
    try {
      return await ctx.em.transactional(async (em) => {
        if (await em.count(Coupon, { code: data.code })) throw codeTaken();
        const coupon = em.create(Coupon, {
          code: data.code,
          name: data.name || data.code,
          discountType: data.amount !== undefined ? 'amount' : 'percent',
          discountValue: (data.amount ?? data.percent) as number,
          validUntil: data.expires ? japanInstant(addDays(data.expires, 1)) : null,
          maxUses: data.max_uses ?? null,
        });
        await em.flush();
        return toJson(coupon);
      });
    } catch (error) {
      // Two operators creating the same code at once: the unique index decides.
      if (error instanceof Error && error.name === 'UniqueConstraintViolationException') throw codeTaken();
      throw error;
    }
  }

  async function list(ctx: Ctx, input: unknown = {}): Promise<{ coupons: CouponJson[]; meta: ListMeta }> {
    requireAdmin(ctx);
    const { page } = parseInput(couponListSchema, input);
    const [rows, total] = await ctx.em.findAndCount(
      Coupon,
      {},
      { orderBy: { id: 'desc' }, limit: COUPONS_PAGE_SIZE, offset: (page - 1) * COUPONS_PAGE_SIZE },
    );
    return {
      coupons: rows.map(toJson),
      meta: { current_page: page, total_pages: Math.max(1, Math.ceil(total / COUPONS_PAGE_SIZE)), total_count: total },
    };
  }

  return { create, list };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
