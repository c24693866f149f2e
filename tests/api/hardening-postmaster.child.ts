// Child process for hardening-postmaster.test.ts: starts the embedded PostgreSQL on the folder given as argument,
// prints READY <pid of the postmaster>, and stops it on SIGTERM. A failed start prints the reason and exits 1.
// With a third argument "inflight": a query is running when SIGTERM arrives; the handler lets it finish, then opens
// a new connection (as a request received before the signal would) and prints AFTER ok|failed before stopping.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import path from 'node:path';
import { startEmbeddedDatabase } from '#src/lib/embedded-db';

const dir = process.argv[2] ?? '';
try {
  const db = await startEmbeddedDatabase({ dir, database: 'app', fast: true });
  const postmaster = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0];
  const inflight = process.argv[3] === 'inflight' ? new pg.Client({ connectionString: db.url }) : null;
  let running: Promise<unknown> = Promise.resolve();
  if (inflight) {
    await inflight.connect();
    running = inflight.query('SELECT pg_sleep(1.5)');
  }
  process.once('SIGTERM', async () => {
    if (inflight) {
      const first = await running.then(
        () => 'ok',
        () => 'failed',
      );
      const later = new pg.Client({ connectionString: db.url });
      const second = await later
        .connect()
        .then(() => later.query('SELECT 1'))
        .then(
          () => 'ok',
          () => 'failed',
        );
      await later.end().catch(() => {});
      await inflight.end().catch(() => {});
      console.log(`AFTER ${first} ${second}`);
    }
    await db.stop();
    process.exit(0);
  });
  console.log(`READY ${postmaster}`);
  setInterval(() => {}, 1000);
} catch (error) {
  console.error(`FAILED ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
