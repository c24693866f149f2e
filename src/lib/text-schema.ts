// Text field helpers for zod schemas. Isomorphic.
import { z } from 'zod';
import { ja } from '#src/i18n/ja';

/** PostgreSQL text cannot hold NUL; such input is refused as malformed (422), never a 500. */
export const hasNoNul = (value: string) => !value.includes('\u0000');

/** A required, trimmed text of at most `max` characters, without NUL. */
export function requiredText(required: string, tooLong: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong, abort: true })
    .refine(hasNoNul, { error: ja.errors.invalidBody });
}

/** An optional text ('' and null mean not given → null), at most `max` characters, without NUL. */
export function optionalText(tooLong: string, max: number) {
  return z.preprocess(
    (value) => (value == null || (typeof value === 'string' && value.trim() === '') ? null : value),
    z
      .string({ error: tooLong })
      .trim()
      .max(max, { error: tooLong, abort: true })
      .refine(hasNoNul, { error: ja.errors.invalidBody })
      .nullable(),
  );
}

/** A boolean that is required (a form always sends the toggle). */
export function requiredBoolean(message: string) {
  return z.boolean({ error: message });
}
