// The one Express error handler (ARCHITECTURE.md "Errors"): maps every error to the spec's JSON shapes.
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { AppError, NotFoundError, type FieldMessages } from '#src/lib/isomorphic/errors';
import { fieldMessages } from '#src/lib/isomorphic/validate';
import { isCheckViolation, isDatabaseBusy, isUniqueViolation } from '#src/lib/db-errors';
import * as ja from '#src/i18n/ja';

export interface ErrorBody {
  status: number;
  message: string;
  messages?: FieldMessages;
}

/**
 * The refusal for load: 503 with the Japanese 「ただいま混み合っています」. The error handler answers it with Retry-After,
 * no cache and one warning; a busy database becomes it below, and a page that waited too long for its turn
 * (server/page-gate.ts) ends with it.
 */
export const busyError = () => new AppError(503, 'busy', ja.errors.busy);

function fromUnknown(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError(422, 'validation_failed', ja.errors.validation, fieldMessages(error));
  if (error && typeof error === 'object') {
    const e = error as { name?: string; type?: string; status?: number; code?: string };
    // body-parser: malformed JSON, too large, bad charset.
    if (e.type === 'entity.parse.failed')
      return new AppError(422, 'invalid_body', ja.errors.invalidBody, { base: [ja.errors.invalidBody] });
    if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') return new AppError(413, 'too_large', ja.errors.payloadTooLarge);
    if (e.name === 'NotFoundError' && !(error instanceof AppError)) return new NotFoundError(ja.errors.notFound); // MikroORM findOneOrFail
    // PostgreSQL refuses NUL in text (22021) and jsonb (22P05): malformed input, not a server fault.
    if (e.code === '22021' || e.code === '22P05')
      return new AppError(422, 'invalid_body', ja.errors.invalidBody, { base: [ja.errors.invalidBody] });
    if (isUniqueViolation(e)) return new AppError(409, 'conflict', ja.errors.conflict);
    if (isDatabaseBusy(e)) return busyError();
    if (isCheckViolation(e)) return new AppError(422, 'constraint', ja.errors.validation, { base: [ja.errors.validation] });
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500)
      return new AppError(e.status, 'bad_request', ja.errors.invalidBody);
  }
  return null;
}

export function errorBody(error: AppError): ErrorBody {
  const body: ErrorBody = { status: error.status, message: error.message };
  if (error.status === 402) return body;
  if (error.details) body.messages = error.details;
  else if (error instanceof NotFoundError) body.messages = { [error.resource]: [error.message] };
  else body.messages = { base: [error.message] };
  return body;
}

const API_PATH = /^\/(api|brand\/api)(\/|$)/;

/** Whether a path belongs to the JSON APIs; every other path is a page and answers HTML, never JSON. */
export const isApiPath = (url: string) => API_PATH.test(url.split('?')[0]);

/**
 * The plain page's few rules, inline since it loads nothing: the site's background, text and link colours and its
 * font stack (src/components/global.css; server/middleware/errors.test.ts holds them equal).
 */
export const ERROR_PAGE_STYLE =
  'body{margin:0;background:#fbf8f4;color:#2b2521;line-height:1.7;font-family:"Hiragino Kaku Gothic ProN","Hiragino Sans","Noto Sans JP","Noto Sans CJK JP","Yu Gothic",Meiryo,system-ui,sans-serif}' +
  'main{max-width:36rem;margin:12vh auto;padding:0 1.25rem}h1{font-size:1.5rem;line-height:1.4}a{color:#c2410c}';

/**
 * The plain Japanese error page for a page request that never reached Vike (a malformed escape in the path, bad
 * text in the query, a failure before rendering, a page that waited too long for its turn). Self-contained: no
 * script, no stylesheet file, no database.
 */
export function htmlErrorPage(res: Response, status: number): void {
  res.status(status).type('html').send(errorPageHtml(status));
}

/** The plain page's HTML for a status (server/client-error.ts writes it where there is no Express response). */
export function errorPageHtml(status: number): string {
  const e = ja.errors;
  const [title, body] =
    status === 404
      ? [e.notFoundTitle, e.notFoundBody]
      : status === 503
        ? [e.busyTitle, e.busyBody]
        : status >= 500
          ? [e.serverErrorTitle, e.serverErrorBody]
          : [ja.requests.badRequestTitle, ja.requests.badRequestBody];
  return `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | ${ja.site.name}</title><style>${ERROR_PAGE_STYLE}</style></head><body><main><h1>${title}</h1><p>${body}</p><p><a href="/">${ja.requests.backToHome}</a></p></main></body></html>`;
}

/** A path whose escapes cannot be decoded (Express's router throws a URIError with status 400). */
const isDecodeFailure = (error: unknown) => error instanceof URIError || (error as { cause?: unknown } | null)?.cause instanceof URIError;

/** How long a client (Stripe's retries included) is asked to wait after a 503. */
export const RETRY_AFTER_SECONDS = '5';

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const appError = fromUnknown(error);
  if (res.headersSent) {
    req.log?.error({ err: error }, 'error after headers were sent');
    res.end();
    return;
  }
  if (appError?.status === 503) res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
  // A database too busy to answer, or a page that waited too long for its turn (server/page-gate.ts), is load, not a
  // fault: one warning with the reason, no stack.
  const busy = appError?.code === 'busy';
  if (busy) {
    const database = isDatabaseBusy(error);
    req.log?.warn(
      { reason: database ? (error as { message?: unknown }).message : 'no turn within the acquire timeout' },
      database ? 'database busy: the request answers 503' : 'pages busy: the request answers 503',
    );
  }
  if (!isApiPath(req.originalUrl)) {
    // Pages answer the Japanese HTML page, never the API's JSON; the busy page is stored by no cache.
    const status = appError?.status ?? (isDecodeFailure(error) ? 400 : 500);
    if (status >= 500 && !busy) req.log?.error({ err: error }, 'unhandled error');
    if (busy) res.setHeader('Cache-Control', 'no-store');
    htmlErrorPage(res, status);
    return;
  }
  if (appError) {
    if (appError.status >= 500 && !busy) req.log?.error({ err: error }, 'request failed');
    res.status(appError.status).json(errorBody(appError));
    return;
  }
  req.log?.error({ err: error }, 'unhandled error');
  res.status(500).json({ status: 500, message: ja.errors.internal, messages: { base: [ja.errors.internal] } });
};

/** Unknown /api paths answer JSON 404, not the HTML 404 page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ status: 404, message: ja.errors.notFound, messages: { base: [ja.errors.notFound] } });
};
