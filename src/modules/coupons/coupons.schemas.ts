// Coupons as the operator creates them (CLI create-coupon, issue 12). Browser-safe. Issue 14 adds the other
// limits (per guest, first booking only, valid from, minimum amount).
import { z } from 'zod';
import { ja } from '#src/i18n/ja';
import { isValidYmd } from '#src/lib/dates';

const t = ja.coupons;

export const COUPON_CODE_MAX = 50;
export const COUPON_AMOUNT_MAX = 1_000_000;
export const COUPONS_PAGE_SIZE = 50;

/** A whole number from JSON (number) or from a command line / form (digits). */
const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).min(1, { error: message }),
  );

export const couponCreateSchema = z
  .object({
    code: z
      .string({ error: t.codeRequired })
      .trim()
      .min(1, { error: t.codeRequired, abort: true })
      .max(COUPON_CODE_MAX, { error: t.codeTooLong, abort: true })
      .regex(/^[A-Za-z0-9_-]+$/, { error: t.codeFormat })
      .transform((code) => code.toUpperCase()),
    name: z.string().trim().max(255, { error: t.nameTooLong }).optional(),
    amount: wholeNumber(t.amountInvalid)
      .refine((n) => n <= COUPON_AMOUNT_MAX, { error: t.amountTooLarge })
      .optional(),
    percent: wholeNumber(t.percentInvalid)
      .refine((n) => n <= 100, { error: t.percentInvalid })
      .optional(),
    /** Last valid day, Japan time. */
    expires: z.string({ error: t.expiresInvalid }).refine(isValidYmd, { error: t.expiresInvalid }).optional(),
    max_uses: wholeNumber(t.maxUsesInvalid).optional(),
    /** Issue 14: uses per guest, first booking only, minimum amount (tour + option before the discount). */
    max_uses_per_guest: wholeNumber(ja.hardeningC.maxUsesPerGuestInvalid).optional(),
    first_booking_only: z.boolean().optional(),
    min_amount: wholeNumber(ja.hardeningC.minAmountInvalid)
      .refine((n) => n <= COUPON_AMOUNT_MAX * 100, { error: ja.hardeningC.minAmountInvalid })
      .optional(),
  })
  .superRefine((data, issue) => {
    if (data.amount === undefined && data.percent === undefined) {
      issue.addIssue({ code: 'custom', path: ['amount'], message: t.discountRequired });
    } else if (data.amount !== undefined && data.percent !== undefined) {
      issue.addIssue({ code: 'custom', path: ['amount'], message: t.discountBoth });
    }
  });

export type CouponCreateInput = z.input<typeof couponCreateSchema>;

export const couponListSchema = z.object({
  page: wholeNumber(ja.validation.integer).default(1),
});

export interface CouponJson {
  id: number;
  code: string;
  name: string;
  discount_type: 'amount' | 'percent';
  discount_value: number;
  valid_from: string | null;
  valid_until: string | null;
  /** The last valid day in Japan time (yyyy-MM-dd), or null without an end. */
  expires: string | null;
  max_uses: number | null;
  used_count: number;
  active: boolean;
  created_at: string;
}
