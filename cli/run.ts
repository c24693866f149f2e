// Shared plumbing for CLI commands: env, database, services; prints AppErrors in Japanese with exit code 1.
import { parseEnv, EnvError, type Env } from '#src/lib/env';
import { createLogger } from '#src/lib/logger';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '#src/lib/embedded-db';
import { createServices, type Services } from '#src/services';
import { isAppError } from '#src/lib/errors';
import { ja } from '#src/i18n/ja';

export interface CliDeps {
  services: Services;
  orm: MikroORM;
  embedded: boolean;
}

/** Exit codes: 0 ok, 1 invalid input or refused, 2 environment or internal failure. */
export async function runCommand(fn: (deps: CliDeps) => Promise<void>): Promise<void> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
  let embedded: EmbeddedDatabase | null = null;
  let orm: MikroORM | null = null;
  let code = 0;
  // Ctrl-C or a platform stop: still stop the embedded PostgreSQL before leaving.
  const interrupt = () => {
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
    await fn({ services: createServices({ orm, env, log }), orm, embedded: !!embedded });
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
    await orm?.close(true);
    await embedded?.stop();
  }
  process.exit(code);
}
