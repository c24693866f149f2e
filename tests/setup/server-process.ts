// The built server (dist/node/server.mjs, as `npm run serve` runs it: tests/setup/built.ts) in a child process, for browser tests that need
// their own server: waits until it answers, and stops it with SIGTERM (SIGKILL after 10 s).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '#src/lib/embedded-db';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { assertBuilt, SERVER_ARGS, SERVER_ENV } from '#tests/setup/built';
import { createTestDatabase } from '#tests/setup/test-database';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Stops a child process: SIGTERM, then SIGKILL if it has not exited after `graceMs`; at once if it already exited. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Starts the server with the test gateway and the development mailbox, whatever the machine's environment says. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = { ...process.env };
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_API_BASE', 'SMTP_URL']) delete base[name];
  assertBuilt();
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    env: { ...base, ...SERVER_ENV, PORT: String(port), NODE_ENV: 'test', LOG_LEVEL: 'warn', DISABLE_WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const server: ServerProcess = {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () => stopChild(child),
  };
  // Ready once it answers a signed-out /api/v1/me (401); until then each attempt waits for its connection error.
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${server.base}/api/v1/me`)).status === 401) return server;
    } catch {
      // not listening yet
    }
    if (attempt > 400) {
      await server.stop();
      throw new Error(`server did not answer:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A browser test's own world: a database of its own, the built server on it, an ORM for factories. */
export interface IsolatedServer {
  base: string;
  orm: MikroORM;
  /** Everything the server printed so far (its log lines). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts an IsolatedServer (extra environment variables in `env`) on a clone of the migrated template of the run's one
 * embedded PostgreSQL (tests/setup/test-database.ts, as each API test file gets), so the server finds every migration
 * applied and the data comes from the factories. A cluster of its own per server would cost each file PostgreSQL's
 * initdb and the migrations, about three seconds of CPU, for nothing the tests read.
 */
export async function startIsolatedServer(env: Record<string, string> = {}): Promise<IsolatedServer> {
  const databaseUrl = await createTestDatabase();
  const server = await startServerProcess({ DATABASE_URL: databaseUrl, ...env });
  const orm = await initOrm(databaseUrl, { pool: 2 });
  return {
    base: server.base,
    orm,
    output: server.output,
    async stop() {
      await server.stop();
      await orm.close(true);
    },
  };
}
