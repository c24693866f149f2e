// Recognising database constraint violations that MikroORM raises, in one place (services and the error handler).
// Server-only.

/** True when a flush or query failed on a UNIQUE index or constraint (two requests raced for one row). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'UniqueConstraintViolationException';
}

/** True when a CHECK constraint refused a write. */
export function isCheckViolation(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'CheckConstraintViolationException';
}

/** PostgreSQL's codes for a bounded wait that ran out: statement_timeout (57014), lock_timeout (55P03), a deadlock
 * (40P01) and idle_in_transaction_session_timeout (25P03). */
const BUSY_CODES = new Set(['57014', '55P03', '40P01', '25P03']);

/**
 * True when the database was too busy to answer in time: no pooled connection within the acquire timeout
 * (pg-pool's error), or one of PostgreSQL's timeouts above. The request answers 503 with Retry-After; nothing was
 * written (a transaction that failed rolled back).
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e = error as { message?: unknown; code?: unknown; cause?: unknown } | null, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && BUSY_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && e.message.includes('timeout exceeded when trying to connect')) return true;
    e = e.cause as typeof e;
  }
  return false;
}
