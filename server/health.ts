// GET /healthz and GET /readyz, for the platform's health check and router (docs/operations.md).
//  - /healthz: the process answers (no database, no session): 200 while the event loop runs.
//  - /readyz: the database answers within READY_TIMEOUT_MS and no migration of this code is pending: 200; otherwise
//    503, and 503 from the moment a shutdown begins (server/boot.ts), so the router stops sending new requests to a
//    process that is draining.
// Both are mounted before the request log, the session and the pages: a probe every few seconds writes no log line,
// reads no session and is never kept by the page cache.
import type { Router } from 'express';
import type { MikroORM } from '#src/lib/orm';

/** How long /readyz waits for the database (a pooled connection, `SELECT 1`, and the first migration check). */
export const READY_TIMEOUT_MS = 1_000;

/** Resolves to the promise's value, or to 'timeout' after `ms` (the promise may still settle later, unobserved). */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Lifecycle {
  /** True from the moment the process begins to shut down. */
  readonly stopping: boolean;
}

export function healthRoutes(router: Router, orm: MikroORM, lifecycle: Lifecycle): void {
  // The migrations a process knows are fixed when it starts, and an applied migration stays applied: once none is
  // pending, later checks only ask whether the database answers.
  let migrationsApplied = false;

  /** Why the process is not ready, or null. */
  async function notReady(): Promise<string | null> {
    const pool = await orm.em.getConnection().getNativeClient();
    await pool.query('SELECT 1');
    if (!migrationsApplied) {
      const pending = await orm.migrator.getPending();
      if (pending.length > 0) return 'migrations_pending';
      migrationsApplied = true;
    }
    return null;
  }

  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    let reason: string | null;
    if (lifecycle.stopping) {
      reason = 'shutting_down';
    } else {
      const answer = await within(
        notReady().catch(() => 'database_unavailable'),
        READY_TIMEOUT_MS,
      );
      reason = answer === 'timeout' ? 'database_timeout' : answer;
      // A shutdown that began while the database was asked wins.
      if (lifecycle.stopping) reason = 'shutting_down';
    }
    if (reason === null) {
      res.json({ status: 'ok' });
      return;
    }
    // A probe's kept-alive connection is not kept into a shutdown: its next probe connects again, and finds the
    // listener closed once the process has drained.
    if (reason === 'shutting_down') res.setHeader('Connection', 'close');
    res.status(503).json({ status: 'unavailable', reason });
  });
}
