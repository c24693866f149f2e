// npm run bench: the production build with the demo data, measured with autocannon (50 connections) next to a bare
// node:http hello-world server in the same run. Not part of npm test.
//
// One embedded PostgreSQL (migrated, demo seed, then each part's prepare step) serves two production servers: one
// with the default public cache and one with PUBLIC_CACHE_SECONDS=0 (the uncached path every signed-in guest takes).
// The rows come from the parts in tests/bench/parts.ts (tests/bench/harness.ts says how to write one). Prints req/s,
// p99, the share of bare, each row's goal, both servers' peak memory (goal ≤ 300 MB) and how long the demo seed takes
// on a fresh migrated database (budget: SEED_BUDGET_MS); then the inquiry export (tests/bench/export.ts); the Lighthouse scores are a part too (tests/bench/lighthouse.ts).
// `npm run bench -- export` runs only the export benchmark, `npm run bench -- http` only the HTTP one,
// `npm run bench -- receipt` only the receipt PDF (tests/bench/receipt.ts) beside bare node:http, `npm run bench --
// bad-inputs` only the run of bad inputs (tests/bench/bad-inputs.ts) and the servers' peak memory after it, `npm run bench
// -- payouts` only the payouts one (tests/bench/payouts.ts), `npm run bench -- dashboards` only the dashboards' chart
// statements on 100,000 reservations (tests/bench/dashboards.ts), `npm run bench -- lists` only the admin and portal
// lists' one (tests/bench/admin-lists.ts), `npm run bench -- start` only the start times of the CLI and the server
// (tests/bench/start.ts), `npm run bench -- search` only the /stories list and search (tests/bench/list.ts),
// `npm run bench -- lighthouse` only the Lighthouse scores (the same as `npm run lighthouse`: its own server),
// `npm run bench -- detail` only the experience page's rows (tests/bench/detail.ts), `npm run bench -- compare <checkout>`
// this checkout's build against another's, side by side (tests/bench/compare.ts).
// BENCH_SECONDS=n changes the 10 s per row;
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the uncached server (open it in Chrome DevTools).
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#src/lib/embedded-db';
import { DatabaseSeeder } from '#seeds/DatabaseSeeder';
import { assertBuilt } from '#tests/setup/built';
import { benchExport } from '#tests/bench/export';
import {
  type BenchPart,
  type BenchRow,
  type BenchRun,
  type GoalResult,
  CONNECTIONS,
  DURATION,
  benchDatabase,
  measure,
  peakRssMb,
  signInGuest,
  startServer,
  waitForServer,
} from '#tests/bench/harness';
import { parts as allParts } from '#tests/bench/parts';
import { receiptPart } from '#tests/bench/receipt';
import { badInputsPart } from '#tests/bench/bad-inputs';
import { benchPayouts } from '#tests/bench/payouts';
import { benchDashboards } from '#tests/bench/dashboards';
import { benchAdminLists } from '#tests/bench/admin-lists';
import { benchStart } from '#tests/bench/start';
import { listPart } from '#tests/bench/list';
import { detailPart } from '#tests/bench/detail';
import { lighthouseAlone } from '#tests/bench/lighthouse';
import { benchCompare } from '#tests/bench/compare';

/** The demo seed should stay well under this on the 2-core machine (it runs at the first `npm start`). */
const SEED_BUDGET_MS = 15_000;
const MEMORY_GOAL_MB = 300;

/** Milliseconds the demo seed takes on a fresh, migrated embedded database. */
async function measureSeed(): Promise<number> {
  let ms = 0;
  const db = await benchDatabase('bench-seed', {
    fast: true,
    prepare: async (orm) => {
      const started = performance.now();
      await orm.seeder.seed(DatabaseSeeder);
      ms = Math.round(performance.now() - started);
    },
  });
  await db.stop();
  return ms;
}

/** The HTTP table; returns each row goal as a pass/fail line for the goals table. */
function printTable(rows: BenchRow[]): GoalResult[] {
  const bare = rows[0].rps;
  const reference = rows.find((r) => r.reference);
  const goals: GoalResult[] = [];
  console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION}s each, ${os.cpus().length} cores\n`);
  console.log(`| target | req/s | p99 ms | vs bare | vs ${reference ? 'reference' : '–'} | goal | non-2xx |`);
  console.log('|---|---:|---:|---:|---:|---|---:|');
  for (const r of rows) {
    const share = (r.rps / bare) * 100;
    const referenceRps = r.referenceRps ?? reference?.rps;
    const ofReference = referenceRps ? (r.rps / referenceRps) * 100 : undefined;
    const row: GoalResult[] = [];
    if (r.goal !== undefined) row.push({ goal: `≥ ${r.goal}% of bare`, measured: `${share.toFixed(2)}%`, pass: share >= r.goal });
    if (r.referenceGoal !== undefined && ofReference !== undefined) {
      row.push({
        goal: `≥ ${r.referenceGoal}% of the reference`,
        measured: `${ofReference.toFixed(0)}%`,
        pass: ofReference >= r.referenceGoal,
      });
    }
    if (r.p99Goal !== undefined) row.push({ goal: `p99 ≤ ${r.p99Goal} ms`, measured: `${r.p99} ms`, pass: r.p99 <= r.p99Goal });
    const marks = row.map((g) => `${g.goal} ${g.pass ? 'ok' : 'MISSED'}`).join(', ');
    const vsReference = r.reference ? 'reference' : ofReference === undefined ? '' : `${ofReference.toFixed(0)}%`;
    console.log(`| ${r.title} | ${r.rps} | ${r.p99} | ${share.toFixed(2)}% | ${vsReference} | ${marks} | ${r.non2xx} |`);
    for (const g of row) goals.push({ ...g, goal: `${r.title}: ${g.goal}` });
  }
  const withCpu = rows.filter((r) => r.cpuUs);
  if (withCpu.length > 0) {
    console.log('\nCPU time a request over the alternating rounds (µs): the uncached server process / PostgreSQL\n');
    for (const r of withCpu) console.log(`- ${r.title}: ${Math.round(r.cpuUs?.server ?? 0)} / ${Math.round(r.cpuUs?.database ?? 0)}`);
  }
  return goals;
}

function printGoals(goals: GoalResult[]): void {
  console.log(`\ngoals: ${goals.filter((g) => g.pass).length} of ${goals.length} met\n`);
  console.log('| goal | measured | result |');
  console.log('|---|---:|---|');
  for (const g of goals) console.log(`| ${g.goal} | ${g.measured} | ${g.pass ? 'pass' : 'FAIL'} |`);
}

async function main(parts: BenchPart[]) {
  assertBuilt();
  const seedMs = await measureSeed();
  const children: ChildProcess[] = [];
  const db = await benchDatabase('bench', {
    demo: true,
    prepare: async (orm, url) => {
      for (const part of parts) await part.prepare?.({ url, orm });
    },
  });
  let ok = true;
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
    const cached = await startServer(db.url, {});
    children.push(cached.child);
    const profileDir = process.env.BENCH_CPU_PROF;
    const uncached = await startServer(
      db.url,
      { PUBLIC_CACHE_SECONDS: '0' },
      { flags: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [] },
    );
    children.push(uncached.child);
    await waitForServer(`http://127.0.0.1:${barePort}/`, bare);
    await waitForServer(`${cached.url}/api/v1/categories`, cached.child);
    await waitForServer(`${uncached.url}/api/v1/categories`, uncached.child);

    const sitemap = await (await fetch(`${cached.url}/sitemap.xml`)).text();
    const experienceId = Number(/\/stories\/(\d+)</.exec(sitemap)?.[1]);
    if (!experienceId) throw new Error('no published experience in the sitemap');
    const run: BenchRun = {
      bare: `http://127.0.0.1:${barePort}`,
      cached: cached.url,
      uncached: uncached.url,
      guestCookie: await signInGuest(uncached.url),
      experienceId,
      databaseUrl: db.url,
      uncachedPid: uncached.child.pid ?? 0,
      databasePid: db.postmasterPid,
    };

    const rows = [await measure('bare node:http hello world', `${run.bare}/`)];
    for (const part of parts) if (part.rows) rows.push(...(await part.rows(run)));
    const peaks = [cached, uncached].map((s) => (s.child.pid ? peakRssMb(s.child.pid) : 0));
    const goals = printTable(rows);
    console.log(
      `\nserver peak memory (VmHWM): cached ${peaks[0]} MB, uncached ${peaks[1]} MB (goal ≤ ${MEMORY_GOAL_MB} MB${Math.max(...peaks) > MEMORY_GOAL_MB ? ', MISSED' : ''})`,
    );
    for (const part of parts) {
      if (!part.report) continue;
      const report = await part.report(run);
      console.log(`\n${part.name}\n${report.lines.join('\n')}`);
      if (!report.ok) ok = false;
      goals.push(...(report.goals ?? []));
    }
    const after = [cached, uncached].map((s) => (s.child.pid ? peakRssMb(s.child.pid) : 0));
    console.log(
      `\nserver peak memory after every part (the bad inputs too): cached ${after[0]} MB, uncached ${after[1]} MB (goal ≤ ${MEMORY_GOAL_MB} MB${Math.max(...after) > MEMORY_GOAL_MB ? ', MISSED' : ''})`,
    );
    for (const [i, name] of ['cached', 'uncached'].entries()) {
      goals.push({
        goal: `peak RSS of the ${name} server ≤ ${MEMORY_GOAL_MB} MB`,
        measured: `${after[i]} MB`,
        pass: after[i] <= MEMORY_GOAL_MB,
      });
    }
    printGoals(goals);
    console.log(`demo seed on a fresh database: ${seedMs} ms (budget ${SEED_BUDGET_MS} ms${seedMs > SEED_BUDGET_MS ? ', OVER' : ''})`);
    if (seedMs > SEED_BUDGET_MS) ok = false;
  } finally {
    // SIGTERM: the servers shut down gracefully (a --cpu-prof server writes its profile as it exits).
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 3000));
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await db.stop();
  }
  if (!ok) process.exitCode = 1;
}

const only = process.argv[2];
if (only === 'receipt') await main([receiptPart]);
else if (only === 'bad-inputs') await main([badInputsPart]);
else if (only === 'search') await main([listPart]);
else if (only === 'detail') await main([detailPart]);
else if (only === 'lists') {
  if (!(await benchAdminLists())) process.exitCode = 1;
} else if (only === 'start') {
  if (!(await benchStart())) process.exitCode = 1;
} else if (only === 'payouts') {
  if (!(await benchPayouts())) process.exitCode = 1;
} else if (only === 'dashboards') {
  if (!(await benchDashboards())) process.exitCode = 1;
} else if (only === 'compare') {
  if (!(await benchCompare(process.argv[3]))) process.exitCode = 1;
} else if (only === 'lighthouse') {
  await lighthouseAlone();
} else {
  if (only !== 'export') await main(allParts);
  if (only !== 'http' && !(await benchExport())) process.exitCode = 1;
  if (only === undefined && !(await benchPayouts())) process.exitCode = 1;
  if (only === undefined && !(await benchDashboards())) process.exitCode = 1;
}
