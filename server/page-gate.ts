// How many page requests a process works on at once (server/app.ts mounts it before the session middleware).
//
// At most `limit` page requests are past this point together; the others wait here, first come first served, holding
// only their request and response. Without it, every request a busy process has accepted reads its session, builds
// its context and its page's arguments, then waits for one of the pool's few connections: its objects live through
// that wait, across young-generation collections, and the collector promotes and later sweeps them. Waiting here,
// before any of that is made, the same work costs less CPU per page (docs/decisions/page-render.md).
//
// Every wait is bounded: a request not let in within `waitMs` is answered 503 (the busy page, Retry-After), as a
// request that gets no pooled connection in time. A request whose connection closes while it waits leaves the queue;
// a request let in gives its place to the next when its answer ends or its connection closes, whichever is first.
import type { Request, RequestHandler, Response } from 'express';
import { busyError } from '#server/middleware/errors';

export interface PageGate {
  middleware: RequestHandler;
  /** Requests waiting for their turn now. */
  waiting(): number;
  /** Requests let in and not yet answered. */
  inside(): number;
}

interface Waiter {
  res: Response;
  let: () => void;
  leave: () => void;
  timer: NodeJS.Timeout;
}

export function pageGate(options: { limit: number; waitMs: number }): PageGate {
  const { limit, waitMs } = options;
  let inside = 0;
  const queue: Waiter[] = [];

  const gone = (res: Response) => res.closed || res.destroyed || res.writableEnded;

  /** Lets the request in; its place is given back once, when its answer closes (sent, or the connection gone). */
  function enter(res: Response, next: () => void): void {
    inside++;
    res.once('close', leave);
    next();
  }

  function leave(): void {
    inside--;
    // The next waiter whose connection is still open. One whose connection closed has already left the queue (its
    // 'close' listener); the check covers a socket destroyed in this same turn before that listener ran.
    while (inside < limit && queue.length > 0) {
      const waiter = queue.shift() as Waiter;
      clearTimeout(waiter.timer);
      waiter.res.off('close', waiter.leave);
      if (!gone(waiter.res)) waiter.let();
    }
  }

  const middleware: RequestHandler = (_req: Request, res: Response, next) => {
    if (inside < limit && queue.length === 0) {
      enter(res, next);
      return;
    }
    const waiter: Waiter = {
      res,
      let: () => enter(res, next),
      leave: () => {
        clearTimeout(waiter.timer);
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
      },
      timer: setTimeout(() => {
        waiter.leave();
        res.off('close', waiter.leave);
        next(busyError());
      }, waitMs),
    };
    queue.push(waiter);
    res.once('close', waiter.leave);
  };

  return { middleware, waiting: () => queue.length, inside: () => inside };
}
