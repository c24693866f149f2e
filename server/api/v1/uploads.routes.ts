// POST /api/v1/uploads: multipart `file` + `upload_preset` -> 201 {public_id, secure_url} (the image hosting
// service's contract). Same-origin is enforced for all of /api in server/app.ts.
// One upload path with two doors: the marketplace's (a signed-in user) and the brand portal's
// (POST /brand/api/v1/uploads, a signed-in brand member; server/brand-api/v1/brand-portal.routes.ts). Both run
// uploadRoute: the same rate limit per uploader, multipart limits, content checks, store and documentation.
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { requireUser } from '#server/middleware/context';
import { cleanBody } from '#server/middleware/clean-input';
import { AppError, ValidationError } from '#src/lib/isomorphic/errors';
import { hit } from '#src/lib/rate-limit';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MEGABYTES, uploadFieldsSchema, uploadResultSchema } from '#src/modules/uploads/uploads.schemas';
import { route, type ApiRoute } from '#server/api/route';
import * as ja from '#src/i18n/ja';

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
      return next(ValidationError.of('file', ja.requests.wrongUploadField('file')));
    if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') return next(ValidationError.of('file', ja.uploads.oneFileAtATime));
    next(ValidationError.of('base', ja.errors.invalidBody));
  });
};

/** Uploads an uploader may make per hour (each door counts its own uploaders). */
const UPLOADS_PER_HOUR = 200;

/**
 * The upload route behind a door: `uploader` names who uploads (`user:12`, `brand-member:3`) and throws the 401
 * when nobody is signed in at that door, before the body is read; the limit is counted before the body is read
 * too, so a flood of large files is refused without buffering them. Then multipart parsing and the service.
 * `guard` runs first (the marketplace's requireUser).
 */
export function uploadRoute(door: {
  summary: string;
  tag: string;
  access: 'user' | 'brand';
  uploader: (req: Request) => string;
  guard?: RequestHandler;
}): ApiRoute {
  const limit: RequestHandler = async (req, _res, next) => {
    await hit(req.ctx.em, [{ key: `upload:${door.uploader(req)}`, max: UPLOADS_PER_HOUR, windowSeconds: 3600 }]);
    next();
  };
  return route('post', '/uploads', door.summary, [door.tag], door.access, {
    body: uploadFieldsSchema,
    multipart: true,
    status: 201,
    errors: [413, 429, 502],
    response: uploadResultSchema,
    before: [...(door.guard ? [door.guard] : []), limit, receiveFile, cleanBody],
    answer: (req, services) => services.uploads.upload(req.ctx, { file: req.file, upload_preset: req.body?.upload_preset }),
  });
}

export const uploadsRoutes: ApiRoute[] = [
  uploadRoute({
    summary: '画像をアップロードする',
    tag: 'ホスト',
    access: 'user',
    uploader: (req) => `user:${req.actor?.id}`,
    guard: requireUser,
  }),
];
