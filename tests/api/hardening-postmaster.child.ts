// Child process for hardening-postmaster.test.ts: starts the embedded PostgreSQL on the folder given as argument,
// prints READY <pid of the postmaster>, and stops it on SIGTERM. A failed start prints the reason and exits 1.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedDatabase } from '#src/lib/embedded-db';

const dir = process.argv[2] ?? '';
try {
  const db = await startEmbeddedDatabase({ dir, database: 'app', fast: true });
  const postmaster = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0];
  console.log(`READY ${postmaster}`);
  process.once('SIGTERM', () => {
    db.stop().then(() => process.exit(0));
  });
  setInterval(() => {}, 1000);
} catch (error) {
  console.error(`FAILED ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
