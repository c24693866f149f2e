import { pino, type Logger } from 'pino';

export type { Logger };

/** `fd` 2 sends the lines to stderr (the CLI, whose stdout carries the command's output for pipes). */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', fd: 1 | 2 = 1): Logger {
  const options = {
    level,
    base: undefined,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'], remove: true },
  };
  return fd === 2 ? pino(options, pino.destination({ fd: 2, sync: true })) : pino(options);
}
