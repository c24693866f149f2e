import { Migration } from '@mikro-orm/migrations';

// Optional coupon limits besides max_uses and valid_from/until: uses per guest, first booking only,
// a minimum amount (yen, tour + option before the discount). src/modules/coupons/coupon-rules.ts enforces them.
export class Migration20261122160000_coupon_limits extends Migration {
  override name = 'Migration20261122160000_coupon_limits';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "coupons" add column "max_uses_per_user" int null, add column "first_booking_only" boolean not null default false, add column "min_amount" int null;`,
    );
    this.addSql(
      `alter table "coupons" add constraint "coupons_max_uses_per_user_positive" check (max_uses_per_user is null or max_uses_per_user > 0);`,
    );
    this.addSql(`alter table "coupons" add constraint "coupons_min_amount_positive" check (min_amount is null or min_amount > 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "coupons" drop constraint if exists "coupons_min_amount_positive";`);
    this.addSql(`alter table "coupons" drop constraint if exists "coupons_max_uses_per_user_positive";`);
    this.addSql(`alter table "coupons" drop column "max_uses_per_user", drop column "first_booking_only", drop column "min_amount";`);
  }
}
