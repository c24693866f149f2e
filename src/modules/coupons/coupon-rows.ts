// The rows of a page of the admin's coupon list, read by id in one prepared statement (the list's ids come from
// `pageOfIds`), shaped like the entity's fields the answer is made from. Server-only.
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import type { ICoupon } from './coupons.entity';

export type CouponRow = Pick<
  ICoupon,
  | 'id'
  | 'code'
  | 'name'
  | 'discountType'
  | 'discountValue'
  | 'validFrom'
  | 'validUntil'
  | 'maxUses'
  | 'usedCount'
  | 'maxUsesPerUser'
  | 'firstBookingOnly'
  | 'minAmount'
  | 'active'
  | 'createdAt'
>;

const COUPON_ROWS = readStatement(
  `SELECT id, code, name, discount_type AS "discountType", discount_value AS "discountValue", valid_from AS "validFrom",
          valid_until AS "validUntil", max_uses AS "maxUses", used_count AS "usedCount",
          max_uses_per_user AS "maxUsesPerUser", first_booking_only AS "firstBookingOnly", min_amount AS "minAmount",
          active, created_at AS "createdAt"
     FROM coupons WHERE id = ANY(?::int[])`,
);

export function couponRows(sql: SqlReader, ids: number[]): Promise<CouponRow[]> {
  return ids.length ? readRows(sql, COUPON_ROWS, [ids]) : Promise.resolve([]);
}
