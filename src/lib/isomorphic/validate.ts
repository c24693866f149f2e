// Turns zod failures into the one ValidationError (field -> messages). Isomorphic.
import { z } from 'zod';
import { ValidationError, type FieldMessages } from './errors';
import * as ja from '#src/i18n/ja';
import './zod-ja';
import { MAX_ID, parseId, toHalfWidthDigits } from './ids';

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
export { MAX_ID, parseId, toHalfWidthDigits, type IdInput } from './ids';

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

/**
 * A reservation number as a person types it (the confirmation mail's number: the reservation's id): digits, half- or
 * full-width, spaces around them ignored; blank or null is none. Anything else, or a number no id can be, is `message`.
 */
export const reservationNumber = (message: string) =>
  z.preprocess(
    (value) =>
      value === '' || value === null
        ? undefined
        : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(toHalfWidthDigits(value))
          ? Number(toHalfWidthDigits(value))
          : value,
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message }).optional(),
  );

/**
 * True when a text has a character one can see: trim() removes spaces (the full-width one too) but not invisible format
 * characters such as U+200B or U+2060, and a name made only of those shows as nothing.
 */
export const hasVisibleText = (value: string) => /[^\s\p{Cf}]/u.test(value);

/** The messages of an e-mail address field (`emailText`). */
export interface EmailMessages {
  required: string;
  tooLong: string;
  invalid: string;
  /** Fewer than 3 characters, said before the format is checked (the inquiry forms' spec). */
  tooShort?: string;
}

/**
 * An e-mail address as every form that takes a new one reads it (sign-up, reset, address change, invitation, inquiry):
 * full-width letters and digits, as a Japanese keyboard may type them, read as half-width (NFKC); trimmed; required; at
 * most 255 characters; then zod's e-mail format, in a pipe, so the document states it as `format: email` (the pipe's
 * input side does not show it). Lower-cased unless `lowerCase: false`. One message a field: each check stops the rest.
 */
export function emailText(messages: EmailMessages, options: { lowerCase?: boolean } = {}) {
  let text = z.string({ error: messages.required }).normalize('NFKC').trim().min(1, { error: messages.required, abort: true });
  if (messages.tooShort) text = text.min(3, { error: messages.tooShort, abort: true });
  const address = text.max(255, { error: messages.tooLong, abort: true }).pipe(z.email({ error: messages.invalid }));
  return (options.lowerCase === false ? address : address.transform((value) => value.toLowerCase())).meta({ format: 'email' });
}

/** PostgreSQL text cannot hold NUL; such input is refused as malformed (422), never a 500. */
export const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * What a one-line text may hold: no line breaks, tabs or other control characters (C0, DEL, C1) and no bidirectional
 * embeddings, overrides or isolates (U+202A-U+202E, U+2066-U+2069), which could make a name or a title read as more
 * lines, or in another order, in a mail subject, a list, a CSV or a printed receipt. Written with `\x`/`\u` ranges
 * rather than `\p{Cc}`, so the OpenAPI document's `pattern` means the same in any ECMA-262 engine, `u` flag or not.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the rule refuses.
export const ONE_LINE_PATTERN = /^[^\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]*$/;

/**
 * The one-line rule as a zod check, for every one-line text a client sends (anything typed into an `<input>`):
 * `z.string().trim()….check(oneLine())`, after trim so that surrounding blanks are dropped rather than refused.
 * It is a regex check, so the field's JSON Schema carries ONE_LINE_PATTERN as its `pattern`, and
 * tests/api/one-line-texts.test.ts fails for a request body's text field that has neither it nor a place in the
 * test's list of multi-line fields. The refusal says 「改行や制御文字は使えません」.
 */
export const oneLine = () => z.regex(ONE_LINE_PATTERN, { error: ja.validation.oneLine });

/**
 * requiredText's and optionalText's choice. A text is one line unless it says `multiLine: true` (a description, a
 * message, a note: what its form shows in a `<textarea>`), so forgetting the option gives the safe rule.
 */
export interface TextOptions {
  multiLine?: boolean;
}

/**
 * A required, trimmed text of at most `max` characters, without NUL; one line unless `multiLine`. Its checks do not
 * abort: an explicitly aborted issue stops even a form's `when` refinement (zod skips those once any issue is aborted),
 * and the experience form lists its cross-field messages (no date yet, …) beside an empty title's.
 */
export function requiredText(required: string, tooLong: string, max: number, options: TextOptions = {}) {
  const text = z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });
  // A text with nothing to see gets the required message, one message a field: an empty one has min's, and a one-line
  // text with characters the one-line rule refuses has that rule's (a multi-line text has no such rule).
  const shown = (value: string) => value === '' || hasVisibleText(value) || (!options.multiLine && !ONE_LINE_PATTERN.test(value));
  return (options.multiLine ? text : text.check(oneLine()))
    .refine(shown, { error: required })
    .refine(hasNoNul, { error: ja.errors.invalidBody });
}

/**
 * An optional text ('', blanks, null and absent mean not given → null), at most `max` characters, without NUL; one
 * line unless `multiLine`.
 */
export function optionalText(tooLong: string, max: number, options: TextOptions = {}) {
  const text = z.string({ error: tooLong }).trim().max(max, { error: tooLong });
  return (options.multiLine ? text : text.check(oneLine()))
    .refine(hasNoNul, { error: ja.errors.invalidBody })
    .nullish()
    .transform((value) => value || null);
}

/**
 * The token of a mailed link (password reset, invitation, e-mail change, sign-up verification): newToken
 * (src/lib/reset-tokens.ts) writes base64url, so another character means an altered link, refused with the link's own
 * message exactly as an unknown token is.
 */
export const linkToken = (invalid: string) =>
  z
    .string({ error: invalid })
    .max(200, { error: invalid, abort: true })
    .regex(/^[A-Za-z0-9_-]*$/, { error: invalid });

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
