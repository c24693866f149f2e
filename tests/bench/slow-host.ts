// The server side as a slower host: the search goal must hold on a machine whose Lighthouse benchmarkIndex is
// SLOW_HOST_INDEX (the one the browser goals' second pass stands for, tests/bench/lighthouse.ts). This machine's index
// is measured the way Lighthouse measures it (its own benchmark function, run in Debian's Chromium), and the kernel's
// CPU bandwidth control (a cgroup's CPU quota) then gives the uncached server and PostgreSQL that share of this
// machine's CPU: the server one core's share (its JavaScript runs on one thread), PostgreSQL every core's (one
// process per connection). The bench's own client stays outside, as a visitor's browser would be.
//
// A quota is not a slower processor: a process runs at full speed until its share of each period is spent, then waits
// for the next one. The period is short (10 ms) so that one answer's latency spans several periods and comes out as on
// a processor slower by the same factor. Needs root and a writable cgroup `cpu` controller (v1 or v2); elsewhere the
// bench says so and does not count the goal.
//
// A quota is a ceiling, not a guarantee: on this shared machine the other engineers' processes compete for the same
// cores, and a group competes with them as one task (its weight, the default cpu.shares or cpu.weight, is that of one
// process however many processes it holds), so under load PostgreSQL's busy backends together got one task's turn and
// the server less than its quota, and the run measured the other work rather than the slower host. The slower host is
// a machine of its own, so the groups get the controller's highest weight: each gets its quota whenever it wants it,
// and never more. The bench's own process, the search's client (a visitor's browser on another machine), gets the same
// weight without a quota, and so does the benchmarkIndex measurement: a busy machine read a low index (less than
// two-thirds of the quiet figure at a load of twelve), hence a generous quota, which swung the result from run to run.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { processTree, type ServerAndDatabase } from '#tests/bench/harness';
import { SLOW_HOST_INDEX } from '#tests/bench/lighthouse';
import { CHROMIUM } from '#tests/setup/chromium';
import { median } from '#tests/bench/stats';

const PERIOD_US = 10_000;

/**
 * This machine's Lighthouse benchmarkIndex: the median of seven runs of Lighthouse's function in Chromium, after one
 * left out. Measure it while nothing of the bench runs: the function counts iterations per wall-clock second, so a busy
 * machine reads slower.
 */
export async function machineBenchmarkIndex(): Promise<number> {
  // Chromium is started from a group of the highest weight (its processes inherit it), so the other work on this
  // shared machine does not read as a slower machine; without a writable controller it runs as any process.
  const controller = cpuController();
  const group = controller?.group(`taiken-bench-index-${process.pid}`);
  const prioritised = controller !== null && group !== undefined && joinPriorityGroup(controller, group);
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage();
      const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
      // The first run is left out: it overlaps Chromium's own start (its other processes still starting).
      await page.evaluate(source);
      const runs: number[] = [];
      for (let i = 0; i < 7; i++) runs.push(Math.round(await page.evaluate(source)));
      return median(runs);
    } finally {
      await browser.close();
    }
  } finally {
    if (prioritised && controller && group) leaveGroup(controller, group);
  }
}

/** Moves this process into a new group of the highest weight and no quota; false when the controller refuses. */
function joinPriorityGroup(controller: Controller, group: string): boolean {
  try {
    mkdirSync(group);
    controller.prioritise(group);
    writeFileSync(controller.procs(group), String(process.pid));
    return true;
  } catch {
    leaveGroup(controller, group);
    return false;
  }
}

/** This process back to the root group, and the group removed (Chromium has exited by then). */
function leaveGroup(controller: Controller, group: string): void {
  moveAll([process.pid], controller.root);
  removeGroups([group]);
}

interface Controller {
  /** A new group's folder under the controller. */
  group(name: string): string;
  /** Limits a group to `cores` cores' worth of CPU time per period. */
  limit(group: string, cores: number): void;
  /** Gives a group the controller's highest weight: it is served first whenever it wants the CPU (within its quota). */
  prioritise(group: string): void;
  /** The file a process id is written to, to move the process (all its threads) into a group. */
  procs(group: string): string;
  /** The root group's procs file, where the processes go back. */
  root: string;
}

function cpuController(): Controller | null {
  const v2 = '/sys/fs/cgroup';
  const v2Controllers = path.join(v2, 'cgroup.controllers');
  if (existsSync(v2Controllers) && readFileSync(v2Controllers, 'utf8').split(/\s+/).includes('cpu')) {
    return {
      group: (name) => path.join(v2, name),
      limit: (group, cores) => {
        // A v2 group has the cpu controller's files only when its parent hands the controller down.
        writeFileSync(path.join(v2, 'cgroup.subtree_control'), '+cpu');
        writeFileSync(path.join(group, 'cpu.max'), `${Math.round(cores * PERIOD_US)} ${PERIOD_US}`);
      },
      prioritise: (group) => {
        writeFileSync(path.join(v2, 'cgroup.subtree_control'), '+cpu');
        writeFileSync(path.join(group, 'cpu.weight'), '10000');
      },
      procs: (group) => path.join(group, 'cgroup.procs'),
      root: path.join(v2, 'cgroup.procs'),
    };
  }
  const v1 = '/sys/fs/cgroup/cpu';
  if (existsSync(path.join(v1, 'cpu.cfs_quota_us'))) {
    return {
      group: (name) => path.join(v1, name),
      limit: (group, cores) => {
        writeFileSync(path.join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
        writeFileSync(path.join(group, 'cpu.cfs_quota_us'), String(Math.round(cores * PERIOD_US)));
      },
      prioritise: (group) => writeFileSync(path.join(group, 'cpu.shares'), '262144'),
      procs: (group) => path.join(group, 'cgroup.procs'),
      root: path.join(v1, 'cgroup.procs'),
    };
  }
  return null;
}

function moveAll(pids: number[], procsFile: string) {
  for (const pid of pids) {
    try {
      writeFileSync(procsFile, String(pid));
    } catch {
      // The process ended in between (a backend whose connection closed).
    }
  }
}

/** Removes the groups; false when one still holds a process. */
function removeGroups(groups: string[]): boolean {
  let removed = true;
  for (const group of groups) {
    try {
      if (existsSync(group)) rmdirSync(group);
    } catch {
      removed = false;
    }
  }
  return removed;
}

export type SlowHostResult<T> =
  | { measured: true; index: number; share: number; value: T }
  | { measured: false; index: number; reason: string };

/**
 * Runs `fn` with the server (`serverPid`) at SLOW_HOST_INDEX ÷ this machine's `index` (machineBenchmarkIndex) of one
 * core and PostgreSQL (`databasePid`, its postmaster: new backends inherit its group) at the same share of every core,
 * and this process (the client `fn` runs) without a quota, all three at the highest weight; all go back to the root
 * group afterwards, whatever `fn` does.
 */
export async function asSlowerHost<T>(index: number, pids: ServerAndDatabase, fn: () => Promise<T>): Promise<SlowHostResult<T>> {
  const serverPid = pids.server;
  const databasePid = pids.database;
  const controller = cpuController();
  if (!controller) return { measured: false, index, reason: 'no cgroup cpu controller on this machine' };
  const share = SLOW_HOST_INDEX / index;
  if (share >= 1) return { measured: false, index, reason: `this machine (benchmarkIndex ${index}) is no faster than the slower host` };
  const server = controller.group(`taiken-bench-server-${process.pid}`);
  const database = controller.group(`taiken-bench-database-${process.pid}`);
  const client = controller.group(`taiken-bench-client-${process.pid}`);
  try {
    for (const group of [server, database, client]) {
      mkdirSync(group);
      controller.prioritise(group);
    }
    controller.limit(server, share);
    controller.limit(database, share * os.cpus().length);
  } catch (error) {
    removeGroups([server, database, client]);
    return { measured: false, index, reason: `the cgroup cpu controller is not writable: ${(error as Error).message}` };
  }
  try {
    moveAll([serverPid], controller.procs(server));
    moveAll(processTree(databasePid), controller.procs(database));
    moveAll([process.pid], controller.procs(client));
    return { measured: true, index, share, value: await fn() };
  } finally {
    // Back to the root group, then the groups removed; a backend forked while the others moved goes on the next
    // round, so no process of the run stays limited.
    for (let round = 0; round < 5; round++) {
      moveAll(processTree(serverPid), controller.root);
      moveAll(processTree(databasePid), controller.root);
      moveAll([process.pid], controller.root);
      if (removeGroups([server, database, client])) break;
    }
  }
}
