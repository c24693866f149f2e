// The node-postgres client both pools open their connections with (src/lib/orm.ts pgPoolOptions).
import { AsyncResource } from 'node:async_hooks';
import pg from 'pg';

/** The async context pooled connections are opened in: the process's own, taken once when this module loads. */
const processContext = new AsyncResource('PgPooledConnection');

/**
 * A pg Client that opens its connection in the process's async context instead of the context of the request that
 * asked the pool for it. Node keeps the async context a socket was created in (its AsyncLocalStorage stores: Vike's
 * page context with the rendered HTML, the request's EntityManager) for the socket's whole life, and a pooled
 * connection outlives the request that opened it by hours: each pooled connection kept one request's page reachable.
 * Callbacks of the connect run in the process's context too; a request awaiting the pool resumes in its own.
 */
export class DetachedClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: Parameters<pg.Client['connect']>[0]): void;
  override connect(callback?: Parameters<pg.Client['connect']>[0]): Promise<pg.Client> | undefined {
    if (!callback) return processContext.runInAsyncScope(() => super.connect());
    processContext.runInAsyncScope(() => super.connect(callback));
    return undefined;
  }
}
