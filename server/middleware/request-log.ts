// One log line per answered request, and the request's id (replaces pino-http, which built a child logger
// with serialisers and redaction, two arrays and four listeners for every request, used or not; this has one
// listener, and `req.log` from the app's request prototype).
import { randomUUID } from 'node:crypto';
import type { Express as ExpressApp, Request } from 'express';
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

/** Where a request keeps its logger once made (most requests never make one). */
const CHILD = Symbol('request logger');

type LoggedRequest = Request & { [CHILD]?: Logger };

/** What the request's log lines say of it (the child logger's bindings and the answer's line). */
function line(req: Request) {
  return { id: req.id, method: req.method, url: req.originalUrl };
}

/**
 * Sets req.id and the X-Request-Id header, gives every request of `app` a logger (`req.log`, a child of `log` made on
 * first use), and logs `request completed` when the answer is finished (info; warn for 4xx and 503, error for other 5xx) or
 * `request aborted` when the client went away first, with the method, path, status and milliseconds. Built assets are
 * not logged. Mount it first.
 *
 * `req.log` is a getter on the app's request prototype (`app.request`), defined once here. Defined on each request
 * instead, as it was, the accessor gave every request object a shape of its own, and every middleware's reads of
 * `req` then took V8's slow path, a large part of a small JSON answer's CPU time (measured with the server's CPU time
 * per request under load).
 */
export function mountRequestLog(app: ExpressApp, log: Logger): void {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: LoggedRequest): Logger {
      this[CHILD] ??= log.child({ req: line(this) });
      return this[CHILD];
    },
  });
  app.use((req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (!req.url.startsWith('/assets/')) {
      const started = performance.now();
      // 'close' comes after 'finish' when the answer was sent, and alone when the client went away first.
      res.once('close', () => {
        const status = res.statusCode;
        const fields = { req: line(req), res: { statusCode: status }, responseTime: Math.round(performance.now() - started) };
        if (!res.writableFinished) log.warn(fields, 'request aborted');
        // 503 is a refusal for load (a busy database, a shutdown), said with Retry-After: a warning, not a fault.
        else if (status >= 500 && status !== 503) log.error(fields, 'request completed');
        else if (status >= 400) log.warn(fields, 'request completed');
        else log.info(fields, 'request completed');
      });
    }
    next();
  });
}
