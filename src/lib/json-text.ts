// JSON already written as text (by PostgreSQL, for a read whose answer it can write whole): sent as it is, without
// parsing it into objects and writing it again. The type parameter is the shape the text holds, so a route's
// declared response and a service's answer still check against each other. Server-only.

/** Text holding JSON of shape T. */
export type JsonText<T> = string & { readonly __json?: T };

/** Reads the objects back (for a caller that needs them, not for the answer). */
export function parseJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T;
}
