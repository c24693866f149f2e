// Turns zod failures into the one ValidationError (field -> messages). Isomorphic.
import { z } from 'zod';
import { ValidationError, type FieldMessages } from './errors';
import * as ja from '#src/i18n/ja';
import './zod-ja';
import { MAX_ID, parseId } from './ids';

export function fieldMessages(error: z.ZodError): FieldMessages {
  const details: FieldMessages = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'base';
    // A body of the wrong type altogether (an array, a string) names no field, and zod's own message is English.
    const message = issue.path.length === 0 && issue.code === 'invalid_type' ? ja.errors.invalidBody : issue.message;
    details[key] = [...(details[key] ?? []), message];
  }
  return details;
}

/** Parses input with a schema, throwing ValidationError (422) with Japanese per-field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new ValidationError(fieldMessages(result.error));
  return result.data;
}

/**
 * What a service whose input `schema` parses takes from its callers: the schema's input, with every key that accepts
 * undefined made optional. zod keeps a preprocessed key required though its input is unknown; a caller (a URL's
 * query above all) may leave such a key out, and the schema then gives its default or its message.
 */
export type InputOf<S extends z.ZodType> = Simplify<
  { [K in keyof z.input<S> as undefined extends z.input<S>[K] ? K : never]?: z.input<S>[K] } & {
    [K in keyof z.input<S> as undefined extends z.input<S>[K] ? never : K]: z.input<S>[K];
  }
>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

// MAX_ID and parseId, the one id rule, live in ids.ts (no zod: the pages' guards use it).
export { MAX_ID, parseId, type IdInput } from './ids';

/**
 * The id named `key` inside a service's input object. A missing, malformed or out-of-range id is the resource's
 * 404 (never a 422): an id that cannot exist names nothing, exactly like an unknown one.
 */
export function idFrom(input: unknown, key: string, notFound: () => Error): number {
  const id = parseId((input as Record<string, unknown> | null | undefined)?.[key]);
  if (id === null) throw notFound();
  return id;
}

// ---- Text fields -----------------------------------------------------------------------------------------------

/** Full-width digits (０-９, as Japanese IMEs type them) become ASCII digits; nothing else is rewritten. */
export function toHalfWidthDigits(value: string): string {
  return value.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/** PostgreSQL text cannot hold NUL; such input is refused as malformed (422), never a 500. */
export const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * A one-line text (a person's or an organisation's name): no line breaks, tabs or other control characters, and no
 * bidirectional overrides, which could make a name read as more lines, or in another order, in a mail or a list.
 */
export const isOneLine = (value: string) => !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(value);

/** A required, trimmed text of at most `max` characters, without NUL; with `oneLine`, a one-line text (isOneLine). */
export function requiredText(required: string, tooLong: string, max: number, options: { oneLine?: boolean } = {}) {
  const text = z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong, abort: true })
    .refine(hasNoNul, { error: ja.errors.invalidBody });
  return options.oneLine ? text.refine(isOneLine, { error: ja.validation.oneLine }) : text;
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

// ---- Response shapes (the 2xx schemas of the OpenAPI document, next to each module's input schemas) ------------
// Objects are closed in the document (additionalProperties: false), so a renamed or extra field fails the
// contract test.

/** A row id as the API sends it. */
export const idJson = () => z.number().int().min(1).max(MAX_ID);
/** A count (0 or more). */
export const countJson = () => z.number().int().min(0);
/** An instant, ISO 8601 in UTC (`2026-12-05T01:00:00.000Z`). */
export const dateTimeJson = () => z.string().meta({ format: 'date-time', example: '2026-12-05T01:00:00.000Z' });
/** A calendar date in Japan time (`2026-12-05`). */
export const dateJson = () => z.string().meta({ format: 'date', example: '2026-12-05' });
/** A time of day in Japan time (`10:00`). */
export const timeJson = () =>
  z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .meta({ example: '10:00' });
/** A URL the API sends: absolute (https) or a path on this site (`/images/…`). */
export const urlJson = () => z.string().min(1);
/**
 * Page numbers of a paginated list (current_page, total_pages, total_count); a filtered admin list stops counting at
 * 10,000 and then says so with total_count_capped (src/lib/list-sql.ts).
 */
export const pageMetaJson = () =>
  z.object({
    current_page: z.number().int().min(1),
    total_pages: countJson(),
    total_count: countJson(),
    total_count_capped: z.boolean().optional().meta({ description: 'true: 件数は total_count 件以上（数え上げを打ち切りました）' }),
  });
