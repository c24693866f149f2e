import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Timestamped } from '#src/lib/base.entity';

const DISCOUNT_TYPES = ['amount', 'percent'] as const;

/**
 * A discount code. `code` is stored upper-cased (CHECK) so look-ups are case-insensitive by upper-casing the
 * input. `used_count` is bumped in the reservation transaction; the CHECK keeps it within max_uses under
 * concurrency, like seats.
 */
export const Coupon = defineEntity({
  name: 'Coupon',
  tableName: 'coupons',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    code: p.string().length(50).unique(),
    name: p.string().length(255),
    discountType: p.enum([...DISCOUNT_TYPES]),
    /** Yen for 'amount', whole percent (1..100) for 'percent'. */
    discountValue: p.integer(),
    validFrom: p.datetime().nullable(),
    validUntil: p.datetime().nullable(),
    active: p.boolean().default(true),
    maxUses: p.integer().nullable(),
    usedCount: p.integer().default(0),
    /** At most this many reservations per guest (null = no limit). */
    maxUsesPerUser: p.integer().nullable(),
    /** Only for a guest's first booking (no confirmed or held reservation yet). */
    firstBookingOnly: p.boolean().default(false),
    /** Yen: tour + option before the discount must reach this (null = no minimum). */
    minAmount: p.integer().nullable(),
  },
  indexes: [
    // The admin list's 有効/利用停止 and keyword (Migration20261129130000_list_filters).
    { name: 'coupons_active_id_index', expression: 'create index "coupons_active_id_index" on "coupons" ("active", "id" desc)' },
    {
      name: 'coupons_keyword_index',
      expression: `create index "coupons_keyword_index" on "coupons" using gin ((lower("code" || ' ' || "name")) gin_trgm_ops)`,
    },
  ],
  checks: [
    { name: 'coupons_code_upper', expression: "code = upper(code) and code <> ''" },
    { name: 'coupons_discount_value_positive', expression: 'discount_value > 0' },
    { name: 'coupons_percent_max', expression: "discount_type <> 'percent' or discount_value <= 100" },
    { name: 'coupons_validity_order', expression: 'valid_from is null or valid_until is null or valid_from < valid_until' },
    { name: 'coupons_max_uses_positive', expression: 'max_uses is null or max_uses > 0' },
    { name: 'coupons_max_uses_per_user_positive', expression: 'max_uses_per_user is null or max_uses_per_user > 0' },
    { name: 'coupons_min_amount_positive', expression: 'min_amount is null or min_amount > 0' },
    { name: 'coupons_used_count_range', expression: 'used_count >= 0 and (max_uses is null or used_count <= max_uses)' },
  ],
});

export type ICoupon = InferEntity<typeof Coupon>;
