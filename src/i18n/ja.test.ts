// Every text a person sees lives in the catalogue (src/i18n/ja/); none of it may be an English label left from the product this replaces
// (BRANDS, STEP 1, NO IMAGE … in the Japanese UI).
import { describe, expect, it } from 'vitest';
import * as ja from './ja';

/** Every string in the dictionary with its path (functions are templates around such strings; skipped). */
function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => strings(v, `${at}.${key}`));
  return [];
}

describe('the catalogue', () => {
  it('has no English labels', () => {
    const all = strings({ ...ja }, 'ja');
    expect(all.length).toBeGreaterThan(500);
    const english = all.filter(([, text]) => /\b(BRANDS?|AMBASSADORS?|PROGRAM|STEP\s*\d|NO IMAGE)\b/.test(text));
    expect(english).toEqual([]);
  });
});
