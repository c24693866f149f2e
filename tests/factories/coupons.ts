// Test data for coupons. Codes are stored upper-cased (CHECK coupons_code_upper).
import type { MikroORM } from '@mikro-orm/postgresql';
import { Coupon } from '#src/modules/coupons/coupons.entity';

let counter = 0;

export interface CouponOverrides {
  code?: string;
  name?: string;
  discountType?: 'amount' | 'percent';
  discountValue?: number;
  validFrom?: Date | null;
  validUntil?: Date | null;
  active?: boolean;
  maxUses?: number | null;
  usedCount?: number;
  maxUsesPerUser?: number | null;
  firstBookingOnly?: boolean;
  minAmount?: number | null;
}

export async function createCoupon(orm: MikroORM, overrides: CouponOverrides = {}) {
  counter += 1;
  const em = orm.em.fork();
  const coupon = em.create(Coupon, {
    code: (overrides.code ?? `TEST${counter}${Date.now().toString(36)}`).toUpperCase(),
    name: overrides.name ?? `テストクーポン${counter}`,
    discountType: overrides.discountType ?? 'amount',
    discountValue: overrides.discountValue ?? 500,
    validFrom: overrides.validFrom ?? null,
    validUntil: overrides.validUntil ?? null,
    active: overrides.active ?? true,
    maxUses: overrides.maxUses ?? null,
    usedCount: overrides.usedCount ?? 0,
    maxUsesPerUser: overrides.maxUsesPerUser ?? null,
    firstBookingOnly: overrides.firstBookingOnly ?? false,
    minAmount: overrides.minAmount ?? null,
  });
  await em.flush();
  return coupon;
}
