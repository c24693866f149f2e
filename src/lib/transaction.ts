// Transactions, and the guard that keeps them from starving the pool. Server-only.
//
// A unit of work (request, job, command) that holds a pooled connection in a transaction must never wait for a
// second one: with as many such units as the pool has connections, each waits for a connection that none will give
// back, and the process answers nothing that needs the database. So every transaction is opened with
// `transaction(em, fn)`, which marks the async context of `fn` while the transaction is open, and the pool's acquire
// (pool.query acquires through it too) is watched: an acquire from a marked context is exactly the mistake. In
// development and tests the acquire fails, so a test that takes such a path fails; in production it is logged and
// let through (the acquire timeout still bounds the wait). `tests/api/db-waits.test.ts` checks that no code calls the
// ORM's `transactional` directly.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/core';
import type { Pool } from 'pg';

export type ConnectionGuardMode = 'throw' | 'log';

export class NestedConnectionError extends Error {
  constructor() {
    super(
      "a second pooled connection was asked for while this unit of work holds one in a transaction: use the transaction's EntityManager, or finish the transaction first",
    );
    this.name = 'NestedConnectionError';
  }
}

interface OpenTransaction {
  open: boolean;
}

const openTransactions = new AsyncLocalStorage<OpenTransaction>();

/**
 * Runs `fn` in a new transaction on `em` (a fork: the ORM forks it) and returns what it returns; a throw rolls back.
 * Everything `fn` awaits must use the EntityManager it is given, never another connection.
 */
export function transaction<E extends EntityManager, T>(em: E, fn: (tx: E) => Promise<T>): Promise<T> {
  return em.transactional((tx: E) => {
    const mark: OpenTransaction = { open: true };
    return openTransactions.run(mark, async () => {
      try {
        return await fn(tx);
      } finally {
        // Work that fn started and did not await may go on after the commit: it no longer holds the connection.
        mark.open = false;
      }
    });
  });
}

/** True when the calling code runs inside `transaction`'s function, before its transaction ends. */
export function insideTransaction(): boolean {
  return openTransactions.getStore()?.open === true;
}

/** Watches the pool's acquire with the guard. */
export function guardPool(pool: Pool, mode: ConnectionGuardMode, warn: (error: Error) => void): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { connect: unknown }).connect = (...args: unknown[]) => {
    if (insideTransaction()) {
      const error = new NestedConnectionError();
      if (mode === 'log') warn(error);
      else {
        const callback = args[0];
        if (typeof callback !== 'function') return Promise.reject(error);
        process.nextTick(() => (callback as (e: Error) => void)(error));
        return undefined;
      }
    }
    return connect(...args);
  };
}
