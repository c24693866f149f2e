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
