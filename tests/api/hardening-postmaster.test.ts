// After kill -9 of the server, the orphaned embedded PostgreSQL still holds the data folder. The
// next start must stop it and start (not fail silently); a folder in use by a live server is refused with a reason.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDir } from '#tests/setup/scratch';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = path.join(scratchDir('taiken-h14-postmaster-'), 'pg');
const groupDir = path.join(scratchDir('taiken-h14-group-'), 'pg');
const children: ChildProcess[] = [];
const postmasters: number[] = [];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Starts the child; resolves with the postmaster pid (READY) or the failure (exit code and output). */
function start(mode = '', folder = dir): Promise<{ child: ChildProcess; postmaster: number | null; code: number | null; output: string }> {
  return new Promise((resolve) => {
    // Its own process group, like `npm start` in a terminal or a dyno: the tests signal the whole group.
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/hardening-postmaster.child.ts', folder, mode], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(child);
    let output = '';
    const onData = (d: Buffer) => {
      output += d;
      const match = /READY (\d+)/.exec(output);
      if (match) {
        postmasters.push(Number(match[1]));
        resolve({ child, postmaster: Number(match[1]), code: null, output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d) => (output += d));
    child.once('exit', (code) => resolve({ child, postmaster: null, code, output }));
  });
}

async function waitGone(pid: number, ms = 20_000) {
  for (let waited = 0; waited < ms && alive(pid); waited += 100) await new Promise((r) => setTimeout(r, 100));
}

// The folders go once every child has exited and every postmaster it started is gone (at once after passing tests).
afterAll(async () => {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  for (const pid of postmasters) await waitGone(pid);
  rmSync(path.dirname(groupDir), { recursive: true, force: true });
  rmSync(path.dirname(dir), { recursive: true, force: true });
});

describe('an orphaned postmaster on the data folder', () => {
  it('is stopped by the next start after kill -9; a folder held by a live server is refused with the reason', async () => {
    const first = await start();
    expect(first.postmaster, first.output).not.toBeNull();
    const orphan = first.postmaster as number;

    // A second start while the first server lives: refused, non-zero, with the reason; the first keeps its database.
    const rival = await start();
    expect(rival.postmaster).toBeNull();
    expect(rival.code).toBe(1);
    expect(rival.output).toContain('in use by another running server');
    expect(alive(orphan)).toBe(true);

    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(alive(orphan)).toBe(true);

    const next = await start();
    expect(next.postmaster, next.output).not.toBeNull();
    expect(next.postmaster).not.toBe(orphan);
    await waitGone(orphan);
    expect(alive(orphan)).toBe(false);

    next.child.kill('SIGTERM');
    await new Promise((resolve) => next.child.once('exit', resolve));
    await waitGone(next.postmaster as number);
    expect(alive(next.postmaster as number)).toBe(false);
  }, 120_000);
});

describe('SIGTERM to the whole process group', () => {
  it('leaves the embedded PostgreSQL up until the process has finished its work, then stops it', async () => {
    const server = await start('inflight', groupDir);
    expect(server.postmaster, server.output).not.toBeNull();
    let output = server.output;
    server.child.stdout?.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    // What a platform does: one SIGTERM to every process of the group at once.
    process.kill(-(server.child.pid as number), 'SIGTERM');
    expect(await exited).toBe(0);
    // The query in flight finished, and a new connection after the signal still worked.
    expect(output).toContain('AFTER ok ok');
    await waitGone(server.postmaster as number);
    expect(alive(server.postmaster as number)).toBe(false);
  }, 60_000);
});
