// A header-setting middleware whose headers never depend on the request (helmet without nonces), run once at start-up
// against a recording response; each request then gets the recorded headers as a plain list (helmet's chain
// of a dozen middlewares was a measurable part of a page's server time; docs/performance-log.md).
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

type HeaderMiddleware = (req: IncomingMessage, res: never, next: (error?: unknown) => void) => void;

export function staticHeaders(middleware: HeaderMiddleware): RequestHandler {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let finished = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder as never, (error) => {
    if (error) throw error;
    finished = true;
  });
  // A middleware that answered, waited or read the request is not static: refuse it at start-up, not per request.
  if (!finished) throw new Error('staticHeaders: the middleware did not call next() at once');
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
