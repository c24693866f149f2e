// Shared plumbing for CLI commands (issue 12): environment, database, services and the behaviour every command
// shares. Exit codes: 0 done, 1 refused or invalid input, 2 environment or internal failure; each failure is one
// Japanese line on stderr. stdout carries only the command's result (a table, a message, JSON or the export), so
// logs go to stderr. Destructive commands refuse NODE_ENV=production without --force. The embedded database (no
// DATABASE_URL) is started for the command and always stopped, also on Ctrl-C.
import { parseEnv, EnvError, type Env } from '#src/lib/env';
import { createLogger, type Logger } from '#src/lib/logger';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '#src/lib/embedded-db';
import { createServices, type Services } from '#src/services';
import { isAppError } from '#src/lib/errors';
import { operator, type Ctx } from '#src/lib/context';
import { ja } from '#src/i18n/ja';

export interface CliDeps {
  services: Services;
  orm: MikroORM;
  env: Env;
  log: Logger;
  /** The operator's context: one EntityManager fork for the command. */
  ctx: Ctx;
  embedded: boolean;
}

export interface RunOptions {
  /** The command deletes or overwrites data: refused under NODE_ENV=production unless `force`. */
  destructive?: boolean;
  force?: boolean;
  /** The command name, for the production refusal message. */
  name?: string;
}

/** A refusal decided by the CLI itself (no confirmation, production guard): exit code 1. */
export class CliRefusal extends Error {}

const cleanups = new Set<() => void>();

/** Runs `fn` synchronously if the command is interrupted (Ctrl-C, SIGTERM) before it finishes. */
export function onInterrupt(fn: () => void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** One line for stderr: a ValidationError lists every field message after the summary. */
export function errorLine(error: unknown): { line: string; code: 1 | 2 } {
  if (error instanceof CliRefusal) return { line: error.message, code: 1 };
  if (isAppError(error)) {
    if (!error.details) return { line: error.message, code: 1 };
    const parts = Object.entries(error.details).flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`));
    return { line: `${ja.cli.invalidInput} ${parts.join(' / ')}`, code: 1 };
  }
  if (error instanceof EnvError) return { line: ja.cli.envInvalid(oneLine(error.message.replace(/^[^\n]*\n/, ''))), code: 2 };
  const message = error instanceof Error ? error.message : String(error);
  return { line: ja.cli.internalError(oneLine(message)), code: 2 };
}

function oneLine(text: string): string {
  return text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' / ');
}

export async function runCommand(fn: (deps: CliDeps) => Promise<void>, options: RunOptions = {}): Promise<void> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    const { line, code } = errorLine(error);
    console.error(line);
    process.exit(code);
  }
  if (options.destructive && env.NODE_ENV === 'production' && !options.force) {
    console.error(ja.cli.refusedInProduction(options.name ?? ''));
    process.exit(1);
  }
  // Logs never go to stdout: it carries the command's output (JSON, CSV) for pipes.
  const log = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL, 2);
  let embedded: EmbeddedDatabase | null = null;
  let orm: MikroORM | null = null;
  let code = 0;
  // Ctrl-C or a platform stop: run the cleanups (temporary files), stop the embedded PostgreSQL, leave.
  const interrupt = () => {
    for (const cleanup of cleanups) cleanup();
    void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    let url = env.DATABASE_URL;
    if (!url) {
      embedded = await startEmbeddedDatabase({ dir: `${env.DATA_DIR}/pg`, database: 'marketplace' });
      url = embedded.url;
    }
    orm = await initOrm(url);
    const services = createServices({ orm, env, log });
    await fn({ services, orm, env, log, ctx: services.context(operator()), embedded: !!embedded });
  } catch (error) {
    const failure = errorLine(error);
    console.error(failure.line);
    code = failure.code;
  } finally {
    await orm?.close(true);
    await embedded?.stop();
  }
  process.exit(code);
}
