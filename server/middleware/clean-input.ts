// Text PostgreSQL cannot store (NUL) or that is not text at all (an unpaired UTF-16 surrogate, as `\ud800` in
// JSON) is refused once, at the edge, for every JSON body, query string and path: a 422 (API) or the Japanese 400
// page, never a 500 from the database driver. A path with a malformed escape (`/stories/%C0%AF`) is refused the
// same way here, before any router tries to decode it.
//
// So is text holding the start of Vike's asset marker strings (`__VITE_PLUGIN_SSR__ASSETS_FIRST__`,
// `__VITE_PLUGIN__SSR_ASSETS_LAST__`): Vike writes a page's stylesheets and scripts where its rendered HTML holds one
// and fails the render when it holds one twice, so such a text shown on a page (a review, a name, the path the 404
// page repeats) would break that page for everyone who opens it. Its own Japanese message says which text.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { apiNotFound, htmlErrorPage, isApiPath } from '#server/middleware/errors';
import { AppError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const VIKE_ASSET_MARK = '__VITE_PLUGIN';

/** Why a string is refused (the message), or null when it is clean. */
function textFault(value: string): string | null {
  if (value.includes('\u0000') || LONE_SURROGATE.test(value)) return ja.errors.invalidBody;
  return value.includes(VIKE_ASSET_MARK) ? ja.errors.reservedText : null;
}

interface BadText {
  /** The keys leading to it. */
  path: string[];
  message: string;
}

/** The first bad string (key or value) inside `value`, or null when all is clean. */
function findBadText(value: unknown, path: string[] = [], depth = 0): BadText | null {
  if (typeof value === 'string') {
    const message = textFault(value);
    return message ? { path, message } : null;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    const message = textFault(key);
    if (message) return { path, message };
    const found = findBadText(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function invalidText({ path, message }: BadText): AppError {
  return new AppError(422, 'invalid_text', message, { [path.length > 0 ? path.join('.') : 'base']: [message] });
}

/** After express.json(): refuses a JSON body holding bad text. */
export const cleanBody: RequestHandler = (req, _res, next) => {
  const found = findBadText(req.body);
  next(found ? invalidText(found) : undefined);
};

/** The decoded segments of a path, or null when an escape is malformed. */
function decodedSegments(path: string): string[] | null {
  try {
    return path.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/**
 * Before everything that reads the path or query: refuses malformed escapes and bad text in either, so no value of
 * the URL ever reaches PostgreSQL holding NUL. A page answers the Japanese 400 page. An API path holding bad text
 * names nothing: the API's 404, as for a malformed id (parseId), whatever the parameter is (an id, a payment
 * intent's id, a file name); a malformed escape in an API path is Express's 400. An API query with bad text is
 * the 422 of a bad body.
 */
export const cleanUrl: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  const api = isApiPath(req.originalUrl);
  const segments = decodedSegments(req.path);
  if (api && segments?.some(textFault)) return apiNotFound(req, res, next);
  const pathBad = !api && (segments === null || segments.some(textFault));
  const queryBad = pathBad ? null : findBadText(req.query);
  if (!pathBad && !queryBad) return next();
  if (!api) return htmlErrorPage(res, 400);
  next(invalidText(queryBad ?? { path: [], message: ja.errors.invalidBody }));
};
