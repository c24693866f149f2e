// A fresh folder for what a test run writes and throws away: the embedded PostgreSQL clusters above all. It is made
// in /dev/shm, a memory-backed file system, when the machine has one with room, and in the system's temporary folder
// otherwise (a container's /dev/shm is often 64 MB). A run clones a database for every test file: on the disk each
// clone, and removing the cluster at the end, waits on writes nobody needs (docs/decisions/operations.md, "Test
// databases in memory").
import { mkdtempSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The room a run's clusters take at most with a margin: one cluster with a clone per test file, and the servers'. */
const NEEDED_BYTES = 4 * 1024 ** 3;

function scratchRoot(): string {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= NEEDED_BYTES) return '/dev/shm';
  } catch {
    // no /dev/shm (not Linux)
  }
  return os.tmpdir();
}

const root = scratchRoot();

/**
 * A new empty folder whose name starts with `prefix`, which starts with `taiken-` (what a run killed before its
 * teardown leaves is found by that name); the caller removes it.
 */
export function scratchDir(prefix: `taiken-${string}`): string {
  return mkdtempSync(path.join(root, prefix));
}
