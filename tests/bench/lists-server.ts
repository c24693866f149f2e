// The admin lists benchmark's server (tests/bench/admin-lists.ts): the app's API (no pages) on DATABASE_URL, in a
// process of its own started with the production V8 flags, so that what the bench measures is the server as
// production runs it, not one sharing its heap and event loop with the bench's clients. It counts the statements every
// pg client of the process sends (the session store's pool and the ORM's) and talks to its parent over the IPC
// channel: it sends { port } once listening, answers 'statements' with { statements } (the count so far) and closes
// on 'close'.
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { parseEnv } from '#src/lib/env';
import { createRoot } from '#src/root';
import { createApp } from '#server/app';

export type ListsServerMessage = { port: number } | { statements: number };

let statementsSent = 0;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statementsSent++;
  return clientQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

const send = (message: ListsServerMessage) => process.send?.(message);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !process.send) throw new Error('lists-server.ts runs as the lists benchmark’s child, with DATABASE_URL');

const env = parseEnv({ NODE_ENV: 'development', LOG_LEVEL: 'warn', DISABLE_WORKERS: '1', PUBLIC_CACHE_SECONDS: '0' });
const root = await createRoot({ env, databaseUrl });
const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
const built = await createApp({ services: root.services, orm: root.orm, pool, pages: false });
const server = built.app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));

process.on('message', async (message) => {
  if (message === 'statements') send({ statements: statementsSent });
  if (message === 'close') {
    await new Promise((resolve) => server.close(resolve));
    await built.close();
    await pool.end();
    await root.close();
    process.disconnect();
  }
});
send({ port: (server.address() as AddressInfo).port });
