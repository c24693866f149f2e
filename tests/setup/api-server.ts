// A tiny server entry for tests that need several server processes (tests/api/reservations-concurrency.test.ts):
// the real app (createApp, no pages, so no build is needed) on DATABASE_URL, listening on PORT (0 = any).
// Prints "READY <port>" once it accepts requests.
import pg from 'pg';
import { parseEnv } from '#src/lib/env';
import { createRoot } from '#src/root';
import { createApp } from '#server/app';
import { startWorkers } from '#src/modules/mail/mail.worker';

const env = parseEnv();
if (!env.DATABASE_URL) throw new Error('DATABASE_URL is required');
const root = await createRoot({ env, pool: 10 });
const { services, orm } = root;
const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 5 });
const { app } = await createApp({ services, orm, pool, pages: false });
const stopWorkers = env.DISABLE_WORKERS === '1' ? null : startWorkers(services, { sweepEveryMs: 1_000 });
const server = app.listen(env.PORT, () => {
  const address = server.address();
  console.log(`READY ${typeof address === 'object' && address ? address.port : env.PORT}`);
});
process.once('SIGTERM', async () => {
  server.close();
  server.closeAllConnections();
  await stopWorkers?.();
  await pool.end();
  await root.close();
  process.exit(0);
});
