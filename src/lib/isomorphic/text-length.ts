// How long a text is, as every character limit of this product counts it: in Unicode code points, as zod's string
// `.max()` and PostgreSQL's varchar(n) count, so an emoji is one character on a form's counter, in its input and on
// the server. Isomorphic.

/** The text's length in code points (a surrogate pair is one; a lone surrogate counts as one, as zod counts it). */
export function textLength(value: string): number {
  let length = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    if ((value.charCodeAt(i) & 0xfc00) === 0xd800 && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length--;
      i++;
    }
  }
  return length;
}

/**
 * The `maxLength` a text control needs so that it takes `max` characters after `value`: the browser's maxLength
 * counts UTF-16 units, in which a character beyond the Basic Multilingual Plane (an emoji) is two. One more such
 * character than the units left allow is still refused at the very end of the limit.
 */
export function maxLengthFor(value: string, max: number): number {
  return max + (value.length - textLength(value));
}
