// `npm run bench -- start`: how fast the commands an operator and the platform run start, each through npm as they are
// typed (the median of START_RUNS runs, default 5; the load average is printed with each, as the machine is shared):
//   - `npm run cli -- --help`;
//   - `npm run cli -- list-experiences` against a running database (an embedded PostgreSQL, migrated and seeded);
//   - `npm run serve` on the same database, from the command to the first 200 of /readyz;
// and, for reference, `npm -v`: npm's own start, which the first two include.
// Needs `npm run build` first (serve runs the build). Exits non-zero when a median is over its goal.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#src/lib/embedded-db';
import { assertBuilt, PRODUCTION_TEST_ENV } from '#tests/setup/built';
import { benchDatabase } from '#tests/bench/harness';
import { median } from '#tests/bench/stats';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.START_RUNS ?? 5);
const GOALS_MS: Record<string, number | undefined> = { help: 500, list: 1500, serve: 3000, npm: undefined };

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** Milliseconds `npm <args>` takes to exit (non-zero exit: an error with its output). */
function timeNpm(args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`npm ${args.join(' ')}: ${code}\n${stderr}`)),
    ),
  );
}

/** Milliseconds from `npm run serve` to the first 200 of /readyz; the server is stopped before it resolves. */
async function timeServe(databaseUrl: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  // Its own process group: the stop reaches npm, the shell and the server it started.
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'benchmark-secret-0123456789',
      APP_URL: `http://127.0.0.1:${port}`,
      DISABLE_WORKERS: '1',
      LOG_LEVEL: 'warn',
      // `npm run serve` is production: it refuses to start without the issuer's and the paying account's details.
      ...PRODUCTION_TEST_ENV,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm run serve exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error('npm run serve did not answer within 60 s');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    // A server that exited on its own has no process group left to stop (and the error above says why it exited).
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

async function series(name: string, title: string, once: () => Promise<number>): Promise<boolean> {
  const times: number[] = [];
  const loads: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    loads.push(load());
    times.push(await once());
  }
  const m = median(times);
  const goal = GOALS_MS[name];
  const ok = goal === undefined || m <= goal;
  const verdict = goal === undefined ? 'reference' : `≤ ${goal / 1000} s ${ok ? 'pass' : 'FAIL'}`;
  console.log(
    `| ${title} | ${(m / 1000).toFixed(2)} | ${times.map((t) => (t / 1000).toFixed(2)).join(' ')} | ${loads[0]} → ${load()} | ${verdict} |`,
  );
  return ok;
}

export async function benchStart(): Promise<boolean> {
  assertBuilt();
  const db = await benchDatabase('bench-start', { fast: true, demo: true });
  try {
    const cliEnv = { DATABASE_URL: db.url, DATA_DIR: db.dataDir, LOG_LEVEL: 'silent' };
    console.log(`\nstart times, ${RUNS} runs each, ${os.cpus().length} cores\n`);
    console.log('| command | median s | runs s | load average (1, 5, 15 min) before → after | goal |');
    console.log('|---|---:|---|---|---|');
    const ok = [
      await series('npm', '`npm -v` (npm alone)', () => timeNpm(['-v'], {})),
      await series('help', '`npm run cli -- --help`', () => timeNpm(['run', '--silent', 'cli', '--', '--help'], cliEnv)),
      await series('list', '`npm run cli -- list-experiences` (running database)', () =>
        timeNpm(['run', '--silent', 'cli', '--', 'list-experiences'], cliEnv),
      ),
      await series('serve', '`npm run serve` until /readyz answers 200', () => timeServe(db.url)),
    ];
    return ok.every(Boolean);
  } finally {
    await db.stop();
  }
}
