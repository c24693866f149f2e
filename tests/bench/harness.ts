// The shared parts of `npm run bench` (tests/bench/run.ts): the row type, one autocannon measurement, the servers a
// part measures against and the BenchPart hook every contribution implements. A part lives in its own file and is
// listed in tests/bench/parts.ts, so adding one (catalogue, list, Lighthouse) never edits the runner.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, startEmbeddedDatabase } from '#src/lib/embedded-db';
import { initOrm, migrate, type MikroORM } from '#src/lib/orm';
import { DatabaseSeeder } from '#seeds/DatabaseSeeder';
import { DEMO_PASSWORD } from '#seeds/demo-accounts';
import { PRODUCTION_TEST_ENV, SERVER_ARGS, SERVER_ENV } from '#tests/setup/built';
import type { LoadResult, LoadSpec, LoadTarget } from '#tests/bench/load-client';

export const CONNECTIONS = 50;
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** The uncached pages' p99 at CONNECTIONS connections. */
export const PAGE_P99_GOAL_MS = 400;

export interface BenchRow {
  title: string;
  rps: number;
  p99: number;
  non2xx: number;
  /** Optional target as a share of bare node:http, in percent. */
  goal?: number;
  /** Optional p99 target in ms. */
  p99Goal?: number;
  /** Optional target as a share of the run's reference row (the page that reads no data), in percent. */
  referenceGoal?: number;
  /** This row is the reference the `referenceGoal`s are shares of. */
  reference?: boolean;
  /** The reference's req/s measured in alternation with this row (measureAlternating); else the run's reference row. */
  referenceRps?: number;
  /**
   * CPU time a request, in µs, of the server process (every thread) and of PostgreSQL (the postmaster and every
   * backend), over the row's alternating rounds (measureAlternating with `cpu`).
   */
  cpuUs?: ServerAndDatabase;
}

/**
 * A figure each for the uncached server's process and for PostgreSQL (its postmaster, with every backend): their
 * process ids, or what a request cost each of them.
 */
export type ServerAndDatabase = { server: number; database: number };

/** One pass/fail line of the goals table every run ends with. */
export interface GoalResult {
  goal: string;
  measured: string;
  pass: boolean;
}

export interface MeasureOptions {
  headers?: Record<string, string>;
  goal?: number;
  p99Goal?: number;
  referenceGoal?: number;
  reference?: boolean;
  /** Append a different `?r=n` to every request (a client trying to bypass a cache). */
  uniqueQuery?: boolean;
}

/** What a part's measurements run against. All servers run the production build on one PostgreSQL. */
export interface BenchRun {
  /** The bare node:http hello world. */
  bare: string;
  /** The production server with the default public cache (PUBLIC_CACHE_SECONDS=2). */
  cached: string;
  /** A second production server on the same database with PUBLIC_CACHE_SECONDS=0. */
  uncached: string;
  /** `sid=…` of the demo guest (guest@example.com), signed in on the servers (one session store). */
  guestCookie: string;
  /** The demo experience measured by the detail rows (the first in the sitemap). */
  experienceId: number;
  /** The database both servers use. */
  databaseUrl: string;
  /** The uncached server's process and PostgreSQL's postmaster (tests/bench/slow-host.ts limits their CPU). */
  uncachedPid: number;
  databasePid: number;
}

export interface BenchPart {
  name: string;
  /** Runs on the migrated, seeded database before the servers start (e.g. a generated catalogue). */
  prepare?(db: { url: string; orm: MikroORM }): Promise<void>;
  /** Rows of the HTTP table, in order. */
  rows?(run: BenchRun): Promise<BenchRow[]>;
  /** Lines printed after the table (e.g. Lighthouse scores); return ok: false to make the bench exit non-zero. */
  report?(run: BenchRun): Promise<{ lines: string[]; ok: boolean; goals?: GoalResult[] }>;
}

/** What the load generator is given for one target (tests/bench/load-client.ts). */
function target(url: string, options: MeasureOptions): LoadTarget {
  return { url, headers: options.headers ?? {}, uniqueQuery: options.uniqueQuery === true };
}

/**
 * Runs a bench client (a plain TypeScript file run with Node's own type stripping, tests/bench/load-client.ts or
 * search-client.ts) in a process of its own under the Node that runs the bench, with `spec` as its argument, and
 * returns the JSON line it prints. Inside the bench's process, whose heap holds what the seed and the other parts
 * left, a client's own pauses were counted as the server's latency: a page's p99 took in the answers that a pause of
 * the client held, while the server's own log had no answer that slow.
 */
export async function inOwnProcess<T>(file: string, spec: object): Promise<T> {
  const { stdout } = await promisify(execFile)(process.execPath, [file, JSON.stringify(spec)], { maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout) as T;
}

/** One autocannon run against `of` (tests/bench/load-client.ts). */
export function load(of: LoadTarget, connections: number, duration: number): Promise<LoadResult> {
  const spec: LoadSpec = { ...of, connections, duration };
  return inOwnProcess<LoadResult>(path.join(import.meta.dirname, 'load-client.ts'), spec);
}

function row(title: string, options: MeasureOptions, measured: { rps: number; p99: number; non2xx: number }): BenchRow {
  return {
    title,
    ...measured,
    goal: options.goal,
    p99Goal: options.p99Goal,
    referenceGoal: options.referenceGoal,
    reference: options.reference,
  };
}

/** One target: a 2 s warm-up at 10 connections, then CONNECTIONS connections for DURATION seconds. */
export async function measure(title: string, url: string, options: MeasureOptions = {}): Promise<BenchRow> {
  const of = target(url, options);
  await load(of, 10, 2);
  const result = await load(of, CONNECTIONS, DURATION);
  return row(title, options, {
    rps: Math.round(result.average),
    p99: result.p99,
    non2xx: result.non2xx + result.errors,
  });
}

/** A process and every process below it (PostgreSQL's postmaster and its backends). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // After the command (which may hold spaces and parentheses) come the state, then the parent's id.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** The kernel's clock ticks a second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's times on Linux. */
const CLOCK_TICKS = 100;

/** User and system CPU seconds of each process of the tree under `root` (each process's threads included). */
export function cpuSeconds(root: number): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of processTree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
    } catch {
      // The process ended while the tree was read.
    }
  }
  return seconds;
}

/** CPU seconds spent between two readings: by the processes alive at the second (a process started between counts whole). */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, seconds] of after) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

/** The rounds measureAlternating splits each target's DURATION into. */
const ROUNDS = 5;

/**
 * Targets whose goals compare them with each other (a page and the reference row), measured in alternation: ROUNDS
 * rounds run every target in turn for DURATION / ROUNDS seconds, so a swing in the machine's speed (on a shared
 * machine its throughput changes from one minute to the next) falls on all of them alike instead of on whichever
 * target ran then. A row's req/s is the mean of its rounds, and a row measured beside a reference target carries that
 * target's req/s as `referenceRps`. Its p99 comes from one continuous run first (`measure`, also the warm-up):
 * in short runs started back to back, autocannon's new connections now and then wait for their first answer until
 * the run ends, which no continuous run shows, and a p99 over the rounds measured that instead of the server.
 * With `cpu` (the server's process id and PostgreSQL's postmaster's), each row also carries the CPU time its rounds
 * cost those two a request (`cpuUs`): what a page costs the machine beside what it gets from it, so a change that
 * moves work from the server to PostgreSQL, or back, shows.
 */
export async function measureAlternating(
  targets: { title: string; url: string; options?: MeasureOptions }[],
  cpu?: ServerAndDatabase,
): Promise<BenchRow[]> {
  const runs = [];
  for (const t of targets) {
    const continuous = await measure(t.title, t.url, t.options);
    runs.push({ ...t, of: target(t.url, t.options ?? {}), continuous, rps: 0, requests: 0, server: 0, database: 0 });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const r of runs) {
      const before = cpu && { server: cpuSeconds(cpu.server), database: cpuSeconds(cpu.database) };
      const result = await load(r.of, CONNECTIONS, DURATION / ROUNDS);
      if (cpu && before) {
        r.server += cpuSpent(before.server, cpuSeconds(cpu.server));
        r.database += cpuSpent(before.database, cpuSeconds(cpu.database));
        r.requests += result.total;
      }
      r.rps += result.average / ROUNDS;
      r.continuous.non2xx += result.non2xx + result.errors;
    }
  }
  const reference = runs.find((r) => r.options?.reference);
  return runs.map((r) => {
    const cpuUs = cpu && r.requests > 0 ? { server: (r.server / r.requests) * 1e6, database: (r.database / r.requests) * 1e6 } : undefined;
    const measured = { ...r.continuous, rps: Math.round(r.rps), cpuUs };
    return reference && r !== reference ? { ...measured, referenceRps: Math.round(reference.rps) } : measured;
  });
}

/** Peak resident set size of a process in MB (Linux VmHWM). */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Waits until a server started by the bench answers `url` below 500 (at most 150 s); throws if `child` exits first. */
export async function waitForServer(url: string, child: { exitCode: number | null }): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url}`);
}

/**
 * A fresh embedded PostgreSQL in a folder of its own under the system's temporary folder (`name` in both), migrated,
 * with the demo data when `demo` is set; `prepare` then works on it through the ORM before anything else connects (a
 * part's extra rows). `fast` trades durability for speed (embedded-db.ts). `dataDir` is the folder, free for the
 * bench's own files too; `stop` ends the database and removes the folder.
 */
export async function benchDatabase(
  name: string,
  options: { fast?: boolean; demo?: boolean; prepare?: (orm: MikroORM, url: string) => Promise<void> } = {},
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `taiken-${name}-`));
  const db = await startEmbeddedDatabase({ dir: path.join(dataDir, 'pg'), database: name.replaceAll('-', '_'), fast: options.fast });
  const stop = async () => {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const orm = await initOrm(db.url, { pool: 4 });
    try {
      await migrate(orm);
      if (options.demo) await orm.seeder.seed(DatabaseSeeder);
      await options.prepare?.(orm, db.url);
    } finally {
      await orm.close(true);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  // The first line of postmaster.pid is the postmaster's process id (the root of PostgreSQL's processes: cpuSeconds).
  const postmasterPid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { url: db.url, dataDir, postmasterPid, stop };
}

/**
 * A production server (`npm run serve`'s command line) of the build in `root` (this checkout unless given) on
 * `databaseUrl`, on a free port; `env` adds to or overrides its environment. Not yet answering: waitForServer.
 */
export async function startServer(databaseUrl: string, env: Record<string, string>, options: { flags?: string[]; root?: string } = {}) {
  const port = await freePort();
  const flags = options.flags ?? [];
  const child = spawn(process.execPath, [...flags, ...SERVER_ARGS], {
    cwd: options.root ?? path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      ...SERVER_ENV,
      ...PRODUCTION_TEST_ENV,
      NODE_ENV: 'production',
      SESSION_SECRET: 'benchmark-secret-0123456789',
      APP_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      DISABLE_WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Signs the demo guest in and returns its `sid=…` cookie (the proxy header lets the Secure cookie be set over http). */
export async function signInGuest(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ email: 'guest@example.com', password: DEMO_PASSWORD }),
  });
  const cookie = /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (res.status !== 201 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}
