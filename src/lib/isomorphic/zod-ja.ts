// zod's own messages in Japanese, set once for the whole process (server and browser: the schemas are isomorphic).
// Imported for its effect by src/lib/isomorphic/validate.ts (every server parse goes through it or the error handler, which
// imports it) and by the form kit. A schema's own message (`{ error: ja.… }`) still wins: zod asks the schema
// first and this global map only for issues the schema left unnamed. What this map does not name falls back to
// zod's Japanese locale, never to English.
import { z } from 'zod';
// Only the Japanese locale (z.locales would bring every language into the browser bundle).
import zodJapanese from 'zod/v4/locales/ja.js';
import * as ja from '#src/i18n/ja';

const t = ja.requests.zod;
const locale = zodJapanese();

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

function japanese(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return t.invalidType;
    case 'unrecognized_keys':
      return t.unrecognizedKeys(issue.keys.join('、'));
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return t.tooLong(max);
      if (issue.origin === 'array' || issue.origin === 'set') return t.tooManyItems(max);
      return t.tooBig(max);
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') return t.tooShort(min);
      if (issue.origin === 'array' || issue.origin === 'set') return t.tooFewItems(min);
      return t.tooSmall(min);
    }
    case 'invalid_value':
      return t.invalidValue;
    case 'invalid_format':
      return t.invalidFormat;
    default:
      return undefined;
  }
}

z.config({
  customError: (issue) => japanese(issue),
  localeError: (issue) => {
    const message = locale.localeError?.(issue);
    return (typeof message === 'string' ? message : message?.message) ?? t.invalid;
  },
});
