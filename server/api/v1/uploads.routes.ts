// POST /api/v1/uploads: multipart `file` + `upload_preset` -> 201 {public_id, secure_url} (the image hosting
// service's contract; issue 5 "Images"). Same-origin is enforced for all of /api in server/app.ts.
import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import type { Services } from '#src/root';
import { requireUser } from '#server/middleware/context';
import { cleanBody } from '#server/middleware/clean-input';
import { AppError, ValidationError } from '#src/lib/errors';
import { hit } from '#src/lib/rate-limit';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MEGABYTES } from '#src/modules/uploads/uploads.schemas';
import { ja } from '#src/i18n/ja';

// Memory storage: the file is at most UPLOAD_MAX_BYTES and goes straight to PostgreSQL or the hosting service.
const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single('file');

/** Runs multer and turns its errors (and busboy's on a malformed body) into the API's 413/422 answers. */
export const receiveFile: RequestHandler = (req, res, next) => {
  parser(req, res, (error?: unknown) => {
    if (!error) return next();
    const code = (error as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') {
      const message = ja.uploads.tooLarge(UPLOAD_MAX_MEGABYTES);
      return next(new AppError(413, 'too_large', message, { file: [message] }));
    }
    // A file under another field name is not a second file: name the field the API expects.
    if (code === 'LIMIT_UNEXPECTED_FILE' && (error as { field?: string }).field !== 'file')
      return next(ValidationError.of('file', ja.hardeningB.wrongUploadField('file')));
    if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') return next(ValidationError.of('file', ja.uploads.oneFileAtATime));
    next(ValidationError.of('base', ja.errors.invalidBody));
  });
};

/** The upload handler, reusable by another API that authenticates differently (the brand portal). */
export function uploadHandler(services: Services): RequestHandler {
  return async (req, res) => {
    const result = await services.uploads.upload(req.ctx, { file: req.file, upload_preset: req.body?.upload_preset });
    res.status(201).json(result);
  };
}

export function uploadsRoutes(services: Services): Router {
  const router = Router();
  // Counted before the body is read, so a flood of large files is refused without buffering them.
  const limit: RequestHandler = async (req, _res, next) => {
    await hit(req.ctx.em, [{ key: `upload:user:${req.actor?.id}`, max: 200, windowSeconds: 3600 }]);
    next();
  };
  router.post('/uploads', requireUser, limit, receiveFile, cleanBody, uploadHandler(services));
  return router;
}
