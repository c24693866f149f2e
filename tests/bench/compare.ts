// `npm run bench -- compare <checkout>`: this checkout's build against another's, side by side on one database, for
// a change to a page's server work. On this machine a server's rate swings by more than such a change between runs,
// so two bench runs one after the other (old, new) cannot tell a 5% change from the swing; here both builds run
// beside each other, each target in turn on each build, the order of the builds swapped every round, so a swing falls
// on both alike. Each build's figures: req/s (the rounds' mean), the CPU time a request cost its server process (every
// thread) and PostgreSQL, and each page's share of `/logon` measured on the same build.
//
// <checkout> is another working tree of this repository with its dependencies and its own `npm run build` (for
// example `git worktree add ../before <commit>`, then `npm ci && npm run build` there). The database is migrated and
// seeded by this checkout, so both builds must work on its schema. BENCH_COMPARE_ROUNDS (default 6) sets the rounds,
// BENCH_SECONDS (default 10) their length: each run of a target is half of it (at least 2 s).
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertBuilt } from '#tests/setup/built';
import { stopChild } from '#tests/setup/server-process';
import type { LoadTarget } from '#tests/bench/load-client';
import {
  CONNECTIONS,
  cpuSeconds,
  cpuSpent,
  DURATION,
  benchDatabase,
  load,
  signInGuest,
  startServer,
  waitForServer,
} from '#tests/bench/harness';

const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 6);

/** The targets: the reference page, the experience page signed out and signed in (tests/bench/detail.ts's rows). */
const TARGETS = [
  { name: '/logon', path: '/logon', signedIn: false },
  { name: '/stories/{id} signed out', path: '/stories/{id}', signedIn: false },
  { name: '/stories/{id} signed in', path: '/stories/{id}', signedIn: true },
] as const;

interface Tally {
  rps: number[];
  requests: number;
  server: number;
  database: number;
}

/** Returns false when the other checkout has no build to run. */
export async function benchCompare(other: string | undefined): Promise<boolean> {
  assertBuilt();
  const otherRoot = other ? path.resolve(other) : '';
  if (!otherRoot || !existsSync(path.join(otherRoot, 'dist/node/server.mjs'))) {
    console.error(
      `usage: npm run bench -- compare <checkout>: a checkout with its own build (npm run build there); not found: ${otherRoot}`,
    );
    return false;
  }
  const builds = [
    { name: 'other', root: otherRoot },
    { name: 'this', root: path.resolve(import.meta.dirname, '../..') },
  ];
  const db = await benchDatabase('bench-compare', { demo: true });
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (const build of builds) {
      servers.push(await startServer(db.url, { PUBLIC_CACHE_SECONDS: '0', LOG_LEVEL: 'warn' }, { root: build.root }));
    }
    for (const server of servers) await waitForServer(`${server.url}/api/v1/categories`, server.child);
    const sitemap = await (await fetch(`${servers[1].url}/sitemap.xml`)).text();
    const experienceId = /\/stories\/(\d+)</.exec(sitemap)?.[1];
    if (!experienceId) throw new Error('no published experience in the sitemap');
    const cookies = await Promise.all(servers.map((server) => signInGuest(server.url)));
    const of = (b: number, t: (typeof TARGETS)[number]): LoadTarget => ({
      url: `${servers[b].url}${t.path.replace('{id}', experienceId)}`,
      headers: t.signedIn ? { cookie: cookies[b] } : {},
      uniqueQuery: false,
    });
    // Warm-up: V8 compiles each path before the rounds count it.
    for (const [b] of builds.entries()) for (const t of TARGETS) await load(of(b, t), 10, 3);
    const seconds = Math.max(2, Math.round(DURATION / 2));
    const tallies = builds.map(() => TARGETS.map((): Tally => ({ rps: [], requests: 0, server: 0, database: 0 })));
    for (let round = 0; round < ROUNDS; round++) {
      for (const b of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const pid = servers[b].child.pid ?? 0;
        for (const [i, t] of TARGETS.entries()) {
          const before = { server: cpuSeconds(pid), database: cpuSeconds(db.postmasterPid) };
          const result = await load(of(b, t), CONNECTIONS, seconds);
          const tally = tallies[b][i];
          tally.server += cpuSpent(before.server, cpuSeconds(pid));
          tally.database += cpuSpent(before.database, cpuSeconds(db.postmasterPid));
          tally.requests += result.total;
          tally.rps.push(Math.round(result.average));
          if (result.non2xx + result.errors > 0)
            throw new Error(`${builds[b].name} ${t.name}: ${result.non2xx + result.errors} failed requests`);
        }
      }
    }
    print(builds, tallies, seconds);
    return true;
  } finally {
    await Promise.all(servers.map((server) => stopChild(server.child)));
    await db.stop();
  }
}

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

function print(builds: { name: string; root: string }[], tallies: Tally[][], seconds: number): void {
  const loadAverage = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  console.log(
    `\n${builds[0].root} (other) against ${builds[1].root} (this): ${ROUNDS} rounds of ${seconds} s a target, ${CONNECTIONS} connections, load average ${loadAverage}\n`,
  );
  console.log(
    '| target | req/s other → this | server µs/req other → this | PostgreSQL µs/req other → this | share of /logon other → this |',
  );
  console.log('|---|---:|---:|---:|---:|');
  const µs = (tally: Tally, of: 'server' | 'database') => Math.round((tally[of] / tally.requests) * 1e6);
  const change = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)}%`;
  for (const [i, t] of TARGETS.entries()) {
    const [a, b] = [tallies[0][i], tallies[1][i]];
    const share = (tally: Tally, reference: Tally) => `${((mean(tally.rps) / mean(reference.rps)) * 100).toFixed(1)}%`;
    const shares = i === 0 ? 'reference' : `${share(a, tallies[0][0])} → ${share(b, tallies[1][0])}`;
    console.log(
      `| ${t.name} | ${Math.round(mean(a.rps))} → ${Math.round(mean(b.rps))} (${change(mean(a.rps), mean(b.rps))}) | ${µs(a, 'server')} → ${µs(b, 'server')} (${change(µs(a, 'server'), µs(b, 'server'))}) | ${µs(a, 'database')} → ${µs(b, 'database')} | ${shares} |`,
    );
  }
  console.log('\nreq/s of each round (other / this):');
  for (const [i, t] of TARGETS.entries()) console.log(`- ${t.name}: ${tallies[0][i].rps.join(' ')} / ${tallies[1][i].rps.join(' ')}`);
}
