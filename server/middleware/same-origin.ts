// Refuses state-changing requests sent by another site (ARCHITECTURE.md security baseline).
// Browsers send Origin (or at least Sec-Fetch-Site) on cross-site POST/PUT/PATCH/DELETE; API clients
// without a browser send neither and are allowed, since they cannot ride on a victim's cookie.
import type { RequestHandler } from 'express';
import { ForbiddenError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const sameOrigin: RequestHandler = (req, _res, next) => {
  if (SAFE.has(req.method)) return next();
  if (req.get('sec-fetch-site') === 'cross-site') throw new ForbiddenError(ja.errors.crossOrigin);
  const origin = req.get('origin') ?? req.get('referer');
  if (origin) {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new ForbiddenError(ja.errors.crossOrigin);
    }
    if (host !== req.get('host')) throw new ForbiddenError(ja.errors.crossOrigin);
  }
  next();
};
