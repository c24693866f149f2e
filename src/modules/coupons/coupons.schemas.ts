// Coupons as the operator creates them (CLI create-coupon). Browser-safe. With the optional
// limits (per guest, first booking only, valid from, minimum amount).
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { isValidYmd } from '#src/lib/isomorphic/dates';
import {
  countJson,
  dateTimeJson,
  idJson,
  MAX_ID,
  oneLine,
  pageMetaJson,
  toHalfWidthDigits,
  type InputOf,
} from '#src/lib/isomorphic/validate';
import { booleanFilter, keywordFilter } from '#src/lib/isomorphic/list-filters';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';

const t = ja.coupons;

export const COUPON_CODE_MAX = 50;
export const COUPON_AMOUNT_MAX = 1_000_000;
export const COUPONS_PAGE_SIZE = 50;

/**
 * A coupon code as it is stored and looked up: full-width letters and digits, as a Japanese keyboard may type them, as
 * their half-width forms (NFKC), trimmed and upper-cased (a CHECK keeps stored codes upper-case), so one code is found
 * however it is typed. The admin's form and the booking's look-up (coupon-rules.ts) both read codes with it.
 */
export function normalizeCouponCode(code: string): string {
  return code.normalize('NFKC').trim().toUpperCase();
}

/** The largest minimum amount a coupon may ask for (yen). */
export const COUPON_MIN_AMOUNT_MAX = COUPON_AMOUNT_MAX * 100;

/**
 * A whole number from JSON (number) or from a command line or form (digits, full-width ones as IMEs type them), from
 * 1 to `max`, with one message for what is wrong: `tooLarge` above `max` (however many digits), else `message`. The
 * upper limit is checked first and each check stops the rest, so a field never gets two messages.
 */
const wholeNumber = (message: string, max: number, tooLarge: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(toHalfWidthDigits(v)) ? Number(toHalfWidthDigits(v)) : v),
    z
      .number({ error: message })
      .max(max, { error: tooLarge, abort: true })
      .int({ error: message, abort: true })
      .min(1, { error: message, abort: true }),
  );

/** Limits counted in uses: at most what their integer columns hold. */
const countLimit = (message: string, tooLarge: (max: number) => string) => wholeNumber(message, MAX_ID, tooLarge(MAX_ID));
const minAmount = () =>
  wholeNumber(ja.bookingRules.minAmountInvalid, COUPON_MIN_AMOUNT_MAX, ja.bookingRules.minAmountTooLarge(COUPON_MIN_AMOUNT_MAX));

export const couponCreateSchema = z
  .object({
    code: z
      .string({ error: t.codeRequired })
      .overwrite(normalizeCouponCode)
      .min(1, { error: t.codeRequired, abort: true })
      .max(COUPON_CODE_MAX, { error: t.codeTooLong, abort: true })
      .regex(/^[A-Za-z0-9_-]+$/, { error: t.codeFormat }),
    name: z.string().trim().max(255, { error: t.nameTooLong, abort: true }).check(oneLine()).optional(),
    amount: wholeNumber(t.amountInvalid, COUPON_AMOUNT_MAX, t.amountTooLarge).optional(),
    percent: wholeNumber(t.percentInvalid, 100, t.percentInvalid).optional(),
    /** Last valid day, Japan time. */
    expires: z.string({ error: t.expiresInvalid }).refine(isValidYmd, { error: t.expiresInvalid }).meta({ format: 'date' }).optional(),
    max_uses: countLimit(t.maxUsesInvalid, t.maxUsesTooLarge).optional(),
    /** Uses per guest, first booking only, minimum amount (tour + option before the discount). */
    max_uses_per_guest: countLimit(ja.bookingRules.maxUsesPerGuestInvalid, ja.bookingRules.maxUsesPerGuestTooLarge).optional(),
    first_booking_only: z.boolean().optional(),
    min_amount: minAmount().optional(),
  })
  .superRefine((data, issue) => {
    if (data.amount === undefined && data.percent === undefined) {
      issue.addIssue({ code: 'custom', path: ['amount'], message: t.discountRequired });
    } else if (data.amount !== undefined && data.percent !== undefined) {
      issue.addIssue({ code: 'custom', path: ['amount'], message: t.discountBoth });
    }
  });

export type CouponCreateInput = z.input<typeof couponCreateSchema>;

/** GET /api/v1/admin/coupons?page=&q=&active= (newest first): the keyword (code, name) and 有効/利用停止. */
export const couponListSchema = listQuerySchema.extend({ q: keywordFilter(), active: booleanFilter() });
export type CouponListQuery = InputOf<typeof couponListSchema>;

/** A limit the admin may clear: a whole number, or null / '' for "no limit". */
const clearableLimit = (limit: ReturnType<typeof wholeNumber>) => z.preprocess((v) => (v === '' ? null : v), limit.nullable()).optional();

/**
 * PATCH /api/v1/admin/coupons/{id}: the name, the limits and the validity (the code and the discount stay: a
 * reservation made with the code keeps what it was given, and a changed discount would make one code mean two
 * things). A field left out keeps its value; null (or an empty form field) removes the limit.
 */
export const couponUpdateSchema = z.object({
  name: z.string().trim().max(255, { error: t.nameTooLong, abort: true }).check(oneLine()).optional(),
  /** Last valid day, Japan time; null: no end. */
  expires: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z.string({ error: t.expiresInvalid }).refine(isValidYmd, { error: t.expiresInvalid }).meta({ format: 'date' }).nullable(),
    )
    .optional(),
  max_uses: clearableLimit(countLimit(t.maxUsesInvalid, t.maxUsesTooLarge)),
  max_uses_per_guest: clearableLimit(countLimit(ja.bookingRules.maxUsesPerGuestInvalid, ja.bookingRules.maxUsesPerGuestTooLarge)),
  first_booking_only: z.boolean().optional(),
  min_amount: clearableLimit(minAmount()),
});

export type CouponUpdateInput = z.input<typeof couponUpdateSchema>;

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
  max_uses_per_guest: number | null;
  first_booking_only: boolean;
  min_amount: number | null;
  active: boolean;
  created_at: string;
}

export const couponJsonSchema = z
  .object({
    id: idJson(),
    code: z.string(),
    name: z.string(),
    discount_type: z.enum(['amount', 'percent']),
    discount_value: z.number().int(),
    valid_from: dateTimeJson().nullable(),
    valid_until: dateTimeJson().nullable(),
    expires: z.string().nullable(),
    max_uses: z.number().int().nullable(),
    used_count: countJson(),
    max_uses_per_guest: z.number().int().nullable(),
    first_booking_only: z.boolean(),
    min_amount: z.number().int().nullable(),
    active: z.boolean(),
    created_at: dateTimeJson(),
  })
  .meta({
    id: 'Coupon',
    description: 'クーポン（used_count / max_uses が利用回数、active=false は利用停止）',
  }) satisfies z.ZodType<CouponJson>;

export const couponListJsonSchema = z
  .object({
    coupons: z.array(couponJsonSchema),
    meta: pageMetaJson(),
  })
  .meta({ id: 'CouponList', description: 'クーポンの一覧（新しい順、50件ずつ）' });
