// Shared plumbing for CLI commands (issue 12): the composition root (env, database, services) and the behaviour
// every command shares. Exit codes: 0 done, 1 refused or invalid input, 2 environment or internal failure; each
// failure is one Japanese line on stderr. stdout carries only the command's result (a table, a message, JSON or
// the export), so logs go to stderr. Destructive commands refuse NODE_ENV=production without --force. The
// embedded database (no DATABASE_URL) is started for the command and always stopped, also on Ctrl-C.
import { parseEnv, EnvError, type Env } from '#src/lib/env';
import { createLogger } from '#src/lib/logger';
import { createRoot, type Root } from '#src/root';
import { isAppError } from '#src/lib/errors';
import { operator, type Ctx } from '#src/lib/context';
import { ja } from '#src/i18n/ja';

export type CliDeps = Pick<Root, 'services' | 'orm' | 'databaseUrl' | 'embedded' | 'env' | 'log'> & {
  /** The operator's context: one EntityManager fork for the command. */
  ctx: Ctx;
};

export interface RunOptions {
  /** The command deletes or overwrites data: refused under NODE_ENV=production unless `force`. */
  destructive?: boolean;
  force?: boolean;
  /** The command name, for the production refusal message. */
  name?: string;
}

/** A refusal decided by the CLI itself (no confirmation, production guard, option combination): exit code 1. */
export class CliRefusal extends Error {}

const cleanups = new Set<() => void>();

/** Runs `fn` synchronously if the command is interrupted (Ctrl-C, SIGTERM) before it finishes. */
export function onInterrupt(fn: () => void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

function oneLine(text: string): string {
  return text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' / ');
}

/** One line for stderr and the exit code: a ValidationError lists every field message after the summary. */
function errorLine(error: unknown): { line: string; code: 1 | 2 } {
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
  let root: Root | null = null;
  let code = 0;
  // Ctrl-C or a platform stop: run the cleanups (temporary files), stop the embedded PostgreSQL, leave. Not
  // root.close(): closing the pool would wait for a running query, which is what Ctrl-C wants to leave.
  const interrupt = () => {
    for (const cleanup of cleanups) cleanup();
    void (root?.embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    root = await createRoot({ env, log });
    await fn({ ...root, ctx: root.services.context(operator()) });
  } catch (error) {
    const failure = errorLine(error);
    console.error(failure.line);
    code = failure.code;
  } finally {
    await root?.close();
  }
  process.exit(code);
}
