// Shared plumbing for CLI commands: the composition root (env, database, services) and the behaviour
// every command shares. Exit codes: 0 done, 1 refused or invalid input, 2 environment or internal failure; each
// failure is one Japanese line on stderr (cli/lib/failures.ts). stdout carries only the command's result (a table,
// a message, JSON or the export), so logs and notices go to stderr. Destructive commands refuse NODE_ENV=production
// without --force. Without DATABASE_URL the command connects to the embedded database a running server keeps on
// DATA_DIR (and says so on stderr), or starts it for the command and always stops it, also on Ctrl-C. Without
// APP_URL, links name the port of the server running on DATA_DIR (src/lib/server-record.ts).
// The composition root and everything it needs load when a command runs, not when cli/index.ts defines the commands:
// `--help` and commander's own errors load none of it. A command that needs only the database (runDatabaseCommand:
// the export, the db: commands) loads none of the services' modules either.
import type { Env } from '#src/lib/env';
import type { DatabaseRoot, Root, RootOptions } from '#src/root';
import type { Ctx } from '#src/lib/context';
import * as ja from '#src/i18n/ja';

export type CliDatabaseDeps = Pick<DatabaseRoot, 'orm' | 'databaseUrl' | 'embedded' | 'shared' | 'env' | 'log'> & {
  /** The operator's context: one EntityManager fork for the command. */
  ctx: Ctx;
};

export type CliDeps = CliDatabaseDeps & Pick<Root, 'services'>;

export interface RunOptions {
  /** The command deletes or overwrites data: refused under NODE_ENV=production unless `force`. */
  destructive?: boolean;
  force?: boolean;
  /** The command name, for the production refusal message. */
  name?: string;
}

const cleanups = new Set<() => void>();

/** Runs `fn` synchronously if the command is interrupted (Ctrl-C, SIGTERM) before it finishes. */
export function onInterrupt(fn: () => void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** Runs a command with the whole root: the database and every service. */
export function runCommand(fn: (deps: CliDeps) => Promise<void>, options: RunOptions = {}): Promise<void> {
  return run<Root>((root, rootOptions) => root.createRoot(rootOptions), fn, options);
}

/** Runs a command with the database alone (openDatabase): no service is built and none of their modules loads. */
export function runDatabaseCommand(fn: (deps: CliDatabaseDeps) => Promise<void>, options: RunOptions = {}): Promise<void> {
  return run<DatabaseRoot>((root, rootOptions) => root.openDatabase(rootOptions), fn, options);
}

async function run<R extends DatabaseRoot>(
  open: (root: typeof import('#src/root'), options: RootOptions) => Promise<R>,
  fn: (deps: R & { ctx: Ctx }) => Promise<void>,
  options: RunOptions,
): Promise<void> {
  const [{ parseEnv }, { createLogger }, rootModule, { operator }, { withRunningServerPort }, { failureLine }] = await Promise.all([
    import('#src/lib/env'),
    import('#src/lib/logger'),
    import('#src/root'),
    import('#src/lib/context'),
    import('#src/lib/server-record'),
    import('#cli/lib/failures'),
  ]);
  let env: Env;
  try {
    env = withRunningServerPort(parseEnv());
  } catch (error) {
    const { line, code } = failureLine(error);
    console.error(line);
    process.exit(code);
  }
  if (options.destructive && env.NODE_ENV === 'production' && !options.force) {
    console.error(ja.cli.refusedInProduction(options.name ?? ''));
    process.exit(1);
  }
  // Logs never go to stdout: it carries the command's output (JSON, CSV) for pipes.
  const log = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL, 2);
  let root: R | null = null;
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
    root = await open(rootModule, { env, log, shareRunningEmbedded: true });
    if (root.shared) console.error(ja.cliFailures.sharedDatabaseNotice(root.shared.port, root.shared.ownerPid));
    await fn({ ...root, ctx: root.context(operator()) });
  } catch (error) {
    const failure = failureLine(error);
    console.error(failure.line);
    code = failure.code;
  } finally {
    await root?.close();
  }
  await exitAfterOutput(code);
}

/**
 * Leaves once what was written to stdout and stderr has gone out. Writes to a pipe are asynchronous on POSIX, and
 * process.exit drops what is still queued: `export-inquiries | gzip` with a slow reader would lose its last page.
 * An empty write's callback runs after the writes queued before it.
 */
async function exitAfterOutput(code: number): Promise<never> {
  const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}
