import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * How the server's lines reach stdout: gathered in memory and written in one `write` once this many bytes wait, or
 * every FLUSH_INTERVAL_MS, whichever comes first, off the event loop. Written line by line, each answer paid for a
 * write of its own on top of the answer's work. What a crash may lose: docs/decisions/operations.md, "Logs".
 */
const BUFFER_BYTES = 4096;
const FLUSH_INTERVAL_MS = 250;

/**
 * `fd` 1: the server's lines on stdout, buffered (pino writes what is left synchronously when the process exits, an
 * uncaught exception or rejection included). `fd` 2: the CLI's lines on stderr, each written at once (its stdout
 * carries the command's output for pipes, and a command is short).
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', fd: 1 | 2 = 1): Logger {
  const options = {
    level,
    base: undefined,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'], remove: true },
  };
  return fd === 2
    ? pino(options, pino.destination({ fd: 2, sync: true }))
    : pino(options, pino.destination({ fd: 1, sync: false, minLength: BUFFER_BYTES, periodicFlush: FLUSH_INTERVAL_MS }));
}
