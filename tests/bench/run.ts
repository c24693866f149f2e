// npm run bench: the production build with the demo data, measured with autocannon (50 connections) next to a
// bare node:http hello-world server in the same run. Not part of npm test. Prints req/s, p99, ratio, peak memory,
// and how long the demo seed takes on a fresh migrated database (budget: SEED_BUDGET_MS); then the inquiry export
// (tests/bench/export.ts), and the Lighthouse scores of four pages (tests/bench/lighthouse.ts). `npm run bench -- export`
// runs only the export benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startEmbeddedDatabase } from '#src/lib/embedded-db';
import { initOrm, migrate } from '#src/lib/orm';
import { DatabaseSeeder } from '#seeds/DatabaseSeeder';
import { benchExport } from '#tests/bench/export';
import { lighthouseReport, signInGuest } from '#tests/bench/lighthouse';

const root = path.resolve(import.meta.dirname, '../..');
// The same V8 flags as `npm run serve` (package.json config.node_flags).
const NODE_FLAGS: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).config.node_flags.split(/\s+/);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** The demo seed should stay well under this on the 2-core machine (it runs at the first `npm start`). */
const SEED_BUDGET_MS = 15_000;

function peakRssMb(pid: number): number {
  // VmHWM is the peak resident set size of the process (Linux).
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url}`);
}

async function measure(title: string, url: string) {
  // A short warm-up so JIT and caches are in their steady state.
  await autocannon({ url, connections: 10, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  const non2xx = result.non2xx + result.errors;
  return { title, rps: Math.round(result.requests.average), p99: result.latency.p99, non2xx };
}

/** Milliseconds the demo seed takes on a fresh, migrated embedded database. */
async function measureSeed(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'taiken-bench-seed-'));
  const db = await startEmbeddedDatabase({ dir: path.join(dir, 'pg'), database: 'bench_seed', fast: true });
  try {
    const orm = await initOrm(db.url, { pool: 2 });
    try {
      await migrate(orm);
      const started = performance.now();
      await orm.seeder.seed(DatabaseSeeder);
      return Math.round(performance.now() - started);
    } finally {
      await orm.close(true);
    }
  } finally {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(path.join(root, 'dist/server/entry.mjs'))) throw new Error('Run `npm run build` first.');
  const seedMs = await measureSeed();
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'taiken-bench-'));
  try {
    const barePort = await freePort();
    const bare = spawn(
      process.execPath,
      [
        '-e',
        `require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'text/plain'});s.end('hello world')}).listen(${barePort})`,
      ],
      { stdio: 'inherit' },
    );
    children.push(bare);
    const appPort = await freePort();
    const app = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', 'server/index.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SESSION_SECRET: 'benchmark-secret-0123456789',
        APP_URL: `http://127.0.0.1:${appPort}`,
        PORT: String(appPort),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        DISABLE_WORKERS: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(app);
    const base = `http://127.0.0.1:${appPort}`;
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);
    await waitFor(`${base}/api/v1/categories`, app);

    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const id = /\/stories\/(\d+)</.exec(sitemap)?.[1];
    if (!id) throw new Error('no published experience in the sitemap');
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

    const rows = [await measure('bare node:http hello world', `http://127.0.0.1:${barePort}/`)];
    rows.push(await measure(`GET /stories/${id} (SSR, signed out)`, `${base}/stories/${id}`));
    rows.push(await measure(`GET /api/v1/experiences/${id}`, `${base}/api/v1/experiences/${id}`));
    rows.push(
      await measure(
        `GET /api/v1/experiences/${id}/calendars (1 month)`,
        `${base}/api/v1/experiences/${id}/calendars?from_date=${from}&to_date=${to}`,
      ),
    );
    const peak = app.pid ? peakRssMb(app.pid) : 0;

    const bareRps = rows[0].rps;
    console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION}s each, ${os.cpus().length} cores\n`);
    console.log('| target | req/s | p99 ms | vs bare | non-2xx |');
    console.log('|---|---:|---:|---:|---:|');
    for (const r of rows) console.log(`| ${r.title} | ${r.rps} | ${r.p99} | ${((r.rps / bareRps) * 100).toFixed(1)}% | ${r.non2xx} |`);
    console.log(`\nserver peak memory (VmHWM): ${peak} MB`);
    console.log(`demo seed on a fresh database: ${seedMs} ms (budget ${SEED_BUDGET_MS} ms${seedMs > SEED_BUDGET_MS ? ', OVER' : ''})`);
    if (seedMs > SEED_BUDGET_MS) process.exitCode = 1;
    // Lighthouse on the same server, once the load has stopped (tests/bench/lighthouse.ts).
    const lighthouse = await lighthouseReport(base, await signInGuest(base));
    console.log(`\n${lighthouse.lines.join('\n')}`);
    if (!lighthouse.ok) process.exitCode = 1;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 3000));
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.argv[2];
if (only !== 'export') await main();
if (!(await benchExport())) process.exitCode = 1;
