// GET /uploads/{public_id}: serves the local image store. Mounted before the session so image requests cost
// one query. Ids are content-addressed (sha256), so a URL's bytes never change: cache for a year, immutable.
import { GUEST } from '#src/lib/context';
import type { Router } from 'express';
import type { Services } from '#src/root';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';

/**
 * An uploaded SVG may contain <script> or event handlers. Opened directly it would be an active document on
 * our origin, so every upload is served with a CSP that allows no script at all and sandboxes the document
 * (ARCHITECTURE.md security baseline: "uploaded SVG never served as an active document"). Inside <img> the
 * browser never runs SVG scripts anyway.
 */
const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function uploadsServeRoutes(router: Router, services: Services): void {
  router.get('/uploads/*publicId', async (req, res) => {
    const segments = req.params.publicId as unknown as string[];
    const file = await services.uploads.findFile(
      services.context(GUEST, () => req.log),
      { public_id: segments.join('/') },
    );
    if (!file) throw new NotFoundError(ja.uploads.notFound);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Security-Policy', UPLOAD_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', 'inline');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', `"${file.sha256}"`);
    // res.send answers 304 itself when If-None-Match matches the ETag.
    res.send(file.data);
  });
}
