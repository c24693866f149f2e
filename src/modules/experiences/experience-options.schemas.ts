// The host form's prices and options: a yen field as people type it (full-width digits, empty) and the options list,
// strict for a publication request and lenient for a draft. Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { oneLine, toHalfWidthDigits } from '#src/lib/isomorphic/validate';
import { HOST_LIMITS } from './experience-form.shared';

const m = ja.hostStory.errors;
const f = ja.hostStory.fields;

/**
 * A yen amount as a host types it, reduced to its digits: full-width digits become half-width, thousands separators
 * (`,` and `，`) and the spaces around it are dropped, and leading zeros go (`0100` is 100, `000` is 0), so what the
 * form shows is the number it sends. `other` says whether anything else was in it (a letter, a minus sign, a decimal
 * point); those characters are not in `digits`. The form's price inputs (cleanPriceInput) and parseYen both use it.
 */
export function yenDigits(text: string): { digits: string; other: boolean } {
  const kept = toHalfWidthDigits(text.trim()).replace(/[,，]/g, '');
  const digits = kept.replace(/\D/g, '');
  return { digits: digits.replace(/^0+(?=\d)/, ''), other: digits.length !== kept.length };
}

/** A price input: null when empty, a whole number of yen, or 'invalid' for anything else than digits and separators. */
function parseYen(value: unknown): number | null | 'invalid' {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : 'invalid';
  if (typeof value !== 'string') return 'invalid';
  const { digits, other } = yenDigits(value);
  if (other) return 'invalid';
  if (digits === '') return null;
  // More digits than a safe integer holds is over the limit anyway (the transforms say so).
  return digits.length > 15 ? Number.MAX_SAFE_INTEGER : Number(digits);
}

/** What parseYen accepts, for the OpenAPI document (the limit lives in the transforms below). */
const yenJsonSchema = {
  description: `円（0〜${HOST_LIMITS.priceMax.toLocaleString('ja-JP')}、数字の文字列も可。全角数字と桁区切りのカンマも可）`,
  anyOf: [
    { type: 'integer', minimum: 0, maximum: HOST_LIMITS.priceMax },
    { type: 'string', maxLength: 40, pattern: '^\\s*[0-9０-９,，]*\\s*$' },
    { type: 'null' },
  ],
};

export function yenField(label: string, required: boolean) {
  // optional(): an absent key must reach the transform (zod 4 refuses an absent key for a bare unknown).
  return z
    .unknown()
    .meta(yenJsonSchema)
    .optional()
    .transform((value, ctx): number | null => {
      const yen = parseYen(value);
      if (yen === 'invalid') {
        ctx.addIssue({ code: 'custom', message: ja.validation.numbersOnly });
        return z.NEVER;
      }
      if (yen === null) {
        if (required) {
          ctx.addIssue({ code: 'custom', message: ja.validation.requiredField(label) });
          return z.NEVER;
        }
        return null;
      }
      if (yen > HOST_LIMITS.priceMax) {
        ctx.addIssue({ code: 'custom', message: m.priceTooHigh(HOST_LIMITS.priceMax.toLocaleString('ja-JP')) });
        return z.NEVER;
      }
      return yen;
    });
}

const rawOption = z.object(
  {
    id: z.number().int().positive().nullish(),
    name: z
      .string()
      .trim()
      .max(HOST_LIMITS.optionName, ja.validation.maxLength(f.optionName, HOST_LIMITS.optionName))
      .check(oneLine())
      .nullish(),
    description: z
      .string()
      .max(HOST_LIMITS.optionDescription, ja.validation.maxLength(f.optionDescription, HOST_LIMITS.optionDescription))
      .nullish(),
    price: z.unknown().meta(yenJsonSchema).optional(),
  },
  { error: m.optionsInvalid },
);
type RawOption = z.infer<typeof rawOption>;

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** An option with every field empty is dropped (spec §5), in the form and on the server. */
export function isEmptyOption(option: { name?: unknown; description?: unknown; price?: unknown }): boolean {
  return blank(option.name) && blank(option.description) && blank(option.price);
}

/** An option that is not empty but misses its name, description or price blocks a publication request. */
export function isIncompleteOption(option: { name?: unknown; description?: unknown; price?: unknown }): boolean {
  return !isEmptyOption(option) && (blank(option.name) || blank(option.description) || parseYen(option.price) === null);
}

export interface OptionValue {
  id: number | null;
  name: string;
  description: string;
  price: number | null;
}

/** strict: a publication request (incomplete options refused); lenient: a draft (kept as they are). */
export function optionsField(strict: boolean) {
  return z
    .array(rawOption, { error: m.optionsInvalid })
    .max(20, m.optionsTooMany)
    .nullish()
    .transform((list, ctx): OptionValue[] => {
      const out: OptionValue[] = [];
      let incomplete = false;
      (list ?? []).forEach((option: RawOption, index) => {
        if (isEmptyOption(option)) return;
        const price = parseYen(option.price);
        if (price === 'invalid') ctx.addIssue({ code: 'custom', path: [index, 'price'], message: ja.validation.numbersOnly });
        else if (price !== null && price > HOST_LIMITS.priceMax)
          ctx.addIssue({ code: 'custom', path: [index, 'price'], message: m.priceTooHigh(HOST_LIMITS.priceMax.toLocaleString('ja-JP')) });
        if (isIncompleteOption(option)) incomplete = true;
        out.push({
          id: option.id ?? null,
          name: (option.name ?? '').trim(),
          description: (option.description ?? '').trim(),
          price: typeof price === 'number' ? price : null,
        });
      });
      if (out.length > HOST_LIMITS.options) ctx.addIssue({ code: 'custom', message: m.optionsTooMany });
      if (strict && incomplete) ctx.addIssue({ code: 'custom', message: m.optionsInvalid });
      return out;
    });
}
