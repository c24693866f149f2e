// `create-coupon`, `list-coupons` and `deactivate-coupon`: thin wrappers over the coupons service (the same rules for an admin API).
import { Option, type Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import type { CouponJson, CouponCreateInput } from '#src/modules/coupons/coupons.schemas';
import { runCommand } from '#cli/run';
import { idArgument, pageOption, printJson, printPage, type Column } from '#cli/lib/output';

const h = ja.cliHelp;
const t = ja.coupons;

export function createCoupon(program: Command): void {
  program
    .command('create-coupon')
    .description(h.createCoupon)
    // Not requiredOption: missing values reach the service and get its Japanese messages.
    .option('--code <code>', h.couponCode)
    .option('--name <name>', h.couponName)
    .option('--amount <yen>', h.couponAmount)
    .option('--percent <n>', h.couponPercent)
    .option('--expires <YYYY-MM-DD>', h.couponExpires)
    .option('--max-uses <n>', h.couponMaxUses)
    .option('--max-uses-per-guest <n>', ja.bookingRules.cliMaxUsesPerGuest)
    .option('--first-booking-only', ja.bookingRules.cliFirstBookingOnly)
    .option('--min-amount <yen>', ja.bookingRules.cliMinAmount)
    .option('--json', h.json)
    .action((options: Record<string, string | boolean | undefined>) =>
      runCommand(async ({ services, ctx }) => {
        // The options as typed, an absent one undefined: the service answers each with the API's Japanese message.
        const coupon = await services.coupons.create(ctx, {
          code: options.code,
          name: options.name,
          amount: options.amount,
          percent: options.percent,
          expires: options.expires,
          max_uses: options.maxUses,
          max_uses_per_guest: options.maxUsesPerGuest,
          first_booking_only: options.firstBookingOnly === true,
          min_amount: options.minAmount,
        } as CouponCreateInput);
        if (options.json) printJson(coupon);
        else console.log(ja.cli.couponCreated(coupon.code, coupon.id));
      }),
    );
}

function status(c: CouponJson, now = new Date()): string {
  if (!c.active) return t.inactive;
  if (c.valid_until && new Date(c.valid_until) <= now) return t.expired;
  if (c.max_uses !== null && c.used_count >= c.max_uses) return t.usedUp;
  return t.active;
}

const columns: Column<CouponJson>[] = [
  { header: t.header.id, value: (c) => c.id, align: 'right' },
  { header: t.header.code, value: (c) => c.code },
  { header: t.header.name, value: (c) => c.name },
  {
    header: t.header.discount,
    value: (c) => (c.discount_type === 'amount' ? t.discountAmount(formatYen(c.discount_value)) : t.discountPercent(c.discount_value)),
    align: 'right',
  },
  { header: t.header.expires, value: (c) => c.expires },
  { header: t.header.uses, value: (c) => `${c.used_count} / ${c.max_uses ?? t.unlimited}`, align: 'right' },
  { header: t.header.status, value: (c) => status(c) },
];

export function listCoupons(program: Command): void {
  program
    .command('list-coupons')
    .description(h.listCoupons)
    // The filters of the admin list (GET /api/v1/admin/coupons), checked by the same schema.
    .option('--keyword <text>', h.couponKeyword)
    .addOption(new Option('--deactivated', h.couponDeactivated).conflicts('active'))
    .addOption(new Option('--active', h.couponActive))
    .option('--page <n>', h.page, pageOption, '1')
    .option('--json', h.json)
    .action((options: { page: string; json?: boolean; keyword?: string; active?: boolean; deactivated?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.coupons.list(ctx, {
          page: options.page,
          q: options.keyword,
          active: options.active ? 'true' : options.deactivated ? 'false' : undefined,
        });
        printPage(columns, result.coupons, result.meta, options.json ? result : undefined, options.page);
      }),
    );
}

export function deactivateCoupon(program: Command): void {
  program
    .command('deactivate-coupon')
    .description(h.deactivateCoupon)
    .argument('<id>', h.couponId, idArgument)
    .option('--json', h.json)
    .action((id: string, options: { json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const coupon = await services.coupons.deactivate(ctx, { id });
        if (options.json) printJson(coupon);
        else console.log(t.deactivated(coupon.code, coupon.id));
      }),
    );
}
