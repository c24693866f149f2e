// One log line per answered request, and the request's id (issue 16: replaces pino-http, which built a child logger
// with serialisers and redaction, two arrays and four listeners for every request, used or not).
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '#src/lib/logger';

declare global {
  namespace Express {
    interface Request {
      /** X-Request-Id: the caller's (letters, digits, _ and -, up to 64) or a new UUID; also sent back. */
      id: string;
      /** The request's logger: its lines carry `req: { id, method, url }`. Made when first used. */
      log: Logger;
    }
  }
}

const INCOMING_ID = /^[\w-]{1,64}$/;

/**
 * Sets req.id and the X-Request-Id header, gives the request a logger (a child of `log` made on first use), and
 * logs `request completed` when the answer is finished (info; warn for 4xx, error for 5xx) or `request aborted`
 * when the client went away first, with the method, path, status and milliseconds. Built assets are not logged.
 */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    let child: Logger | undefined;
    const line = () => ({ id, method: req.method, url: req.originalUrl });
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => {
        child ??= log.child({ req: line() });
        return child;
      },
    });
    if (!req.url.startsWith('/assets/')) {
      const started = performance.now();
      const done = () => {
        res.off('finish', done);
        res.off('close', done);
        const status = res.statusCode;
        const fields = { req: line(), res: { statusCode: status }, responseTime: Math.round(performance.now() - started) };
        if (!res.writableFinished) log.warn(fields, 'request aborted');
        else if (status >= 500) log.error(fields, 'request completed');
        else if (status >= 400) log.warn(fields, 'request completed');
        else log.info(fields, 'request completed');
      };
      res.on('finish', done);
      res.on('close', done);
    }
    next();
  };
}
