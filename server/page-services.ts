// The services as the pages' hooks see them (pageContext.services, server/vike.ts): the same methods, except that a
// database too busy to answer in time (no pooled connection within the acquire timeout, or one of PostgreSQL's own
// timeouts: src/lib/db-errors.ts `isDatabaseBusy`) ends the render as Vike's `render(503)`. The page is then the
// Japanese 「ただいま混み合っています」 page with status 503, as the API answers 503 in the same case
// (server/middleware/errors.ts), instead of an error Vike logs with its stack and draws as a 500.
import { render } from 'vike/abort';
import { isDatabaseBusy } from '#src/lib/db-errors';
import { Ctx } from '#src/lib/context';
import type { Logger } from '#src/lib/logger';
import type { Services } from '#src/root';
import * as ja from '#src/i18n/ja';

/** The requests (their contexts) whose busy database was already logged: one warning per request. */
const logged = new WeakSet<object>();

/** Logs the busy database once per request (a warning: the database refused for load, nothing is broken). */
function warnOnce(args: unknown[], fallback: Logger, error: unknown): void {
  const ctx = args[0] instanceof Ctx ? args[0] : null;
  if (ctx) {
    if (logged.has(ctx)) return;
    logged.add(ctx);
  }
  (ctx?.log ?? fallback).warn({ reason: (error as { message?: unknown })?.message }, 'database busy: the page answers 503');
}

function busyToAbort(args: unknown[], fallback: Logger, error: unknown): never {
  if (!isDatabaseBusy(error)) throw error;
  warnOnce(args, fallback, error);
  throw render(503, ja.errors.busy);
}

/** One service with its methods wrapped (their `this` is the service, as when called directly). */
function wrapService<T extends object>(service: T, log: Logger): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(service, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      let method = wrapped.get(name);
      if (!method) {
        method = (...args: unknown[]) => {
          let result: unknown;
          try {
            result = Reflect.apply(value, target, args);
          } catch (error) {
            busyToAbort(args, log, error);
          }
          return result instanceof Promise ? result.catch((error: unknown) => busyToAbort(args, log, error)) : result;
        };
        wrapped.set(name, method);
      }
      return method;
    },
  });
}

/** The services with every domain service wrapped once per process (`env`, `log` and `context` pass unchanged). */
export function pageServices(services: Services): Services {
  const cache = new Map<PropertyKey, unknown>();
  return new Proxy(services, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (name === 'env' || name === 'log' || typeof value !== 'object' || value === null) return value;
      let service = cache.get(name);
      if (!service) {
        service = wrapService(value, services.log);
        cache.set(name, service);
      }
      return service;
    },
  });
}
