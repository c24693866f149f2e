// Routers looked up by the first segment of the path (no work repeated per request that could be done once
// per process). Express tries the routers mounted one after another in turn: for each router that has no route for
// the path it sets up the router's state, tests every route's pattern and then waits a turn of the event loop
// (setImmediate) before the next router. The experience JSON passed four such routers before its own, and a route in
// the twentieth router nineteen. routeIndex reads once, at start, which first path segments each router's routes
// answer, and per request calls only the routers that can answer that segment, in the order they were given; a
// router with a route that begins with a parameter or a pattern, or with middleware of its own, is called for every
// path, in its place. The routers must have all their routes when the index is made. What a router then
// does (its matching, params, OPTIONS answers, errors, next('route') and next('router')) is Express's, unchanged.
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** The path's first segment when it is literal text, lower-cased (Express matches paths case-insensitively). */
function literalSegment(path: string): string | null {
  const segment = path.replace(/^\//, '').split('/')[0];
  return segment === '' || /[:*{}()?+!\\]/.test(segment) ? null : segment.toLowerCase();
}

/** The first segment of a request's path (relative to where the index is mounted, as Express reads it), lower-cased. */
function requestSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return path.slice(1, end === -1 ? undefined : end).toLowerCase();
}

/** The first segments a router's routes begin with, or null when any path may reach it. */
function segmentsOf(router: Router): Set<string> | null {
  const segments = new Set<string>();
  for (const layer of router.stack) {
    const path: unknown = layer.route?.path;
    const segment = typeof path === 'string' ? literalSegment(path) : null;
    if (segment === null) return null;
    segments.add(segment);
  }
  return segments;
}

/**
 * The routers' layers, in order, stay readable as `stack` on the middleware, as on a router, for whatever lists an
 * app's routes (the OpenAPI contract test walks the app's stacks).
 */
export function routeIndex(routers: readonly Router[]): RequestHandler & { stack: Router['stack'] } {
  const reach = routers.map(segmentsOf);
  const everywhere = routers.filter((_, i) => reach[i] === null);
  const bySegment = new Map<string, Router[]>();
  for (const segments of reach) {
    for (const segment of segments ?? []) {
      if (!bySegment.has(segment)) {
        bySegment.set(
          segment,
          routers.filter((_, i) => reach[i] === null || reach[i]?.has(segment)),
        );
      }
    }
  }
  const dispatch = (req: Request, res: Response, next: NextFunction) => {
    const candidates = bySegment.get(requestSegment(req.path)) ?? everywhere;
    let at = 0;
    const step = (error?: unknown) => {
      if (error !== undefined && error !== null) return next(error);
      if (at === candidates.length) return next();
      candidates[at++](req, res, step);
    };
    step();
  };
  return Object.assign(dispatch, { stack: routers.flatMap((router) => router.stack) });
}
