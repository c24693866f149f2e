// Browser tests run against the real built server: one child process per Vitest worker, each with its own embedded
// PostgreSQL (fresh data dir, so the demo data is seeded), the built server `npm run serve` runs
// (tests/setup/built.ts). The workers run files side by side, each file against its worker's server
// (tests/e2e/browser.ts sharedServer), so no file sees another file's clicks while it runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '#src/lib/embedded-db';
import { assertBuilt, SERVER_ARGS, SERVER_ENV } from '#tests/setup/built';
import { stopChild } from '#tests/setup/server-process';
import { scratchDir } from '#tests/setup/scratch';

export interface SharedServer {
  baseUrl: string;
  /** The server's DATA_DIR: tests that run the CLI against the same database read its PostgreSQL port there. */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, in the order of VITEST_POOL_ID. */
    sharedServers: SharedServer[];
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

async function startShared(root: string, children: ChildProcess[], dataDirs: string[]): Promise<SharedServer> {
  const dataDir = scratchDir('taiken-e2e-');
  dataDirs.push(dataDir);
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
  children.push(child);
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitFor(`${baseUrl}/api/v1/me`, child, 150_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return { baseUrl, dataDir };
}

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  assertBuilt();
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];
  const teardown = async () => {
    await Promise.all(children.map((child) => stopChild(child, 15_000)));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  const workers = Math.max(1, project.config.maxWorkers);
  try {
    project.provide('sharedServers', await Promise.all(Array.from({ length: workers }, () => startShared(root, children, dataDirs))));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
