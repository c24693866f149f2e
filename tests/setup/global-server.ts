// Browser tests run against the real built server: a child process with its own embedded PostgreSQL
// (fresh data dir, so the demo data is seeded), the built server `npm run serve` runs (tests/setup/built.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '#src/lib/embedded-db';
import { assertBuilt, SERVER_ARGS, SERVER_ENV } from '#tests/setup/built';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: tests that run the CLI against the same database read its PostgreSQL port there. */
    serverDataDir: string;
  }
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer at ${url}`);
}

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  assertBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'taiken-e2e-'));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PUBLIC_CACHE_SECONDS: '0',
      // One simulated proxy hop: the browser helpers' sign-ins each name a client address of their own
      // (tests/e2e/browser.ts clientAddress), as the API tests do.
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitFor(`${baseUrl}/api/v1/me`, child, 150_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  project.provide('baseUrl', baseUrl);
  project.provide('serverDataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
