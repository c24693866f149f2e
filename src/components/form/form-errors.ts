// The pure rules of the form kit (no React): what a failed call means per field, which message to alert, the
// character-counter rule, and turning a <form>'s FormData into the object the schema checks. Unit-tested.
import * as ja from '#src/i18n/ja';
import { ApiError } from '#src/lib/isomorphic/api-client';
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import { textLength } from '#src/lib/isomorphic/text-length';

/** The key of messages that belong to no single field (shown on top of the form). */
export const BASE = 'base';

/**
 * A failed API call as per-field messages: the server's `messages` map when it sent one; its `message` under `base`
 * for an answer without a map; a network failure (status 0) or anything that is not an ApiError as one generic
 * Japanese message under `base`.
 */
export function toFieldMessages(error: unknown): FieldMessages {
  if (error instanceof ApiError) {
    const entries = Object.entries(error.messages).filter(([, list]) => Array.isArray(list) && list.length > 0);
    if (entries.length > 0) return Object.fromEntries(entries);
    if (error.status === 0) return { [BASE]: [ja.common.networkError] };
    return { [BASE]: [error.message || ja.common.unexpectedError] };
  }
  return { [BASE]: [ja.common.unexpectedError] };
}

/** The message to alert or announce first: `base` first, then the first field in the order the messages came. */
export function firstMessage(messages: FieldMessages): string | null {
  if (messages[BASE]?.length) return messages[BASE][0];
  for (const list of Object.values(messages)) if (list?.length) return list[0];
  return null;
}

/** Every message once, in order (for an error summary). */
export function allMessages(messages: FieldMessages): string[] {
  return [...new Set(Object.values(messages).flat())];
}

/** The messages whose key is `prefix` or starts with `prefix.` (e.g. 'options' gives options.0.name too). */
export function messagesUnder(messages: FieldMessages, prefix: string): string[] {
  return Object.entries(messages)
    .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
    .flatMap(([, list]) => list);
}

/** A photo list's own messages (`images`, `images.{n}.url`, …) without its texts' (`images.{n}.alt`, shown by each field). */
export function imageListMessages(messages: FieldMessages): string[] {
  return messagesUnder(Object.fromEntries(Object.entries(messages).filter(([key]) => !key.endsWith('.alt'))), 'images');
}

export interface CounterState {
  count: number;
  max: number;
  /**
   * Where the text stands against the limit: `under` it; `limit`: exactly at it, a valid text the browser takes no more
   * of (a notice, not an error); `over`: longer than the limit (a text the form was given, e.g. a saved or pre-filled
   * one: the browser's maxLength only stops typing), which the server refuses (an error).
   */
  state: 'under' | 'limit' | 'over';
  /** The spec's notice 「N文字以内で入力してください」, at and over the limit. */
  notice: string | null;
}

/**
 * The character counter. Counts as the server does (code points, `textLength`), so an emoji is one character on the
 * counter and on the server alike; Field gives the control a maxLength in the browser's units to match.
 */
export function counterState(value: string, max: number): CounterState {
  const count = textLength(value);
  const state = count > max ? 'over' : count === max ? 'limit' : 'under';
  return { count, max, state, notice: state === 'under' ? null : ja.validation.withinChars(max) };
}

/**
 * A <form>'s values as a plain object for the schema and the JSON body: a name given once is a string, a name given
 * several times (checkboxes) an array; files are left out (uploads have their own endpoint).
 */
export function formValues(data: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of data.entries()) {
    if (typeof value !== 'string') continue;
    const existing = values[name];
    if (existing === undefined) values[name] = value;
    else values[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return values;
}

/** The id of a field's error text, for aria-describedby. */
export function errorId(id: string): string {
  return `${id}-error`;
}
