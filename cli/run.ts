// Shared plumbing for CLI commands: the composition root (env, database, services); prints AppErrors in Japanese
// with exit code 1.
import { parseEnvOrExit } from '#src/lib/env';
import { createLogger } from '#src/lib/logger';
import { createRoot, type Root } from '#src/root';
import { isAppError } from '#src/lib/errors';
import { ja } from '#src/i18n/ja';

export type CliDeps = Pick<Root, 'services' | 'orm' | 'databaseUrl' | 'embedded'>;

/** Exit codes: 0 ok, 1 invalid input or refused, 2 environment or internal failure. */
export async function runCommand(fn: (deps: CliDeps) => Promise<void>): Promise<void> {
  const env = parseEnvOrExit(2);
  const log = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
  let root: Root | null = null;
  let code = 0;
  // Ctrl-C or a platform stop: still stop the embedded PostgreSQL before leaving.
  const interrupt = () => {
    void (root?.close() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    root = await createRoot({ env, log });
    await fn(root);
  } catch (error) {
    if (isAppError(error)) {
      console.error(error.details ? ja.cli.invalidInput : error.message);
      for (const [field, messages] of Object.entries(error.details ?? {})) {
        for (const message of messages) console.error(`  ${field}: ${message}`);
      }
      code = 1;
    } else {
      console.error(error instanceof Error ? error.message : error);
      code = 2;
    }
  } finally {
    await root?.close();
  }
  process.exit(code);
}
